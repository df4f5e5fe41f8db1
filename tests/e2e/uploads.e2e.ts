import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { encode } from 'fast-png';
import { startTestS3, type TestS3 } from '../support/s3';
import { freePort } from '../support/server';
import { DEMO, loginViaForm, MANAGER } from './helpers';

/** An avatar-sized PNG (256 × 256, real pixels) on disk for the file chooser. */
function avatarPng(dir: string, seed: number): string {
  const data = new Uint8Array(256 * 256 * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = (i / 4 + seed) % 256;
    data[i + 1] = (i / 1024) % 256;
    data[i + 2] = seed % 256;
    data[i + 3] = 255;
  }
  const path = join(dir, `avatar-${seed}.png`);
  writeFileSync(path, encode({ width: 256, height: 256, data, channels: 4, depth: 8 }));
  return path;
}

const files = mkdtempSync(join(tmpdir(), 'upload-e2e-'));
test.afterAll(() => rmSync(files, { recursive: true, force: true }));

/** Choose the avatar on the profile page and wait for the field to say it is stored; the stored URL. */
async function uploadAvatar(page: Page, path: string, done: RegExp): Promise<string> {
  const field = page.locator('.upload-field');
  await field.locator('input[type=file]').setInputFiles(path);
  await expect(field.locator('[role=status]')).toContainText(done, { timeout: 15_000 });
  await expect(field.locator('img.upload-field__preview')).toBeVisible();
  return field.locator('input[name=avatar_url]').inputValue();
}

test('local mode: an avatar uploads with its preview (Chinese); a private file reads only for its owner', async ({
  page,
  browser,
  baseURL,
}) => {
  await loginViaForm(page, DEMO, '/user/account/profile');
  const url = await uploadAvatar(page, avatarPng(files, 1), /上传完成/);
  expect(url).toMatch(/^\/storage\/avatar\/\d{8}\/avatar-1[0-9a-f]{8}\.png$/);
  // Avatars are public: anyone reads them, with the stored type and nosniff.
  const anon = await browser.newContext();
  const pub = await anon.request.get(`${baseURL}${url}`);
  expect(pub.status()).toBe(200);
  expect(pub.headers()['content-type']).toBe('image/png');
  expect(pub.headers()['x-content-type-options']).toBe('nosniff');

  // A claim document is private: its owner (session cookie) reads it, others get 404.
  const sent = await page.request.post('/userapi/v1/index/upload', {
    multipart: { topic: 'claim', file: { name: '病历.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7 private e2e') } },
    headers: { 'think-lang': 'en' },
  });
  expect(sent.status()).toBe(200);
  const privateUrl = ((await sent.json()) as { data: { file: { url: string } } }).data.file.url;
  const own = await page.request.get(encodeURI(privateUrl));
  expect(own.status()).toBe(200);
  expect(own.headers()['content-disposition']).toContain("filename*=UTF-8''%E7%97%85%E5%8E%86.pdf");
  expect((await anon.request.get(`${baseURL}${encodeURI(privateUrl)}`)).status()).toBe(404);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginViaForm(otherPage, MANAGER);
  expect((await otherPage.request.get(encodeURI(privateUrl))).status()).toBe(404);
  await Promise.all([anon.close(), other.close()]);
});

test('local mode in English on a phone: progress label, then stored', async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 800 } });
  await ctx.addCookies([{ name: 'ba-lang', value: 'en', url: baseURL! }]);
  const page = await ctx.newPage();
  await loginViaForm(page, DEMO, '/user/account/profile');
  const url = await uploadAvatar(page, avatarPng(files, 2), /Uploaded: avatar-2\.png/);
  expect(url).toContain('/storage/avatar/');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await ctx.close();
});

/**
 * Direct mode needs a portal configured for an object store: a second server on its own port and
 * data folder, with PORTAL_S3_* pointing at s3rver (started here) and `upload.mode` = 's3'.
 */
test.describe('direct mode (object store)', () => {
  let s3: TestS3;
  let server: ChildProcess;
  let dataDir: string;
  // A port the OS hands out (ephemeral range): a random one in 3600–3899 once hit 3659, which
  // Chromium refuses as an unsafe port (ERR_UNSAFE_PORT).
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    s3 = await startTestS3();
    dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-s3-'));
    const env: Record<string, string | undefined> = {
      ...process.env,
      ...s3.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PORTAL_LOGIN_CAPTCHA: '0',
    };
    delete env.DATABASE_URL;
    // The database first (members only), with direct mode on; the server then finds it ready.
    const { openDb, defaultDatabaseUrl } = await import('../../src/server/db/client');
    const { ensureDatabase } = await import('../../src/server/db/seed');
    const { setConfigValue } = await import('../../src/server/site-config');
    const db = openDb(defaultDatabaseUrl({ DATA_DIR: dataDir }));
    await ensureDatabase(db, { demo: true });
    await setConfigValue(db, 'upload', { mode: 's3' });
    await db.close();
    server = spawn('bun', ['scripts/start.ts'], { env, stdio: 'ignore' });
    for (let i = 0; i < 120; i++) {
      if (
        await fetch(`${base}/`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('the direct-mode portal did not start');
  });
  test.afterAll(async () => {
    server?.kill();
    await s3?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function directPage(browser: Browser, lang: 'zh-cn' | 'en') {
    // Under the page's own CSP: its connect-src allows the store's origin (PORTAL_S3_*).
    const ctx = await browser.newContext({ baseURL: base });
    await ctx.addCookies([{ name: 'ba-lang', value: lang, url: base }]);
    return { ctx, page: await ctx.newPage() };
  }

  for (const lang of ['zh-cn', 'en'] as const) {
    test(`an avatar goes straight to the store, is checked and recorded, then served by the portal (${lang})`, async ({ browser }) => {
      const { ctx, page } = await directPage(browser, lang);
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST') posts.push(r.url());
      });
      await loginViaForm(page, DEMO, '/user/account/profile');
      await expect(page.locator('.upload-field')).toHaveAttribute('data-mode', 's3');
      const url = await uploadAvatar(page, avatarPng(files, lang === 'en' ? 4 : 3), lang === 'en' ? /Uploaded/ : /上传完成/);
      expect(url).toMatch(/^\/storage\/avatar\/\d{8}\/avatar-\d[0-9a-f]{8}\.png$/);
      // The bytes went to the store, not to the portal's upload endpoint.
      expect(posts.some((u) => u.startsWith(`${s3.config.endpoint}/portal`))).toBe(true);
      expect(posts.some((u) => u.endsWith('/userapi/v1/ajax/uploadCallback'))).toBe(true);
      expect(posts.some((u) => u.endsWith('/userapi/v1/index/upload'))).toBe(false);
      const served = await page.request.get(url);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toBe('image/png');
      expect((await served.body()).subarray(1, 4).toString()).toBe('PNG');
      await ctx.close();
    });
  }
});
