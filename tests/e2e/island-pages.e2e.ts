import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, loginViaForm, selectorsChangedByIslands, waitForHydration } from './helpers';

const OPERATOR = { account: 'operator', password: 'Operator#2026' };

/**
 * Pages are server-rendered documents without Waku's client (decision 0011): the browser runs the
 * page script, the scripts of the islands the page shows and of the behaviours its markup names,
 * and the chunks they share. No React, no router, no RSC payload.
 */

const PAGE_SCRIPT = /^\/assets\/(page|chunk|island-[\w-]+|behaviour-[\w-]+)-\w+\.js$/;

/** Scripts the page requests from now on (modulepreloads too), and its RSC requests. */
function watchScripts(page: Page) {
  const scripts: string[] = [];
  const rsc: string[] = [];
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (req.resourceType() === 'script' || pathname.endsWith('.js')) scripts.push(pathname);
    if (pathname.startsWith('/RSC/')) rsc.push(pathname);
  });
  return { scripts, rsc, islands: () => scripts.filter((s) => s.startsWith('/assets/island-')) };
}

/** Loads `path` and checks the document is an island page; returns the scripts it fetched. */
async function openIslandPage(page: Page, path: string, status = 200) {
  const seen = watchScripts(page);
  const res = await page.goto(path);
  expect(res?.status()).toBe(status);
  const html = await res!.text();
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');

  expect(seen.scripts.length).toBeGreaterThan(0);
  for (const s of seen.scripts) expect(s).toMatch(PAGE_SCRIPT);
  expect(seen.scripts.filter((s) => /^\/assets\/page-/.test(s))).toHaveLength(1);
  expect(seen.rsc).toEqual([]);
  expect(await page.evaluate(() => typeof (window as unknown as { __FLIGHT_DATA?: unknown }).__FLIGHT_DATA)).toBe('undefined');
  // Every script element has a source: no bootstrap, no inline payload.
  const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scriptTags.length).toBeGreaterThan(0);
  for (const tag of scriptTags) expect(tag).toMatch(/\ssrc="\/assets\/[^"]+\.js"/);
  expect(html).not.toContain('rel="modulepreload" href="/assets/index-');
  return seen;
}

/** Total gzip size (level 6) of the JavaScript the page fetched, in bytes. */
async function gzipTotal(page: Page, scripts: string[]): Promise<number> {
  let total = 0;
  for (const src of new Set(scripts)) {
    const res = await page.request.get(src);
    expect(res.status()).toBe(200);
    total += gzipSync(await res.body(), { level: 6 }).length;
  }
  return total;
}

test.describe('island pages: only the page script, islands and behaviours', () => {
  for (const [path, status] of [
    ['/', 200],
    ['/product', 200],
    ['/verify', 200],
    ['/no/such/page', 404],
  ] as const) {
    test(`${path}: no island on the page, no island script`, async ({ page }) => {
      const seen = await openIslandPage(page, path, status);
      expect(seen.islands()).toEqual([]);
      expect(await page.locator('portal-island').count()).toBe(0);
    });
  }

  test('/offer: the quote island only, hydrated', async ({ page }) => {
    const seen = await openIslandPage(page, '/offer');
    expect(seen.islands().map((s) => s.replace(/-\w+\.js$/, ''))).toEqual(['/assets/island-order-quote']);
    await expect(page.locator('portal-island[data-island="order-quote"]')).toHaveAttribute('data-hydrated', '');
  });

  test('/user/login: exactly the login form island, and it validates as the member types', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const seen = await openIslandPage(page, '/user/login');
    expect(seen.islands().map((s) => s.replace(/-\w+\.js$/, ''))).toEqual(['/assets/island-login-form']);
    await expect(page.locator('portal-island')).toHaveCount(1);
    await expect(page.locator('portal-island[data-island="login-form"]')).toHaveAttribute('data-hydrated', '');

    const password = page.locator('input[name="password"]');
    const passwordField = page.locator('.field').filter({ has: password });
    await password.fill('a<b');
    await password.blur();
    await expect(passwordField.locator('.field-error')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await password.fill('Demo#2026');
    await expect(passwordField.locator('.field-error')).toHaveCount(0);
    const account = page.locator('input[name="account"]');
    await account.fill('demo');
    await account.fill('');
    await account.blur();
    await expect(page.locator('.field').filter({ has: account }).locator('.field-error')).toHaveText('此项为必填项');
    expect(errors).toEqual([]);
  });

  test("a member list page (demo's employer liability orders): its islands and behaviours, no Waku client", async ({ page }) => {
    await loginViaForm(page, DEMO, '/user/order/guzhu');
    await openIslandPage(page, '/user/order/guzhu?limit=20');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('雇主责任险');
    // Whatever the page shows hydrated (html[data-nav-ready] waits for all of it).
    for (const el of await page.locator('portal-island').all()) await expect(el).toHaveAttribute('data-hydrated', '');
  });
});

