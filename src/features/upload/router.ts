import { Hono } from 'hono';
import { Codes, DomainError } from '~/server/errors';
import type { ApiEnv } from '~/server/http/api-env';
import { requireMember } from '~/server/session';
import { getSiteConfig } from '~/server/site-config';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { rm } from 'node:fs/promises';
import { DIRECT_MODE, isObjectStore, recordDirectUpload, uploadConfigFor } from './direct';
import { MULTIPART_OVERHEAD, receiveUpload } from './receive';
import { type UploadedFile, uploadCallbackSchema, uploadFieldsSchema } from './schemas';
import type { AttachmentRow } from './attachments';
import { storeReceived } from './service';
import { getStorage } from './storage';

export type { UploadedFile };

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
export const uploadRouter = new Hono<ApiEnv>()
  .post(UPLOAD_PATH, async (c) => {
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
  })
  /**
   * POST /index/qiniutoken (name kept from the spec): fresh upload config for the browser. In
   * direct mode it carries a new presigned POST policy (`url`, `params`); in local mode the
   * config as the site has it.
   */
  .post('/index/qiniutoken', async (c) => {
    const { db, member } = await requireMember(c);
    const { site } = await getSiteConfig(db);
    return ok(c, { upload: await uploadConfigFor(db, member.id, site.upload, getStorage()) });
  })
  /**
   * POST /ajax/uploadCallback {url, name, size, type, sha1, topic?}: after a direct upload, the
   * object is checked against the store (there, the member's, the size and SHA-1 reported) and by
   * every upload check, then recorded like a local upload. Same answer shape as /index/upload.
   */
  .post('/ajax/uploadCallback', async (c) => {
    const { db, member } = await requireMember(c);
    const { site } = await getSiteConfig(db);
    const storage = getStorage();
    if (site.upload.mode !== DIRECT_MODE || !isObjectStore(storage)) {
      throw new DomainError('upload.notDirect', { status: 409, code: Codes.CONFLICT });
    }
    const input = parseInput(uploadCallbackSchema, c.get('body'));
    const row = await recordDirectUpload(db, storage, { ...site.upload, timeZone: site.timezone }, member.id, {
      url: input.url,
      name: input.name,
      size: input.size,
      type: input.type,
      sha1: input.sha1,
      topic: input.topic || input.filepath || 'default',
    });
    const base = site.upload.cdn || site.cdnUrl || new URL(c.req.url).origin;
    return ok(c, { file: presentFile(row, base) }, 'upload.uploaded');
  });
