import { Hono } from 'hono';
import { Codes, DomainError } from '~/server/errors';
import type { ApiEnv } from '~/server/http/api-env';
import { requireMember } from '~/server/session';
import { getSiteConfig } from '~/server/site-config';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { rm } from 'node:fs/promises';
import { MULTIPART_OVERHEAD, receiveUpload } from './receive';
import { type UploadedFile, uploadFieldsSchema } from './schemas';

export type { UploadedFile };
import { type AttachmentRow, storeReceived } from './service';
import { getStorage } from './storage';

/** The route whose body the API's pipeline leaves unread: this handler streams it under its own cap. */
export const UPLOAD_PATH = '/index/upload';

export function presentFile(row: AttachmentRow, base: string): UploadedFile {
  const url = `/${row.path}`;
  return {
    id: row.id,
    url,
    full_url: `${base.replace(/\/+$/, '')}${url}`,
    name: row.name,
    size: row.size,
    type: row.mime,
    sha1: row.sha1,
    topic: row.topic,
    storage: row.storage,
    width: row.width,
    height: row.height,
  };
}

/**
 * POST /index/upload (multipart `file`, optional `topic` or `filepath`): a member's file, checked
 * in the spec's order (name and size, type, size), then by its content; stored once per sha1 +
 * topic. `data: {file: {id, url, full_url, name, size, type, sha1, topic, storage, width, height}}`.
 */
export const uploadRouter = new Hono<ApiEnv>().post(UPLOAD_PATH, async (c) => {
  const { db, member } = await requireMember(c);
  const { site } = await getSiteConfig(db);
  const storage = getStorage();
  // Streamed: the file part goes to a scratch file as it arrives, hashed on the way.
  const { fields, file } = await receiveUpload(c.req.raw, site.upload.maxSize + MULTIPART_OVERHEAD, storage.scratchDir);
  let row: AttachmentRow;
  try {
    const query = c.get('query');
    const { topic } = parseInput(uploadFieldsSchema, {
      topic: fields.topic ?? (typeof query.topic === 'string' ? query.topic : undefined),
      filepath: fields.filepath ?? (typeof query.filepath === 'string' ? query.filepath : undefined),
    });
    if (!file) throw new DomainError('upload.incomplete', { status: 400, code: Codes.VALIDATION, field: 'file' });
    row = await storeReceived(
      db,
      storage,
      { ...site.upload, timeZone: site.timezone },
      {
        userId: member.id,
        topic,
        name: file.name,
        type: file.type,
        size: file.size,
        sha1: file.sha1,
        head: file.head,
        source: { kind: 'file', path: file.path },
      },
    );
  } finally {
    // Moved into the store on success; anything left over is removed.
    if (file) await rm(file.path, { force: true });
  }
  const base = site.upload.cdn || site.cdnUrl || new URL(c.req.url).origin;
  return ok(c, { file: presentFile(row, base) }, 'upload.uploaded');
});
