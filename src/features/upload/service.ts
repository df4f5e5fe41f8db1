/**
 * Storing an upload. Checks (spec order, then content by magic bytes, the image pixel cap on the
 * header's size and, only once that passed, a real decode of the pixels), then the owner model:
 * every member has their own `attachment` row (user_id + sha1 + topic is unique), while identical
 * bytes in a topic are stored once — a second owner's row names the stored object (`path`) the
 * first one wrote. De-duplication happens before anything is written.
 */
import { rm } from 'node:fs/promises';
import { nowSeconds, type Db } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { checkUpload, suffixOf, type UploadRules } from '~/lib/upload-checks';
import { type AttachmentRow, findBlob, findByPath, findOwn, findOwnFile, toRow } from './attachments';
import { imageDecodes } from './decode-image';
import { buildSaveName } from './save-name';
import { detectKind, IMAGE_KINDS, imageSize, type Kind, KIND_MIME, kindFitsSuffix, sizeAcceptable } from './sniff';
import type { StorageAdapter } from './storage';

/** Bytes held in memory (small files, server-made files, tests). */
export interface UploadInput {
  userId: number;
  topic: string;
  name: string;
  /** The MIME type the client claimed (used only for the allowed-list check). */
  type: string;
  bytes: Uint8Array;
}

/**
 * What is known about a received file without holding it: its facts, its first bytes (for magic
 * bytes and image headers) and where its bytes are: spooled to a local file, or already in the
 * store under a key (direct mode).
 */
export interface ReceivedFile {
  userId: number;
  topic: string;
  name: string;
  type: string;
  size: number;
  sha1: string;
  /** The first bytes (at least HEAD_BYTES when the file is that long). */
  head: Uint8Array;
  source: { kind: 'bytes'; bytes: Uint8Array } | { kind: 'file'; path: string } | { kind: 'stored'; key: string };
}

/** How much of a file the content checks read: magic bytes, and image headers (JPEG EXIF can be 64 KB). */
export const HEAD_BYTES = 256 * 1024;

export interface UploadSettings extends UploadRules {
  saveName: string;
  timeZone: string;
}

const PROBLEM_STATUS = {
  incomplete: { status: 400, code: Codes.VALIDATION },
  typeNotAllowed: { status: 415, code: Codes.UNSUPPORTED_MEDIA },
  tooLarge: { status: 413, code: Codes.TOO_LARGE },
  imageUnreadable: { status: 415, code: Codes.UNSUPPORTED_MEDIA },
} as const;

/** The name kept for display: the last path part, control characters out, at most 100 characters. */
export function displayName(name: string): string {
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return Array.from(base).slice(-100).join('') || 'file';
}

const sha1Of = (bytes: Uint8Array) => new Bun.CryptoHasher('sha1').update(bytes).digest('hex');

const fail = (problem: keyof typeof PROBLEM_STATUS) => new DomainError(`upload.${problem}`, { ...PROBLEM_STATUS[problem], field: 'file' });

/**
 * The spec's checks, then the content from the first bytes: the detected kind, the stored MIME type
 * and the image size (0 × 0 when not an image). The pixels are not decoded here (see `storeReceived`).
 */
export function checkReceived(settings: UploadRules, file: Pick<ReceivedFile, 'name' | 'type' | 'size' | 'head'>) {
  const problem = checkUpload({ name: file.name, size: file.size, type: file.type }, settings);
  if (problem) throw fail(problem);
  const kind = detectKind(file.head.subarray(0, 4096));
  if (!kindFitsSuffix(kind, suffixOf(file.name))) throw fail('typeNotAllowed');
  let width = 0;
  let height = 0;
  if (IMAGE_KINDS.has(kind)) {
    // The pixel cap is applied to the header's size, before anything could decode the pixels.
    const dims = imageSize(kind, file.head);
    if (!dims) throw fail('incomplete');
    if (!sizeAcceptable(dims)) throw new DomainError('upload.imageTooLarge', { status: 413, code: Codes.TOO_LARGE, field: 'file' });
    ({ width, height } = dims);
  }
  return { kind, mime: KIND_MIME[kind], width, height };
}

/** All of a received file's bytes (null when a stored object is gone). */
async function sourceBytes(storage: StorageAdapter, source: ReceivedFile['source']): Promise<Uint8Array | null> {
  if (source.kind === 'bytes') return source.bytes;
  if (source.kind === 'file') return Bun.file(source.path).bytes();
  const obj = await storage.get(source.key);
  return obj ? new Uint8Array(await obj.body.arrayBuffer()) : null;
}

/** An image whose header passed the pixel cap must also decode; 415 when it does not. */
async function checkDecodes(storage: StorageAdapter, file: ReceivedFile, facts: { kind: Kind; width: number; height: number }) {
  if (!IMAGE_KINDS.has(facts.kind)) return;
  if (!(await imageDecodes(facts.kind, () => sourceBytes(storage, file.source), facts))) throw fail('imageUnreadable');
}

/** Drop what the store holds under `key` unless a row names it. */
async function dropUnlessNamed(db: Db, storage: StorageAdapter, key: string): Promise<void> {
  if ((await findByPath(db, key, storage.name)).length === 0) await storage.delete(key).catch(() => {});
}

async function discardSource(db: Db, storage: StorageAdapter, source: ReceivedFile['source']): Promise<void> {
  if (source.kind === 'file') await rm(source.path, { force: true });
  else if (source.kind === 'stored') await dropUnlessNamed(db, storage, source.key);
}

