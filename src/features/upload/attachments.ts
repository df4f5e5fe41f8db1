/**
 * The `attachment` rows: one per owner of a stored object, found by owner, bytes or storage key,
 * and the bytes they name.
 */
import type { Db } from '~/server/db/client';
import { type StorageAdapter, storageNamed } from './storage';

/** One member's row for an uploaded or server-made file. */
export interface AttachmentRow {
  id: number;
  /** The owner: only they (or a signed URL, or a public topic) may read the file. */
  user_id: number;
  topic: string;
  name: string;
  mime: string;
  size: number;
  sha1: string;
  storage: string;
  /** The storage key (`storage/...`), shared by every owner of the same bytes in a topic. */
  path: string;
  width: number;
  height: number;
  created_at: number;
}

/** A database row of `attachment` as its typed shape. */
export const toRow = (r: Record<string, unknown>): AttachmentRow => ({
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

/** The member's own row for these bytes in this topic, or null. */
export async function findOwn(db: Db, userId: number, sha1: string, topic: string): Promise<AttachmentRow | null> {
  const [row] = await db.sql`SELECT * FROM attachment WHERE user_id = ${userId} AND sha1 = ${sha1} AND topic = ${topic}`;
  return row ? toRow(row) : null;
}

/** Where these bytes of this topic are already stored (any owner), or null. */
export async function findBlob(db: Db, storage: StorageAdapter, sha1: string, topic: string): Promise<string | null> {
  const [row] = await db.sql`SELECT path FROM attachment WHERE sha1 = ${sha1} AND topic = ${topic} AND storage = ${storage.name}
    ORDER BY id LIMIT 1`;
  return row ? String(row.path) : null;
}

/** The rows that name a stored object (one per owner), oldest first. */
export async function findByPath(db: Db, path: string, storageName?: string): Promise<AttachmentRow[]> {
  const rows =
    storageName === undefined
      ? await db.sql`SELECT * FROM attachment WHERE path = ${path} ORDER BY id`
      : await db.sql`SELECT * FROM attachment WHERE path = ${path} AND storage = ${storageName} ORDER BY id`;
  return rows.map(toRow);
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

/** Any file by id, whoever owns it (for operators, after their own rule check), or null. */
export async function findFileById(db: Db, id: number): Promise<AttachmentRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db.sql`SELECT * FROM attachment WHERE id = ${id}`;
  return row ? toRow(row) : null;
}

/** A file's stored bytes (null when the object is gone from storage). */
export async function readFileBytes(storage: StorageAdapter, file: AttachmentRow): Promise<Uint8Array | null> {
  // A row written by another adapter (the site moved to an object store) is read by that one.
  const adapter = storage.name === file.storage ? storage : storageNamed(file.storage);
  const obj = adapter ? await adapter.get(file.path) : null;
  return obj ? new Uint8Array(await obj.body.arrayBuffer()) : null;
}
