import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_LAUNCH } from './scripts/chromium';

const port = Number(process.env.E2E_PORT ?? 3310);
// Workers re-evaluate this file: pin the folder in the environment so they share the server's database.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
process.env.E2E_PORT ??= String(port);

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.e2e.ts',
  workers: 1,
  retries: 0,
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: 'bun scripts/start.ts',
    // Logins skip the click captcha (tests of it solve it in test mode, which hands the answer to the
    // test through the issue response); the dev outbox under DATA_DIR holds the mailed codes.
    env: { PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', PORTAL_LOGIN_CAPTCHA: '0', PORTAL_CAPTCHA_TEST: '1' },
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