interface Placed {
  mime: string;
  width: number;
  height: number;
  /** The key to use when the bytes are not stored yet (local and server files). */
  newKey: () => Promise<string>;
}

/**
 * The owner-model core shared by uploads, direct-mode callbacks and server files: the caller's
 * own row when they already hold these bytes in this topic; else a new row of theirs naming the
 * stored object (reused when any owner already stored the bytes, written otherwise).
 */
async function record(db: Db, storage: StorageAdapter, file: ReceivedFile, placed: Placed): Promise<AttachmentRow> {
  const own = await findOwn(db, file.userId, file.sha1, file.topic);
  if (own) {
    if (await storage.exists(own.path)) await discardSource(db, storage, file.source);
    // The row outlived its object (removed by hand, a lost disk): these bytes restore it.
    else if (file.source.kind === 'file') await storage.putFile(own.path, file.source.path);
    else if (file.source.kind === 'bytes') await storage.put(own.path, file.source.bytes);
    else await db.sql`UPDATE attachment SET path = ${file.source.key} WHERE id = ${own.id}`;
    return (await findOwnFile(db, file.userId, own.id)) ?? own;
  }
  let path = await findBlob(db, storage, file.sha1, file.topic);
  let wrote: string | null = null;
  if (path && (await storage.exists(path))) {
    await discardSource(db, storage, file.source);
  } else if (file.source.kind === 'stored') {
    path = file.source.key;
  } else {
    path = await placed.newKey();
    if (file.source.kind === 'file') await storage.putFile(path, file.source.path);
    else await storage.put(path, file.source.bytes);
    wrote = path;
  }
  const [row] = await db.sql`INSERT INTO attachment (user_id, topic, name, mime, size, sha1, storage, path, width, height, created_at)
    VALUES (${file.userId}, ${file.topic}, ${displayName(file.name)}, ${placed.mime}, ${file.size}, ${file.sha1}, ${storage.name},
      ${path}, ${placed.width}, ${placed.height}, ${nowSeconds()})
    ON CONFLICT DO NOTHING RETURNING *`;
  if (row) return toRow(row);
  // The same member sent the same bytes twice at once: the first row wins, our copy goes.
  const winner = await findOwn(db, file.userId, file.sha1, file.topic);
  if (!winner) throw new Error('attachment insert conflicted but the owner holds no row for these bytes');
  if (wrote && wrote !== winner.path) await dropUnlessNamed(db, storage, wrote);
  return winner;
}

/** A key from the saveName template; another file's key with the same name and sha1 prefix gets the full sha1. */
async function saveKey(db: Db, storage: StorageAdapter, settings: UploadSettings, file: ReceivedFile): Promise<string> {
  const suffix = suffixOf(file.name);
  const path = buildSaveName(settings.saveName, {
    topic: file.topic,
    name: file.name,
    suffix,
    sha1: file.sha1,
    timeZone: settings.timeZone,
  });
  const taken = await findByPath(db, path, storage.name);
  if (taken.length === 0 || taken.every((r) => r.sha1 === file.sha1)) return path;
  return `${path.slice(0, path.lastIndexOf('/'))}/${file.sha1}.${path.split('.').pop()}`;
}

/** Checks a received file and records it as the member's own (see `record`); the spooled file is consumed either way. */
export async function storeReceived(db: Db, storage: StorageAdapter, settings: UploadSettings, file: ReceivedFile): Promise<AttachmentRow> {
  let facts: ReturnType<typeof checkReceived>;
  try {
    facts = checkReceived(settings, file);
    // Only after the header's size passed the pixel cap: a decompression bomb is never decoded.
    await checkDecodes(storage, file, facts);
  } catch (err) {
    await discardSource(db, storage, file.source);
    throw err;
  }
  return record(db, storage, file, { ...facts, newKey: () => saveKey(db, storage, settings, file) });
}

/** Checks (spec order, then content), de-duplicates, stores bytes held in memory; returns the member's own row. */
export async function storeUpload(db: Db, storage: StorageAdapter, settings: UploadSettings, input: UploadInput): Promise<AttachmentRow> {
  return storeReceived(db, storage, settings, {
    ...input,
    size: input.bytes.byteLength,
    sha1: sha1Of(input.bytes),
    head: input.bytes.subarray(0, HEAD_BYTES),
    source: { kind: 'bytes', bytes: input.bytes },
  });
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
 * own file. No upload checks (the server wrote them); named `storage/{topic}/{yyyymmdd}/{sha1}.{suffix}`.
 * Two members with the same bytes each get their own row; the bytes are stored once.
 */
export async function storeServerFile(db: Db, storage: StorageAdapter, input: ServerFileInput): Promise<AttachmentRow> {
  const sha1 = sha1Of(input.bytes);
  const suffix = (suffixOf(input.name) || 'bin').replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin';
  const topic = input.topic.replace(/[^A-Za-z0-9_-]/g, '') || 'files';
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return record(
    db,
    storage,
    {
      userId: input.userId,
      topic: input.topic,
      name: input.name,
      type: input.mime,
      size: input.bytes.byteLength,
      sha1,
      head: input.bytes.subarray(0, 16),
      source: { kind: 'bytes', bytes: input.bytes },
    },
    {
      mime: input.mime,
      width: input.width ?? 0,
      height: input.height ?? 0,
      newKey: async () => `storage/${topic}/${day}/${sha1}.${suffix}`,
    },
  );
}
