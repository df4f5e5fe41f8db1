import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';

function signLink(username: string, ttl = 120): string {
  const out = execFileSync('bun', ['scripts/sign-link.ts', username, '--ttl', String(ttl)], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PORTAL_URL: `http://127.0.0.1:${process.env.E2E_PORT}` },
  }).toString();
  const url = out.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`sign-link printed no URL: ${out}`);
  return url;
}

test('a signed link logs the member in and keeps the signature out of the URL', async ({ page }) => {
  await page.goto(signLink('demo'));
  await expect(page).toHaveURL(/\/user\/account\/overview$/);
  expect(page.url()).not.toContain('signature=');
  await expect(page.locator('[data-testid="member-sidebar"]')).toBeVisible();
});

test('a tampered signed link is refused with 401', async ({ page }) => {
  const url = new URL(signLink('demo'));
  const sig = url.searchParams.get('signature')!;
  url.searchParams.set('signature', sig.slice(0, -2) + (sig.endsWith('AA') ? 'BB' : 'AA'));
  const res = await page.goto(url.toString());
  expect(res?.status()).toBe(401);
  await page.goto('/user/account/overview');
  await expect(page).toHaveURL(/\/user\/login/);
});
