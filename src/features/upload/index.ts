/** Uploads: POST /index/upload (local mode), the attachment rows and the storage adapter behind them. */
export { presentFile, UPLOAD_PATH, uploadRouter, type UploadedFile } from './router';
export {
  findByPath,
  findOwnFile,
  readFileBytes,
  storeServerFile,
  type AttachmentRow,
  type ServerFileInput,
} from './service';
export { getStorage, LocalStorage, resolveInside, setStorage, type StorageAdapter, uploadsDir } from './storage';
export { contentDisposition, serveStored, STORAGE_PREFIX } from './serve';
