/**
 * Direct mode: the browser uploads straight to the object store with a presigned POST, then
 * reports the object (`POST /ajax/uploadCallback`). Objects land under `incoming/<member key>/`,
 * a prefix the member's policy allows and no one else's does; the portal then checks the object
 * (it exists, its size and SHA-1 are what the browser said, its content passes the same checks
 * as a local upload), de-duplicates, and moves it to its final key — so keys under `storage/`
 * are only ever written by the server, and a member cannot overwrite a stored file later with
 * a still-valid policy. The incoming object is always removed.
 */
import { createHmac } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { UploadConfig } from '~/lib/types';
import type { Db } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { getSigningSecret } from '~/server/session';
import { presignPost, type S3Storage } from './s3-storage';
import type { AttachmentRow } from './attachments';
import { HEAD_BYTES, storeReceived, type UploadSettings } from './service';
import type { StorageAdapter } from './storage';

/** The `upload.mode` value that turns direct uploads on. */
export const DIRECT_MODE = 's3';
/** How long a presigned policy is valid. */
export const POLICY_TTL = 15 * 60;
/** Form fields whose name starts with this are ignored by S3 (and not in the policy): the browser reads them. */
const IGNORED = 'x-ignore-';

export const isObjectStore = (s: StorageAdapter): s is S3Storage => s.name === 's3' && 'client' in s;

/** `incoming/<16 url-safe characters>/`: the member's own prefix, not guessable from their id. */
export async function incomingPrefix(db: Db, userId: number): Promise<string> {
  const mac = createHmac('sha256', await getSigningSecret(db))
    .update(`upload-prefix\n${userId}`)
    .digest('base64url');
  return `incoming/${mac.slice(0, 16).replace(/[-_]/g, 'x')}/`;
}

/**
 * The site's upload config as a browser needs it. Direct mode (`upload.mode` = 's3' and an object
 * store configured) adds `url` (the form's action) and `params`: the signed policy fields, plus
 * `x-ignore-key-prefix` (every key must start with it) and `x-ignore-expires` (Unix seconds; ask
 * `POST /index/qiniutoken` for fresh ones before then). Otherwise the config is local mode.
 */
export async function uploadConfigFor(db: Db, userId: number, upload: UploadConfig, storage: StorageAdapter): Promise<UploadConfig> {
  const { url: _url, params: _params, ...rest } = upload;
  if (upload.mode !== DIRECT_MODE || !isObjectStore(storage)) return { ...rest, mode: 'local' };
  const post = presignPost(storage.config, {
    keyPrefix: await incomingPrefix(db, userId),
    maxSize: upload.maxSize,
    ttlSeconds: POLICY_TTL,
  });
  return {
    ...rest,
    mode: DIRECT_MODE,
    url: post.url,
    params: { ...post.fields, [`${IGNORED}key-prefix`]: post.keyPrefix, [`${IGNORED}expires`]: post.expiresAt },
  };
}

/** What the browser reports after its upload to the store. */
export interface CallbackInput {
  url: string;
  name: string;
  size: number;
  type: string;
  sha1: string;
  topic: string;
}

const notInStore = () => new DomainError('upload.notInStore', { status: 404, code: Codes.NOT_FOUND, field: 'url' });
const incomplete = () => new DomainError('upload.incomplete', { status: 400, code: Codes.VALIDATION, field: 'file' });
export const storeError = () => new DomainError('upload.storeError', { status: 502, code: Codes.SERVER_ERROR });

/** The object key a reported URL names: `…/<bucket>/<key>`, `/<key>` or `<key>`, percent-decoded. */
export function keyFromUrl(url: string, bucket: string): string | null {
  let path: string;
  try {
    path = /^https?:\/\//i.test(url) ? new URL(url).pathname : (url.split(/[?#]/)[0] ?? '');
    path = path
      .split('/')
      .map((s) => decodeURIComponent(s))
      .join('/');
  } catch {
    return null;
  }
  path = path.replace(/^\/+/, '');
  if (path.startsWith(`${bucket}/incoming/`)) path = path.slice(bucket.length + 1);
  return path || null;
}

const SEGMENT = /^[\p{L}\p{N}_.-]{1,200}$/u;

/**
 * Check and record an object the member uploaded to the store: theirs (under their prefix), there,
 * of the reported size and SHA-1, passing every upload check; then de-duplicated and moved to its
 * final key. 404 when it is not there (or not theirs), 400 when it differs from the report.
 */
export async function recordDirectUpload(
  db: Db,
  storage: S3Storage,
  settings: UploadSettings,
  userId: number,
  input: CallbackInput,
): Promise<AttachmentRow> {
  const key = keyFromUrl(input.url, storage.config.bucket);
  const prefix = await incomingPrefix(db, userId);
  if (!key?.startsWith(prefix) || key.length > 1024) throw notInStore();
  if (!key.split('/').every((s) => SEGMENT.test(s) && !/^\.+$/.test(s))) throw notInStore();

  let size: number | null;
  try {
    size = await storage.size(key);
  } catch {
    throw storeError();
  }
  if (size === null) throw notInStore();
  const drop = () => storage.delete(key).catch(() => {});
  if (size !== input.size) {
    await drop();
    throw incomplete();
  }
  // Never pull more than the site allows (the policy caps it too, but a store may not enforce it).
  if (size > settings.maxSize) {
    await drop();
    throw new DomainError('upload.tooLarge', { status: 413, code: Codes.TOO_LARGE, field: 'file' });
  }

  // Pull it through a spool file, hashing on the way: the same path as a local upload from here.
  await mkdir(storage.scratchDir, { recursive: true });
  const spoolPath = join(storage.scratchDir, `${crypto.randomUUID()}.part`);
  const hasher = new Bun.CryptoHasher('sha1');
  const head: Uint8Array[] = [];
  let headLen = 0;
  let got = 0;
  const out = await open(spoolPath, 'w', 0o600);
  try {
    const reader = storage.client.file(key).stream().getReader();
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) break;
      got += chunk.byteLength;
      if (got > size) throw incomplete();
      hasher.update(chunk);
      if (headLen < HEAD_BYTES) {
        const take = chunk.slice(0, HEAD_BYTES - headLen);
        head.push(take);
        headLen += take.byteLength;
      }
      await out.write(chunk);
    }
  } catch (err) {
    await out.close().catch(() => {});
    await rm(spoolPath, { force: true });
    await drop();
    throw err instanceof DomainError ? err : storeError();
  }
  await out.close();
  await drop();
  const sha1 = hasher.digest('hex');
  if (got !== size || sha1 !== input.sha1.toLowerCase()) {
    await rm(spoolPath, { force: true });
    throw incomplete();
  }
  try {
    return await storeReceived(db, storage, settings, {
      userId,
      topic: input.topic,
      name: input.name,
      type: input.type,
      size,
      sha1,
      head: Buffer.concat(head, headLen),
      source: { kind: 'file', path: spoolPath },
    });
  } finally {
    await rm(spoolPath, { force: true });
  }
}
