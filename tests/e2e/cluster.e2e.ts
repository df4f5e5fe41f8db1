/**
 * A person on the cluster (scripts/cluster: three instances behind nginx, PostgreSQL, s3rver), in
 * Chromium, in both languages, on a phone and a desktop: they register with an e-mail code behind
 * the click captcha, browse the member centre, and upload an avatar straight to the object store
 * under the page's own CSP. Their requests land on different instances (each answer names its
 * instance), and nothing they did on one is missing on another.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { encode } from 'fast-png';
import type { Cluster } from '../../scripts/cluster/index';
import { readOutbox } from '../../src/server/delivery/outbox';
import { clusterAvailable, testCluster } from '../cluster/support';
import { solveCaptcha, waitForHydration } from './helpers';

const files = mkdtempSync(join(tmpdir(), 'cluster-e2e-'));

/** A 128 × 128 PNG with real pixels for the file chooser. */
function avatar(seed: number): string {
  const data = new Uint8Array(128 * 128 * 4);
  for (let i = 0; i < data.length; i += 4) data.set([(i / 4 + seed) % 256, (i / 512) % 256, seed % 256, 255], i);
  const path = join(files, `cluster-avatar-${seed}.png`);
  writeFileSync(path, encode({ width: 128, height: 128, data, channels: 4, depth: 8 }));
  return path;
}

const TEXT = {
  en: { send: 'Send code', sent: 'E-mail sent.', uploaded: /Uploaded/ },
  'zh-cn': { send: '获取验证码', sent: '邮件发送成功~', uploaded: /上传完成/ },
} as const;

test.describe('a member on three instances behind nginx', () => {
  test.skip(!clusterAvailable(), 'nginx is not installed');
  let cluster: Cluster;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // The login and code captcha on (test mode hands the test its answer, as in the other specs).
    cluster = await testCluster({ env: { PORTAL_LOGIN_CAPTCHA: '1' } });
  });
  test.afterAll(async () => {
    await cluster?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  /** The instance of every document and API answer the page gets, in order. */
  function instancesOf(page: Page): string[] {
    const seen: string[] = [];
    page.on('response', (r) => {
      const name = r.headers()['x-portal-instance'];
      if (name && (r.request().resourceType() === 'document' || r.url().includes('/userapi/') || r.url().includes('/RSC/')))
        seen.push(name);
    });
    return seen;
  }

  for (const [lang, width] of [
    ['zh-cn', 390],
    ['en', 1366],
  ] as const) {
    test(`register behind the captcha, browse, upload an avatar to the store (${lang}, ${width} px)`, async ({ browser }) => {
      test.setTimeout(120_000);
      const t = TEXT[lang];
      const ctx = await browser.newContext({ baseURL: cluster.url, viewport: { width, height: 900 } });
      await ctx.addCookies([{ name: 'ba-lang', value: lang, url: cluster.url }]);
      const page = await ctx.newPage();
      const cspErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
      });
      const served = instancesOf(page);
      const id = `${lang === 'en' ? 'e' : 'z'}${Date.now().toString(36)}`;
      const email = `cluster-${id}@example.com`;

      // Register: the captcha is issued by one instance and checked by another; the code is sent
      // by one and used by another (the outbox is the cluster's one mail gateway).
      await page.goto('/user/login?tab=register');
      await waitForHydration(page);
      await page.locator('form.code-form input[name="username"]').fill(`cl_${id}`.slice(0, 15));
      await page.locator('input[name="address"]').fill(email);
      await page.locator('form.code-form input[name="password"]').fill('Cluster#2026');
      const issued = page.waitForResponse((r) => r.url().includes('/userapi/v1/index/clickCaptcha'));
      await page.getByRole('button', { name: t.send }).click();
      await solveCaptcha(page, issued);
      await expect(page.getByRole('status').filter({ hasText: t.sent })).toBeVisible();
      let code = '';
      for (let i = 0; i < 50 && !code; i++) {
        code = readOutbox(cluster.outboxDir, email)[0]?.code ?? '';
        if (!code) await page.waitForTimeout(100);
      }
      await page.locator('input[name="captcha"]').fill(code);
      await page.locator('form.code-form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/user\/account\/overview$/);

      // Browse the member centre in the app: each navigation may go to another instance.
      for (const path of ['/user/account/balance', '/user/notice', '/user/account/profile']) {
        await page.goto(path);
        await waitForHydration(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }

      // The avatar goes from the browser straight to the store (the page's CSP allows its origin),
      // the callback lands on whichever instance, and every instance serves the stored file.
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST') posts.push(r.url());
      });
      const field = page.locator('.upload-field');
      await expect(field).toHaveAttribute('data-mode', 's3');
      await field.locator('input[type=file]').setInputFiles(avatar(width));
      await expect(field.locator('[role=status]')).toContainText(t.uploaded, { timeout: 20_000 });
      const url = await field.locator('input[name=avatar_url]').inputValue();
      expect(url).toMatch(/^\/storage\/avatar\/\d{8}\/cluster-avatar-[0-9a-f]{8}\.png$/);
      expect(posts.some((u) => u.startsWith(`${cluster.s3.config.endpoint}/portal`))).toBe(true);
      expect(posts.some((u) => u.endsWith('/userapi/v1/ajax/uploadCallback'))).toBe(true);
      const owners = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const r = await page.request.get(url);
        expect([r.status(), r.headers()['content-type']]).toEqual([200, 'image/png']);
        owners.add(r.headers()['x-portal-instance'] ?? '');
      }
      expect(owners.size).toBe(3);

      // One person, one session, answered by all three instances along the way.
      expect(new Set(served).size).toBe(3);
      expect(cspErrors).toEqual([]);
      // For a look afterwards: headless Chromium paints only the viewport, so grow it to the page.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width, height: Math.min(height, 6000) });
      await page.screenshot({ path: `.tmp/screens/cluster-profile-${lang}-${width}.png` });
      await ctx.close();
    });
  }
});