test.describe('island boundaries take no part in the layout', () => {
  for (const [who, paths] of [
    [null, ['/offer', '/user/login', '/user/login?tab=register']],
    [
      DEMO,
      [
        '/user/account/profile',
        '/user/account/balance',
        '/user/account/changePassword',
        '/user/order/guzhu?new=1',
        '/user/order/invoiceApply',
        '/user/team/teamMange',
        '/user/team/addAccount',
        '/user/team/allocation',
        '/user/file/sealfile',
      ],
    ],
    [OPERATOR, ['/user/operator/products', '/user/operator/underwriting', '/user/operator/seals', '/user/operator/topups']],
  ] as const) {
    test(`CSS child and sibling rules match the same elements with and without boundaries (${who?.account ?? 'visitor'})`, async ({
      page,
    }) => {
      if (who) await loginViaForm(page, who, '/user/account/overview');
      for (const path of paths) {
        await page.goto(path);
        await waitForHydration(page);
        expect(await page.locator('portal-island').count(), path).toBeGreaterThan(0);
        expect(await selectorsChangedByIslands(page), path).toEqual([]);
      }
    });
  }
});

test.describe('JavaScript budget (issue #15): gzip of every script the browser fetches', () => {
  for (const [path, budget, member] of [
    ['/user/order/guzhu?limit=20', 80_000, true],
    ['/offer', 70_000, false],
    ['/user/login', 70_000, false],
  ] as const) {
    test(`${path} ≤ ${budget / 1000} kB`, async ({ page }, testInfo) => {
      if (member) await loginViaForm(page, DEMO, '/user/account/overview');
      const seen = await openIslandPage(page, path);
      const total = await gzipTotal(page, seen.scripts);
      testInfo.annotations.push({
        type: 'client JS (gzip)',
        description: `${(total / 1000).toFixed(1)} kB in ${new Set(seen.scripts).size} files`,
      });
      expect(total).toBeLessThanOrEqual(budget);
    });
  }
});

test.describe('what the page script does on every page', () => {
  test('links, the language and the theme switches work; the time zone reaches the server', async ({ page, context }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.locator('header nav').getByRole('link', { name: '保险产品' }).click();
    await expect(page).toHaveURL(/\/product$/);
    await expect(page.locator('header nav a[aria-current="page"]')).toHaveText('保险产品');

    await page.locator('form[action="/lang"] button').first().click();
    await expect(page).toHaveURL(/\/product$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(/^Products? - /);
    await waitForHydration(page);

    const before = await page.locator('html').getAttribute('data-theme');
    const next = before === 'dark' ? 'light' : 'dark';
    // The theme flips in the page (no reload): the window keeps its marker.
    await page.evaluate(() => Object.assign(window, { __marker: 3 }));
    await page.locator('form[action="/theme"] button').first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', next);
    await expect(page.locator('form[action="/theme"] button').first()).toHaveAttribute('aria-pressed', String(next === 'dark'));
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(3);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', next);

    const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect((await context.cookies()).find((c) => c.name === 'ba-tz')?.value).toBe(encodeURIComponent(tz));
  });

  test("a member's header menu opens, closes with Escape and on an outside click, and its links work", async ({ page }) => {
    await loginViaForm(page, DEMO, '/user/account/overview');
    await page.goto('/');
    await waitForHydration(page);
    const menu = page.locator('details.user-menu');
    await menu.locator('summary').click();
    await expect(menu).toHaveAttribute('open', '');
    await page.keyboard.press('Escape');
    await expect(menu).not.toHaveAttribute('open');
    await expect(menu.locator('summary')).toBeFocused();
    await menu.locator('summary').click();
    await page.locator('h1').click();
    await expect(menu).not.toHaveAttribute('open');
    await menu.locator('summary').click();
    await menu.locator('a[href="/user"]').click();
    await expect(page).toHaveURL(/\/user\/account\/overview$/);
    await waitForHydration(page);
  });

  test('from a page without islands to one with an island and back: each a document with its own scripts', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    let seen = watchScripts(page);
    await page.locator('header nav').getByRole('link', { name: '在线报价' }).click();
    await expect(page).toHaveURL(/\/offer$/);
    await waitForHydration(page);
    await expect(page.locator('portal-island[data-island="order-quote"]')).toHaveAttribute('data-hydrated', '');
    expect(seen.islands().map((s) => s.replace(/-\w+\.js$/, ''))).toEqual(['/assets/island-order-quote']);
    await expect.poll(() => page.evaluate(() => typeof (window as unknown as { __portalNav?: unknown }).__portalNav)).toBe('object');

    seen = watchScripts(page);
    await page.locator('header nav').getByRole('link', { name: '首页' }).click();
    await expect(page).toHaveURL(/\/$/);
    await waitForHydration(page);
    expect(seen.islands()).toEqual([]);
    expect(seen.rsc).toEqual([]);
  });
});

test.describe('in-app links are prefetched on hover (speculation rules)', () => {
  test("a member's sidebar link rests under the pointer, is fetched ahead, and the click uses that copy", async ({ page }) => {
    await loginViaForm(page, DEMO, '/user/account/overview');
    const rules = await page.request.get('/speculation-rules.json');
    expect(rules.headers()['content-type']).toBe('application/speculationrules+json');
    const doc = await page.request.get('/user/account/overview');
    expect(doc.headers()['speculation-rules']).toBe('"/speculation-rules.json"');

    const prefetched = page.waitForRequest((r) => r.url().endsWith('/user/order/guzhu') && r.headers()['sec-purpose'] === 'prefetch');
    const link = page.locator('[data-testid="member-sidebar"] a[href="/user/order/guzhu"]');
    await link.hover();
    await prefetched;
    await link.click();
    await expect(page).toHaveURL(/\/user\/order\/guzhu$/);
    await waitForHydration(page);
    expect(
      await page.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType: string }).deliveryType,
      ),
    ).toBe('navigational-prefetch');
  });
});
