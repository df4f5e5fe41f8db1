/** Uploads: POST /index/upload (local mode), the attachment rows and the storage adapter behind them. */
export { presentFile, UPLOAD_PATH, uploadRouter, type UploadedFile } from './router';
export { findByPath, type AttachmentRow } from './service';
export { getStorage, LocalStorage, resolveInside, setStorage, type StorageAdapter, uploadsDir } from './storage';
export { contentDisposition, serveStored, STORAGE_PREFIX } from './serve';
