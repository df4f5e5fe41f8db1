import { expect, test } from '@playwright/test';
import { DEMO, loginViaForm, sidebar } from './helpers';

const markWindow = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ((window as unknown as { __marker?: number }).__marker = 7));
const readMarker = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __marker?: number }).__marker ?? null);

test.describe('navigation runtime', () => {
  test('the progress bar runs during a slow client navigation and the page scrolls to the top', async ({ page }) => {
    await loginViaForm(page, DEMO, '/user/account/overview');
    await page.locator('html[data-nav-ready]').waitFor();
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.route('**/RSC/**', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    const seen = page.waitForSelector('#nprogress .bar', { state: 'attached', timeout: 5000 });
    await sidebar(page).getByRole('link', { name: '雇主责任险' }).click();
    await seen;
    await expect(page).toHaveURL(/\/user\/order\/guzhu$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('雇主责任险');
    await expect(page.locator('#nprogress')).toHaveCount(0, { timeout: 5000 });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a route rule redirects first loads on the server', async ({ page }) => {
    await loginViaForm(page, DEMO, '/user/account/overview');
    const res = await page.goto('/user/account?from=rule');
    expect(res?.request().redirectedFrom()?.url()).toContain('/user/account?from=rule');
    await expect(page).toHaveURL(/\/user\/account\/overview\?from=rule$/);
  });

  test('an in-app navigation to an unknown route is stopped with "Page Not Found"', async ({ page }) => {
    await loginViaForm(page, DEMO, '/user/account/overview');
    await page.locator('html[data-nav-ready]').waitFor();
    await page.evaluate(() =>
      (window as unknown as { __portalNav: { navigate: (to: string) => unknown } }).__portalNav.navigate('/user/no-such-page'),
    );
    await expect(page.getByRole('alert').filter({ hasText: '页面不存在：/user/no-such-page' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/account\/overview$/);
  });

  test('after a newer build is reported, the next navigation is a full page load', async ({ page }) => {
    await page.clock.install();
    await loginViaForm(page, DEMO, '/user/account/overview');
    await page.locator('html[data-nav-ready]').waitFor();

    // Same build: a click stays a client navigation.
    await markWindow(page);
    await sidebar(page).getByRole('navigation').getByRole('link', { name: '个人资料' }).click();
    await expect(page).toHaveURL(/\/user\/account\/profile$/);
    expect(await readMarker(page)).toBe(7);

    let polled = 0;
    await page.route('**/builds/latest.json*', (route) => {
      polled += 1;
      return route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } });
    });
    await page.clock.runFor(3_600_000);
    await expect(page.locator('html[data-build-status="outdated"]')).toBeAttached();
    expect(polled).toBeGreaterThan(0);

    await sidebar(page).getByRole('navigation').getByRole('link', { name: '修改密码' }).click();
    await expect(page).toHaveURL(/\/user\/account\/changePassword$/);
    await expect.poll(() => readMarker(page)).toBeNull();
  });
});
