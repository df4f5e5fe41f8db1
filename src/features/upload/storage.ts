/**
 * Where uploaded bytes live. One interface (`put`, `get`, `delete`, `exists`) so an object-store
 * adapter can be chosen by configuration later; today the local disk under `$DATA_DIR/uploads/`.
 */
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

export interface StoredObject {
  size: number;
  /** The bytes, read lazily (a file or a stream). */
  body: Blob;
}

export interface StorageAdapter {
  /** Which adapter wrote a row (`attachment.storage`). */
  readonly name: string;
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** A storage key: `/`-separated segments of letters, digits, `_` `-` `.`, none of them only dots. */
const SEGMENT = /^[\p{L}\p{N}_.-]{1,200}$/u;

/**
 * The one safe-path check: the absolute file path of `key` inside `root`, or null when the key has
 * a bad segment or would leave the root. Every read, write and delete goes through it.
 */
export function resolveInside(root: string, key: string): string | null {
  if (typeof key !== 'string' || key.length > 1024) return null;
  const segments = key.split('/');
  if (!segments.every((s) => SEGMENT.test(s) && !/^\.+$/.test(s))) return null;
  const base = resolve(root);
  const full = resolve(base, ...segments);
  return full.startsWith(base + sep) ? full : null;
}

/** `$DATA_DIR/uploads` (default `data/uploads`). */
export const uploadsDir = (dataDir = process.env.DATA_DIR || 'data') => resolve(dataDir, 'uploads');

export class LocalStorage implements StorageAdapter {
  readonly name = 'local';
  constructor(readonly root: string = uploadsDir()) {}

  private path(key: string): string {
    const p = resolveInside(this.root, key);
    if (!p) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
    return p;
  }

  /** Written to a temporary name and renamed, so a reader never sees half a file. */
  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = join(dirname(path), `.${crypto.randomUUID()}.part`);
    try {
      await Bun.write(tmp, bytes);
      await rename(tmp, path);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const path = resolveInside(this.root, key);
    if (!path) return null;
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    return { size: info.size, body: Bun.file(path) };
  }

  async exists(key: string): Promise<boolean> {
    const path = resolveInside(this.root, key);
    return !!path && !!(await stat(path).catch(() => null))?.isFile();
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

let current: StorageAdapter | null = null;

/** The configured adapter (local unless replaced, e.g. by tests or a future object-store mode). */
export function getStorage(): StorageAdapter {
  current ??= new LocalStorage();
  return current;
}

export function setStorage(adapter: StorageAdapter | null): void {
  current = adapter;
}
