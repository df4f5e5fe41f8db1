/**
 * A real S3-protocol server (`s3rver`) on loopback for tests and the benchmark: a bucket with a
 * CORS rule that lets a browser POST from any origin, in a temporary folder removed on close.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '~/features/upload/s3-storage';

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
  </CORSRule>
</CORSConfiguration>`;

export interface TestS3 {
  config: S3Config;
  /** The same settings as PORTAL_S3_* environment variables (for a portal server process). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Start s3rver on a free loopback port with one bucket (default `portal`). */
export async function startTestS3(bucket = 'portal', port = 0): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const info = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${info.port}`;
  const config: S3Config = {
    endpoint,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    publicEndpoint: endpoint,
  };
  return {
    config,
    env: {
      PORTAL_S3_ENDPOINT: endpoint,
      PORTAL_S3_BUCKET: bucket,
      PORTAL_S3_ACCESS_KEY_ID: 'S3RVER',
      PORTAL_S3_SECRET_ACCESS_KEY: 'S3RVER',
      PORTAL_S3_REGION: 'us-east-1',
    },
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
