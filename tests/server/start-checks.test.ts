/** `bun run start` refuses a configuration that would split the cluster's state, before it migrates or serves. */
import { expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild, ROOT } from '../support/server';

test('a half-configured object store: the instance does not start, and says which variables are missing', async () => {
  await ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-start-check-'));
  try {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('PORTAL_S3_')) env[k] = v;
    delete env.DATABASE_URL;
    Object.assign(env, { DATA_DIR: dataDir, PORT: '0', PORTAL_S3_ENDPOINT: 'http://127.0.0.1:9', PORTAL_S3_BUCKET: 'portal' });
    const run = Bun.spawnSync([process.execPath, 'scripts/start.ts'], { cwd: ROOT, env, stdout: 'pipe', stderr: 'pipe', timeout: 30_000 });
    expect(run.exitCode).toBe(1);
    expect(run.stderr.toString()).toContain(
      'The object store is half configured: PORTAL_S3_ACCESS_KEY_ID, PORTAL_S3_SECRET_ACCESS_KEY are not set',
    );
    // Refused before the migration: no database file was made.
    expect(await Bun.file(join(dataDir, 'portal.db')).exists()).toBe(false);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
