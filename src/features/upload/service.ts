/**
 * Storing an upload: check the content against its name, de-duplicate on sha1 + topic before
 * writing, write through the storage adapter, record one `attachment` row.
 */
import { nowSeconds, type Db } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { checkUpload, suffixOf, type UploadRules } from '~/lib/upload-checks';
import { buildSaveName } from './save-name';
import { detectKind, IMAGE_KINDS, imageSize, KIND_MIME, kindFitsSuffix, sizeAcceptable } from './sniff';
import type { StorageAdapter } from './storage';

export interface AttachmentRow {
  id: number;
  user_id: number;
  topic: string;
  name: string;
  mime: string;
  size: number;
  sha1: string;
  storage: string;
  path: string;
  width: number;
  height: number;
  created_at: number;
}

export interface UploadInput {
  userId: number;
  topic: string;
  name: string;
  /** The MIME type the client claimed (used only for the allowed-list check). */
  type: string;
  bytes: Uint8Array;
}

export interface UploadSettings extends UploadRules {
  saveName: string;
  timeZone: string;
}

const PROBLEM_STATUS = {
  incomplete: { status: 400, code: Codes.VALIDATION },
  typeNotAllowed: { status: 415, code: Codes.UNSUPPORTED_MEDIA },
  tooLarge: { status: 413, code: Codes.TOO_LARGE },
} as const;

const toRow = (r: Record<string, unknown>): AttachmentRow => ({
  id: Number(r.id),
  user_id: Number(r.user_id),
  topic: String(r.topic),
  name: String(r.name),
  mime: String(r.mime),
  size: Number(r.size),
  sha1: String(r.sha1),
  storage: String(r.storage),
  path: String(r.path),
  width: Number(r.width),
  height: Number(r.height),
  created_at: Number(r.created_at),
});

/** The name kept for display: the last path part, control characters out, at most 100 characters. */
export function displayName(name: string): string {
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return Array.from(base).slice(-100).join('') || 'file';
}

async function findBySha1(db: Db, sha1: string, topic: string): Promise<AttachmentRow | null> {
  const [row] = await db.sql`SELECT * FROM attachment WHERE sha1 = ${sha1} AND topic = ${topic}`;
  return row ? toRow(row) : null;
}

/** The attachment stored at a URL path (`storage/...`), or null. */
export async function findByPath(db: Db, path: string): Promise<AttachmentRow | null> {
  const [row] = await db.sql`SELECT * FROM attachment WHERE path = ${path}`;
  return row ? toRow(row) : null;
}

/** Checks (spec order, then content), de-duplicates, stores; returns the one row for these bytes. */
export async function storeUpload(db: Db, storage: StorageAdapter, settings: UploadSettings, input: UploadInput): Promise<AttachmentRow> {
  const problem = checkUpload({ name: input.name, size: input.bytes.byteLength, type: input.type }, settings);
  if (problem) throw new DomainError(`upload.${problem}`, { ...PROBLEM_STATUS[problem], field: 'file' });
  const suffix = suffixOf(input.name);
  const kind = detectKind(input.bytes.subarray(0, 4096));
  if (!kindFitsSuffix(kind, suffix)) {
    throw new DomainError('upload.typeNotAllowed', { status: 415, code: Codes.UNSUPPORTED_MEDIA, field: 'file' });
  }
  let width = 0;
  let height = 0;
  if (IMAGE_KINDS.has(kind)) {
    const dims = imageSize(kind, input.bytes);
    if (!dims) throw new DomainError('upload.incomplete', { status: 400, code: Codes.VALIDATION, field: 'file' });
    if (!sizeAcceptable(dims)) throw new DomainError('upload.imageTooLarge', { status: 413, code: Codes.TOO_LARGE, field: 'file' });
    ({ width, height } = dims);
  }
  const sha1 = new Bun.CryptoHasher('sha1').update(input.bytes).digest('hex');

  // De-duplicate before writing anything (the reference wrote first, bug 18).
  const existing = await findBySha1(db, sha1, input.topic);
  if (existing) {
    if (!(await storage.exists(existing.path))) await storage.put(existing.path, input.bytes);
    return existing;
  }

  let path = buildSaveName(settings.saveName, { topic: input.topic, name: input.name, suffix, sha1, timeZone: settings.timeZone });
  const taken = await findByPath(db, path);
  // Another file with the same name and sha1 prefix: the full sha1 names this one.
  if (taken) path = `${path.slice(0, path.lastIndexOf('/'))}/${sha1}.${path.split('.').pop()}`;
  await storage.put(path, input.bytes);
  const mime = KIND_MIME[kind];
  const [row] = await db.sql`INSERT INTO attachment (user_id, topic, name, mime, size, sha1, storage, path, width, height, created_at)
    VALUES (${input.userId}, ${input.topic}, ${displayName(input.name)}, ${mime}, ${input.bytes.byteLength}, ${sha1}, ${storage.name},
      ${path}, ${width}, ${height}, ${nowSeconds()})
    ON CONFLICT DO NOTHING RETURNING *`;
  if (row) return toRow(row);
  // A concurrent upload of the same bytes won the race: answer with its row.
  const winner = await findBySha1(db, sha1, input.topic);
  if (!winner) throw new Error('attachment insert conflicted but no row holds its sha1 + topic');
  if (winner.path !== path) await storage.delete(path);
  return winner;
}

