/**
 * Runtime switches are read when the server runs, never baked in at build (#26): the dev outbox
 * follows NODE_ENV of the running process, and importing the app with PORTAL_CAPTCHA_TEST=1 under
 * NODE_ENV=production (as the production build's prerendering does) does not throw; the refusal
 * is the server start's (scripts/start.ts → captchaTestMode()).
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { resolve } from 'node:path';
import { GET as outbox } from '../pages/_api/dev/outbox';
import { isProductionRun } from './runtime-env';

const ROOT = resolve(import.meta.dir, '../..');
const saved = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = saved;
});

describe('runtime switches', () => {
  test('/dev/outbox answers unless NODE_ENV=production in the running process', async () => {
    process.env.NODE_ENV = 'development';
    expect(isProductionRun()).toBe(false);
    expect(outbox().status).toBe(200);
    process.env.NODE_ENV = 'production';
    expect(isProductionRun()).toBe(true);
    expect(outbox().status).toBe(404);
  });

  test('importing the app with PORTAL_CAPTCHA_TEST=1 and NODE_ENV=production does not throw; starting it refuses', async () => {
    const run = (code: string) =>
      Bun.spawnSync([process.execPath, '-e', code], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'production', PORTAL_CAPTCHA_TEST: '1' },
        stdout: 'pipe',
        stderr: 'pipe',
      });
    const imported = run("await import('./src/server/api'); console.log('imported')");
    expect(imported.stdout.toString()).toContain('imported');
    expect(imported.exitCode).toBe(0);
    const started = run("const { captchaTestMode } = await import('./src/features/captcha'); captchaTestMode();");
    expect(started.exitCode).not.toBe(0);
    expect(started.stderr.toString()).toContain('PORTAL_CAPTCHA_TEST=1 is refused with NODE_ENV=production');
  });
});
