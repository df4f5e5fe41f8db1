import { expect, type Page, test } from '@playwright/test';
import { DEMO, loginViaForm, sidebar, waitForHydration } from './helpers';

/**
 * In-app navigation on Waku's router (src/lib/navigation/client-navigate.ts): a link runs the
 * pre-navigation checks in the page, then fetches the next page's RSC payload; no document load.
 */

/** Marks the window; only an in-app navigation keeps the mark (a new document does not have it). */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: 1 }));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: number }).__sameDocument === 1);
const portalNavigate = (page: Page, to: string) =>
  page.evaluate((t) => (window as unknown as { __portalNav: { navigate: (to: string) => Promise<void> } }).__portalNav.navigate(t), to);

/** Counts the document (navigation) requests of `page` from now on. */
function countDocuments(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) seen.push(new URL(r.url()).pathname + new URL(r.url()).search);
  });
  return () => seen;
}

test.describe('in-app navigation', () => {
  test('a sidebar click is an RSC fetch: the window stays, the bar runs while it is pending, the page scrolls to the top', async ({
    page,
  }) => {
    await loginViaForm(page, DEMO, '/user/account/overview');
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.evaluate(() => window.scrollTo(0, 400));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await mark(page);
    const documents = countDocuments(page);
    const rsc: string[] = [];
    await page.route('**/RSC/**', async (route) => {
      rsc.push(new URL(route.request().url()).pathname);
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    const bar = page.waitForSelector('#nprogress .bar', { state: 'attached', timeout: 5000 });

    await sidebar(page).getByRole('link', { name: '雇主责任险' }).click();
    await bar;
    await expect(page).toHaveURL(/\/user\/order\/guzhu$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('雇主责任险');
    await expect(page.locator('#nprogress')).toHaveCount(0, { timeout: 5000 });
    expect(await sameDocument(page)).toBe(true);
    expect(documents()).toEqual([]);
    expect(rsc).toContain('/RSC/R/user/order/guzhu.txt');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // The sidebar's current entry follows.
    await expect(sidebar(page).getByRole('link', { name: '雇主责任险' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar(page).locator('a[aria-current="page"]')).toHaveCount(1);
  });

  test('the browser loads React DOM and Waku’s client, and no Preact', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.push(await res.text().catch(() => ''));
    });
    await loginViaForm(page, DEMO, '/user/order/guzhu');
    await page.reload();
    await waitForHydration(page);
    const all = scripts.join('\n');
    // React DOM's client (hydrateRoot) and Waku's router client (its RSC fetch path).
    expect(all).toContain('hydrateRoot');
    expect(all).toContain('/RSC/');
    expect(all).not.toMatch(/preact/i);
    // The RSC payload is inline for hydration, with the CSP nonce.
    const inline = await page.locator('script:not([src])').evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
    expect(inline.length).toBeGreaterThan(0);
    expect(inline.every((n) => (n ?? '').length > 0)).toBe(true);
  });

  test('a link the pointer rests on is fetched ahead through Waku’s router; the click uses that copy', async ({ page }) => {
    await loginViaForm(page, DEMO, '/user/account/overview');
    const rsc: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/RSC/')) rsc.push(new URL(r.url()).pathname);
    });
    const link = sidebar(page).getByRole('link', { name: '雇主责任险' });
    await link.hover();
    await expect.poll(() => rsc).toEqual(['/RSC/R/user/order/guzhu.txt']);
    await mark(page);
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('雇主责任险');
    expect(rsc).toEqual(['/RSC/R/user/order/guzhu.txt']);
    expect(await sameDocument(page)).toBe(true);
  });

  test('a route rule applies in the page: the RSC request goes to the rule target', async ({ page }) => {
    await loginViaForm(page, DEMO, '/user/account/overview');
    const res = await page.goto('/user/account?from=rule');
    expect(res?.request().redirectedFrom()?.url()).toContain('/user/account?from=rule');
    await expect(page).toHaveURL(/\/user\/account\/overview\?from=rule$/);
    await waitForHydration(page);

    const rsc: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/RSC/')) rsc.push(new URL(r.url()).pathname);
    });
    const documents = countDocuments(page);
    await portalNavigate(page, '/user/order?limit=20');
    await expect(page).toHaveURL(/\/user\/order\/guzhu\?limit=20$/);
    expect(rsc).toEqual(['/RSC/R/user/order/guzhu.txt']);
    expect(documents()).toEqual([]);
  });

  test('a navigation to an unknown route is stopped with "Page Not Found" and the page stays', async ({ page }) => {
    await loginViaForm(page, DEMO, '/user/account/overview');
    await mark(page);
    const documents = countDocuments(page);
    await portalNavigate(page, '/user/no-such-page');
    await expect(page.getByRole('alert').filter({ hasText: '页面不存在：/user/no-such-page' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/account\/overview$/);
    expect(await sameDocument(page)).toBe(true);
    expect(documents()).toEqual([]);
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });

  test('a write renders the page again in place: the success toast stays, the list changes', async ({ page, browser }) => {
    // A second device signed in as demo, signed out from the profile page: the button calls the
    // API, raises the success toast and renders the page again (refreshPage: router.reload).
    const firefox = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    });
    await loginViaForm(await firefox.newPage(), DEMO, '/user/account/overview');
    await loginViaForm(page, DEMO, '/user/account/profile');
    const devices = page.locator('.session-item', { hasText: 'Firefox · Windows' });
    const before = await devices.count();
    expect(before).toBeGreaterThan(0);
    await mark(page);
    const documents = countDocuments(page);
    await page.getByRole('button', { name: '退出 Firefox · Windows 的登录' }).first().click();

    await expect(devices).toHaveCount(before - 1);
    await expect(page.getByRole('status').filter({ hasText: '该设备已退出登录' })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    expect(documents()).toEqual([]);
    await firefox.close();
  });

  test('the member menu collapses after a navigation (phone width)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await loginViaForm(page, DEMO, '/user/account/overview');
    const toggle = page.locator('input[data-collapse]').first();
    await toggle.evaluate((el) => {
      (el as HTMLInputElement).click();
    });
    await expect(toggle).toBeChecked();
    await portalNavigate(page, '/user/account/profile');
    await expect(page).toHaveURL(/\/user\/account\/profile$/);
    await expect(toggle).not.toBeChecked();
  });

  test('after a newer build is reported, the next navigation is a full page load', async ({ page }) => {
    await page.clock.install();
    await loginViaForm(page, DEMO, '/user/account/overview');

    // Same build: a click stays in the page.
    await mark(page);
    await sidebar(page).getByRole('navigation').getByRole('link', { name: '个人资料' }).click();
    await expect(page).toHaveURL(/\/user\/account\/profile$/);
    expect(await sameDocument(page)).toBe(true);

    const polled: string[] = [];
    await page.route('**/builds/latest.json*', (route) => {
      polled.push(new URL(route.request().url()).search);
      return route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } });
    });
    await page.clock.runFor(3_600_000);
    await expect(page.locator('html[data-build-status="outdated"]')).toBeAttached();
    // `builds/latest.json?t={timestamp}`
    expect(polled[0]).toMatch(/^\?t=\d+$/);

    const documents = countDocuments(page);
    await sidebar(page).getByRole('navigation').getByRole('link', { name: '修改密码' }).click();
    await expect(page).toHaveURL(/\/user\/account\/changePassword$/);
    await expect.poll(() => documents()).toEqual(['/user/account/changePassword']);
    await waitForHydration(page);
    expect(await sameDocument(page)).toBe(false);
  });

  test('a script that fails to load reloads into the target, once within 10 s', async ({ page }) => {
    await loginViaForm(page, DEMO, '/user/account/overview');
    // After a release the old build's chunks are gone: the order form's and the profile form's fail.
    await page.route(/\/assets\/(order-form|account-profile-form)[^/]*\.js$/, (route) => route.abort());
    await mark(page);
    const documents = countDocuments(page);

    await portalNavigate(page, '/user/order/guzhu?new=1');
    await expect.poll(() => documents()).toEqual(['/user/order/guzhu?new=1']);
    await expect(page).toHaveURL(/\/user\/order\/guzhu\?new=1$/);
    await page.waitForLoadState('load');
    expect(await sameDocument(page)).toBe(false);
    const at = await page.evaluate(() => Number(sessionStorage.getItem('portal:chunk-reload-at')));
    expect(at).toBeGreaterThan(0);

    // A second failure within 10 s does not reload again (the order form's chunk is back, the
    // profile form's is still missing).
    await page.unroute(/\/assets\/(order-form|account-profile-form)[^/]*\.js$/);
    await page.route(/\/assets\/account-profile-form[^/]*\.js$/, (route) => route.abort());
    await page.reload();
    await waitForHydration(page);
    await mark(page);
    const later = countDocuments(page);
    await portalNavigate(page, '/user/account/profile').catch(() => {});
    await page.waitForTimeout(1000);
    expect(later()).toEqual([]);
    expect(await sameDocument(page)).toBe(true);
    expect(await page.evaluate(() => Number(sessionStorage.getItem('portal:chunk-reload-at')))).toBe(at);
  });

  test('a session ended elsewhere: the next navigation lands on the login page', async ({ page, browser }) => {
    const other = await browser.newContext();
    const laptop = await other.newPage();
    await loginViaForm(page, DEMO, '/user/account/overview');
    await loginViaForm(laptop, DEMO, '/user/account/profile');
    await laptop.getByRole('button', { name: '退出其他所有设备' }).click();
    await expect(laptop.getByRole('status').filter({ hasText: '已退出其他所有设备' })).toBeVisible();
    await other.close();

    await sidebar(page).getByRole('link', { name: '雇主责任险' }).click();
    await expect(page).toHaveURL(/\/user\/login\?to=%2Fuser%2Forder%2Fguzhu$/);
    await expect(page.locator('form[action="/user/login"]')).toBeVisible();
  });
});