/**
 * The caller's own file by id (optionally of one topic), or null: another member's file reads as
 * not found. Every area that takes a `file_id` resolves it here.
 */
export async function findOwnFile(db: Db, userId: number, id: number, topic?: string): Promise<AttachmentRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] =
    topic === undefined
      ? await db.sql`SELECT * FROM attachment WHERE id = ${id} AND user_id = ${userId}`
      : await db.sql`SELECT * FROM attachment WHERE id = ${id} AND user_id = ${userId} AND topic = ${topic}`;
  return row ? toRow(row) : null;
}

/** A file's stored bytes (null when the object is gone from storage). */
export async function readFileBytes(storage: StorageAdapter, file: AttachmentRow): Promise<Uint8Array | null> {
  const obj = await storage.get(file.path);
  return obj ? new Uint8Array(await obj.body.arrayBuffer()) : null;
}

export interface ServerFileInput {
  userId: number;
  topic: string;
  /** Display name, e.g. `policy-PL2026….pdf`. */
  name: string;
  mime: string;
  bytes: Uint8Array;
  width?: number;
  height?: number;
}

/**
 * Store bytes the server made (a re-encoded avatar, a policy PDF, a sealed file) as the member's
 * file. No upload checks (the server wrote them); named `{topic}/{yyyymmdd}/{sha1}.{suffix}`.
 */
export async function storeServerFile(db: Db, storage: StorageAdapter, input: ServerFileInput): Promise<AttachmentRow> {
  const sha1 = new Bun.CryptoHasher('sha1').update(input.bytes).digest('hex');
  const [own] = await db.sql`SELECT * FROM attachment WHERE sha1 = ${sha1} AND topic = ${input.topic} AND user_id = ${input.userId}`;
  if (own) return toRow(own);
  const suffix = (suffixOf(input.name) || 'bin').replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin';
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const path = `storage/${input.topic.replace(/[^A-Za-z0-9_-]/g, '') || 'files'}/${day}/${sha1}-${input.userId}.${suffix}`;
  await storage.put(path, input.bytes);
  const [row] = await db.sql`INSERT INTO attachment (user_id, topic, name, mime, size, sha1, storage, path, width, height, created_at)
    VALUES (${input.userId}, ${input.topic}, ${displayName(input.name)}, ${input.mime}, ${input.bytes.byteLength}, ${sha1}, ${storage.name},
      ${path}, ${input.width ?? 0}, ${input.height ?? 0}, ${nowSeconds()})
    ON CONFLICT DO NOTHING RETURNING *`;
  if (row) return toRow(row);
  const [again] = await db.sql`SELECT * FROM attachment WHERE path = ${path}`;
  if (!again) throw new Error('server file insert conflicted but no row holds its path');
  return toRow(again);
}
