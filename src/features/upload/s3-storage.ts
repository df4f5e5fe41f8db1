/**
 * The object-store adapter (any S3-compatible store: AWS S3, MinIO, R2, OSS/COS S3 endpoints) on
 * Bun's built-in `S3Client`, and the presigned POST policy (AWS Signature Version 4) the browser
 * uses to upload straight to the store in direct mode.
 *
 * Configured by the environment (never by the database, so keys stay out of backups and of the
 * site config sent to browsers):
 *   PORTAL_S3_ENDPOINT         e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:4569
 *   PORTAL_S3_BUCKET           bucket name (path-style addressing: `${endpoint}/${bucket}/${key}`)
 *   PORTAL_S3_ACCESS_KEY_ID / PORTAL_S3_SECRET_ACCESS_KEY
 *   PORTAL_S3_REGION           default us-east-1
 *   PORTAL_S3_PUBLIC_ENDPOINT  where browsers reach the store, when not PORTAL_S3_ENDPOINT
 */
import { createHmac } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { defaultScratchDir, type StorageAdapter, type StoredObject } from './storage-adapter';

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Base URL browsers post to (defaults to `endpoint`). */
  publicEndpoint: string;
}

const S3_REQUIRED = ['PORTAL_S3_ENDPOINT', 'PORTAL_S3_BUCKET', 'PORTAL_S3_ACCESS_KEY_ID', 'PORTAL_S3_SECRET_ACCESS_KEY'] as const;

/**
 * What is wrong with the store's settings, or null: some of the four required variables set and
 * others not. Such an instance would quietly keep uploads on its own disk, where the other
 * instances cannot read them, so `bun run start` refuses to start with this message.
 */
export function s3ConfigProblem(env: Record<string, string | undefined> = process.env): string | null {
  const missing = S3_REQUIRED.filter((k) => !env[k]?.trim());
  if (missing.length === 0 || missing.length === S3_REQUIRED.length) return null;
  return `The object store is half configured: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set (set all four PORTAL_S3_* variables, or none for local disk).`;
}

/** The store from the environment, or null when it is not configured (local disk then). */
export function s3ConfigFromEnv(env: Record<string, string | undefined> = process.env): S3Config | null {
  const endpoint = env.PORTAL_S3_ENDPOINT?.trim();
  const bucket = env.PORTAL_S3_BUCKET?.trim();
  const accessKeyId = env.PORTAL_S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.PORTAL_S3_SECRET_ACCESS_KEY?.trim();
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) return null;
  return {
    endpoint: endpoint.replace(/\/+$/, ''),
    bucket,
    accessKeyId,
    secretAccessKey,
    region: env.PORTAL_S3_REGION?.trim() || 'us-east-1',
    publicEndpoint: (env.PORTAL_S3_PUBLIC_ENDPOINT?.trim() || endpoint).replace(/\/+$/, ''),
  };
}

export class S3Storage implements StorageAdapter {
  readonly name = 's3';
  readonly scratchDir = defaultScratchDir();
  readonly client: Bun.S3Client;

  constructor(readonly config: S3Config) {
    this.client = new Bun.S3Client({
      endpoint: config.endpoint,
      bucket: config.bucket,
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
    });
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    await this.client.write(key, bytes);
  }

  /** Streamed from the spool file (multipart upload for large files), then the spool is removed. */
  async putFile(key: string, localPath: string): Promise<void> {
    try {
      await this.client.write(key, Bun.file(localPath));
    } finally {
      await rm(localPath, { force: true });
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const size = await this.size(key);
    return size === null ? null : { size, body: this.client.file(key) };
  }

  /** The object's size (HEAD), or null when there is none. */
  async size(key: string): Promise<number | null> {
    try {
      return (await this.client.file(key).stat()).size;
    } catch (err) {
      if ((err as { code?: string })?.code === 'NoSuchKey' || /not ?found|NoSuchKey|404/i.test(String(err))) return null;
      throw err;
    }
  }

  exists(key: string): Promise<boolean> {
    return this.client.exists(key);
  }

  async delete(key: string): Promise<void> {
    await this.client.delete(key);
  }

  /** Where a browser posts (path-style) and where an object of `key` is, as the browser reports it. */
  postUrl(): string {
    return `${this.config.publicEndpoint}/${encodeURIComponent(this.config.bucket)}`;
  }
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** SigV4 signing key: HMAC chain over date, region, service and `aws4_request`. */
export function signingKey(secret: string, date: string, region: string, service = 's3'): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

/** `20260102T030405Z` */
const amzDate = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface PresignedPost {
  /** The form's action. */
  url: string;
  /** Form fields to send before `key` and `file` (the signed policy and its credentials). */
  fields: Record<string, string>;
  /** Every key must start with this. */
  keyPrefix: string;
  /** Unix seconds after which the policy is refused by the store. */
  expiresAt: number;
}

/**
 * A browser-upload POST policy (AWS SigV4, "POST Object"): the key under `keyPrefix`, at most
 * `maxSize` bytes, valid `ttlSeconds`. The browser sends `key`, these fields, then `file`.
 */
export function presignPost(
  config: S3Config,
  opts: { keyPrefix: string; maxSize: number; ttlSeconds?: number; now?: Date },
): PresignedPost {
  const now = opts.now ?? new Date();
  const ttl = opts.ttlSeconds ?? 900;
  const stamp = amzDate(now);
  const date = stamp.slice(0, 8);
  const credential = `${config.accessKeyId}/${date}/${config.region}/s3/aws4_request`;
  const expires = new Date(now.getTime() + ttl * 1000);
  const policy = {
    expiration: expires.toISOString(),
    conditions: [
      { bucket: config.bucket },
      ['starts-with', '$key', opts.keyPrefix],
      ['content-length-range', 1, opts.maxSize],
      { 'x-amz-algorithm': 'AWS4-HMAC-SHA256' },
      { 'x-amz-credential': credential },
      { 'x-amz-date': stamp },
    ],
  };
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64');
  const signature = createHmac('sha256', signingKey(config.secretAccessKey, date, config.region))
    .update(encoded)
    .digest('hex');
  return {
    url: `${config.publicEndpoint}/${encodeURIComponent(config.bucket)}`,
    fields: {
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      'x-amz-credential': credential,
      'x-amz-date': stamp,
      policy: encoded,
      'x-amz-signature': signature,
    },
    keyPrefix: opts.keyPrefix,
    expiresAt: Math.floor(expires.getTime() / 1000),
  };
}

/**
 * Origins the member pages must be allowed to connect to (CSP `connect-src`) for direct uploads:
 * the store's public endpoint when an object store is configured, else none.
 */
export function directUploadOrigins(env: Record<string, string | undefined> = process.env): string[] {
  const config = s3ConfigFromEnv(env);
  if (!config) return [];
  try {
    return [new URL(config.publicEndpoint).origin];
  } catch {
    return [];
  }
}
