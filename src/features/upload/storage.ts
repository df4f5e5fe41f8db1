/**
 * Where uploaded bytes live. One interface (`put`, `putFile`, `get`, `delete`, `exists`): the local
 * disk under `$DATA_DIR/uploads/` (default) or an S3-compatible object store (`./s3-storage.ts`),
 * chosen by `upload.mode` and the environment (`configureStorage`).
 */
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { S3Storage, s3ConfigFromEnv } from './s3-storage';
import type { StorageAdapter, StoredObject } from './storage-adapter';

export { defaultScratchDir, type StorageAdapter, type StoredObject } from './storage-adapter';

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
  readonly scratchDir: string;
  constructor(readonly root: string = uploadsDir()) {
    // Inside the root, so putFile is a rename; no row ever names it, so it is never served.
    this.scratchDir = join(resolve(root), '.incoming');
  }

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

  /** A rename when the spool is on the same disk (it is, by default), else a copy. */
  async putFile(key: string, localPath: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    try {
      await rename(localPath, path);
    } catch {
      const tmp = join(dirname(path), `.${crypto.randomUUID()}.part`);
      try {
        await copyFile(localPath, tmp);
        await rename(tmp, path);
      } finally {
        await rm(tmp, { force: true });
        await rm(localPath, { force: true });
      }
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
const named = new Map<string, StorageAdapter | null>();

/**
 * Adapter factories by name, for reading rows another adapter wrote (a site that moved from the
 * local disk to an object store still serves its old files).
 */
export const adapterFactories = new Map<string, () => StorageAdapter | null>([
  ['local', () => new LocalStorage()],
  [
    's3',
    () => {
      const config = s3ConfigFromEnv();
      return config ? new S3Storage(config) : null;
    },
  ],
]);

/**
 * The adapter new files are written to: the object store when it is configured in the
 * environment (PORTAL_S3_*), else the local disk (unless replaced, e.g. by tests).
 */
export function getStorage(): StorageAdapter {
  if (!current) {
    const s3 = adapterFactories.get('s3')?.() ?? null;
    current = s3 ?? new LocalStorage();
  }
  return current;
}

/** The adapter that reads rows whose `storage` is `name` (the current one first), or null. */
export function storageNamed(name: string): StorageAdapter | null {
  const cur = getStorage();
  if (cur.name === name) return cur;
  if (!named.has(name)) named.set(name, adapterFactories.get(name)?.() ?? null);
  return named.get(name) ?? null;
}

export function setStorage(adapter: StorageAdapter | null): void {
  current = adapter;
  named.clear();
}
