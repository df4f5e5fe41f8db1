/**
 * Uploads: POST /index/upload (local mode), the direct-to-object-store mode, the attachment rows,
 * the storage adapter behind them, and who may read a file.
 *
 * Contract for other areas (topics in use: avatar, topup, insured, seal, sealfile, claim, endorse,
 * invoice):
 * - Owner model: every member has their own `attachment` row (`user_id` = owner), even when the
 *   bytes are identical to another member's (then both rows name one stored object, `path`).
 *   A `file_id` a member sends is theirs only if `findOwnFile(db, userId, id, topic?)` finds it;
 *   otherwise answer 404 like any other record of someone else.
 * - `readFileBytes(getStorage(), file)`: the bytes (null when the object is gone).
 * - `storeServerFile(db, getStorage(), {userId, topic, name, mime, bytes})`: bytes the server
 *   made, stored as the member's own file (their own row, bytes stored once).
 * - Reading by URL: files are private. `file.path` as `/${path}` (the API's `url`) serves only
 *   to its owner (session cookie or token header); topics in `PUBLIC_TOPICS` (`avatar`) serve
 *   to anyone; everyone else gets 404.
 * - Showing someone else's file (an operator holding a rule, a team manager, a page that shares
 *   it on purpose): do your own check first, then `await fileUrlFor(db, viewerId, file)` — the
 *   plain URL when the viewer may read it anyway, else `signedFileUrl(db, file, ttl?)`, a
 *   short-lived bearer URL (`?exp=&sig=`, 10 minutes by default). `canReadFile(viewerId, file)`
 *   answers the plain-URL question without a URL; `findFileById` finds a file by id whoever
 *   owns it (only after your own rule check).
 * - Direct mode: the page CSP must allow `connect-src` to `directUploadOrigins()` (the store).
 */
export { presentFile, UPLOAD_PATH, uploadRouter, type UploadedFile } from './router';
export { type AttachmentRow, findByPath, findFileById, findOwnFile, readFileBytes } from './attachments';
export { storeServerFile, type ServerFileInput } from './service';
export { getStorage, LocalStorage, resolveInside, setStorage, type StorageAdapter, uploadsDir } from './storage';
export { contentDisposition, serveStored, STORAGE_PREFIX, type Viewer } from './serve';
export { canReadFile, FILE_URL_TTL, fileUrlFor, isPublicTopic, PUBLIC_TOPICS, signedFileUrl, verifyFileSignature } from './access';
export { directUploadOrigins, S3Storage, s3ConfigFromEnv, s3ConfigProblem, type S3Config } from './s3-storage';
export { DIRECT_MODE, uploadConfigFor } from './direct';
export { assertFileKind, type FileFamily, familyOf } from './kinds';
