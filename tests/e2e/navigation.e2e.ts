import { expect, type Page, test } from '@playwright/test';
import { DEMO, loginViaForm, sidebar, waitForHydration } from './helpers';

/**
 * Every page is a document of its own: a link runs the pre-navigation checks in the page script,
 * starts the progress bar and loads the next document (src/lib/navigation/client-navigate.ts).
 */

/** Marks the window; a new document does not have the mark. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: 1 }));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: number }).__sameDocument === 1);

/**
 * What the old document showed of the progress bar while the next one was on its way. Playwright
 * waits for a pending navigation before it looks at the page, so the page reports it itself: 300 ms
 * after the bar appeared, how far it reaches in (px) and its opacity.
 */
async function watchBar(page: Page): Promise<() => { right: number; opacity: string } | null> {
  let seen: { right: number; opacity: string } | null = null;
  await page.exposeFunction('__barSeen', (right: number, opacity: string) => {
    seen ??= { right, opacity };
  });
  await page.evaluate(() => {
    const report = (window as unknown as { __barSeen: (right: number, opacity: string) => void }).__barSeen;
    new MutationObserver((_, observer) => {
      const root = document.getElementById('nprogress');
      const bar = root?.querySelector('.bar');
      if (!root || !bar) return;
      observer.disconnect();
      setTimeout(() => report(bar.getBoundingClientRect().right, getComputedStyle(root).opacity), 300);
    }).observe(document.body, { childList: true });
  });
  return () => seen;
}

/** Holds the document request for `path` back by `ms` (the page's own scripts and styles are not delayed). */
async function slowDocument(page: Page, path: string, ms: number, opts: { cacheable?: boolean } = {}): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const res = await route.fetch();
      await new Promise((r) => setTimeout(r, ms));
      const headers = res.headers();
      if (opts.cacheable) delete headers['cache-control'];
      await route.fulfill({ response: res, headers });
    },
  );
}

/**
 * Turns the hover prefetch off for a test that watches a slow document load: a prefetched page
 * (speculation rules, island-pages.e2e.ts) would arrive before the old one could show the bar.
 */
async function noPrefetch(page: Page): Promise<void> {
  await page.route('**/speculation-rules.json', (route) =>
    route.fulfill({ contentType: 'application/speculationrules+json', body: JSON.stringify({ prefetch: [] }) }),
  );
}

test.describe('navigation between documents', () => {
  test('a slow page: the progress bar runs until it arrives, then it shows from the top', async ({ page }) => {
    await noPrefetch(page);
    await loginViaForm(page, DEMO, '/user/account/overview');
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.evaluate(() => window.scrollTo(0, 400));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await slowDocument(page, '/user/order/guzhu', 1500);
    await mark(page);
    const bar = await watchBar(page);

    await sidebar(page).getByRole('link', { name: '雇主责任险' }).click();
    await expect(page).toHaveURL(/\/user\/order\/guzhu$/);
    // The old document showed the bar, on its way across, while it waited for the new one.
    expect(bar()).toEqual({ right: expect.any(Number), opacity: '1' });
    expect(bar()!.right).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('雇主责任险');
    await waitForHydration(page);
    expect(await sameDocument(page)).toBe(false);
    await expect(page.locator('#nprogress')).toHaveCount(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a route rule redirects first loads on the server, and links to the rule source land on its target', async ({ page }) => {
    await loginViaForm(page, DEMO, '/user/account/overview');
    const res = await page.goto('/user/account?from=rule');
    expect(res?.request().redirectedFrom()?.url()).toContain('/user/account?from=rule');
    await expect(page).toHaveURL(/\/user\/account\/overview\?from=rule$/);

    // In the page the checks apply the rule before the document is requested.
    await waitForHydration(page);
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest()) requested.push(new URL(r.url()).pathname);
    });
    await page.evaluate(() =>
      (window as unknown as { __portalNav: { navigate: (to: string) => unknown } }).__portalNav.navigate('/user/order?limit=20'),
    );
    await expect(page).toHaveURL(/\/user\/order\/guzhu\?limit=20$/);
    expect(requested).toEqual(['/user/order/guzhu']);
  });

  test('a navigation to an unknown route is stopped with "Page Not Found" and the page stays', async ({ page }) => {
    await loginViaForm(page, DEMO, '/user/account/overview');
    await mark(page);
    let documents = 0;
    page.on('request', (r) => {
      if (r.isNavigationRequest()) documents++;
    });
    await page.evaluate(() =>
      (window as unknown as { __portalNav: { navigate: (to: string) => unknown } }).__portalNav.navigate('/user/no-such-page'),
    );
    await expect(page.getByRole('alert').filter({ hasText: '页面不存在：/user/no-such-page' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/account\/overview$/);
    expect(await sameDocument(page)).toBe(true);
    expect(documents).toBe(0);
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });

  test('a success toast raised just before the page reloads is still shown after the reload', async ({ page, browser }) => {
    // A second device signed in as demo, signed out from the profile page: the button (api-button
    // behaviour) calls the API, raises the success toast and reloads the page (refreshPage).
    const firefox = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    });
    await loginViaForm(await firefox.newPage(), DEMO, '/user/account/overview');
    await loginViaForm(page, DEMO, '/user/account/profile');
    const devices = page.locator('.session-item', { hasText: 'Firefox · Windows' });
    const before = await devices.count();
    expect(before).toBeGreaterThan(0);
    await mark(page);
    await page.getByRole('button', { name: '退出 Firefox · Windows 的登录' }).first().click();

    // The new document: one device less, and the toast came along.
    await expect(devices).toHaveCount(before - 1);
    await waitForHydration(page);
    expect(await sameDocument(page)).toBe(false);
    await expect(page.getByRole('status').filter({ hasText: '该设备已退出登录' })).toBeVisible();
    // Handed over once: another reload does not show it again.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('status').filter({ hasText: '该设备已退出登录' })).toHaveCount(0);
    await firefox.close();
  });

  test('back-forward cache: a page shown again has no bar of the navigation that left it', async ({ playwright }, testInfo) => {
    // Playwright turns the back-forward cache off, and pages answer `no-store` (which keeps them out of it):
    // a browser of its own with the cache on, and the test's copies of the documents without the header.
    const browser = await playwright.chromium.launch({
      ...testInfo.project.use.launchOptions,
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const page = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
      await noPrefetch(page);
      await slowDocument(page, '/', 0, { cacheable: true });
      await slowDocument(page, '/product', 800, { cacheable: true });
      await page.goto('/');
      await waitForHydration(page);
      await mark(page);
      await page.evaluate(() =>
        addEventListener('pageshow', (e) => Object.assign(window, { __restored: (e as PageTransitionEvent).persisted })),
      );

      const bar = await watchBar(page);
      await page.locator('header nav').getByRole('link', { name: '保险产品' }).click();
      await expect(page).toHaveURL(/\/product$/);
      await waitForHydration(page);
      // The page went into the cache with the bar on it.
      expect(bar()?.opacity).toBe('1');

      await page.goBack({ waitUntil: 'commit' });
      await expect(page).toHaveURL(/\/$/);
      await expect.poll(() => page.evaluate(() => (window as unknown as { __restored?: boolean }).__restored)).toBe(true);
      expect(await sameDocument(page)).toBe(true);
      await expect(page.locator('#nprogress')).toHaveCount(0);
    } finally {
      await browser.close();
    }
  });
});
