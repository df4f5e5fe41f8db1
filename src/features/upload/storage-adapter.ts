/**
 * The storage interface both adapters implement (the local disk in `./storage.ts`, the object store
 * in `./s3-storage.ts`), in a module of its own so that neither adapter imports the other's file.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StoredObject {
  size: number;
  /** The bytes, read lazily (a file or a stream). */
  body: Blob;
}

export interface StorageAdapter {
  /** Which adapter wrote a row (`attachment.storage`). */
  readonly name: string;
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Store the local file at `localPath` under `key`; the local file is consumed (moved or removed). */
  putFile(key: string, localPath: string): Promise<void>;
  /** Where an incoming upload is spooled before it is checked (same disk as the store when local). */
  readonly scratchDir: string;
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** A scratch folder for adapters with no local disk of their own. */
export const defaultScratchDir = () => join(tmpdir(), 'portal-upload-incoming');
