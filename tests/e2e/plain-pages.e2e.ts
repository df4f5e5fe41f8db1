import { expect, test, type Page } from '@playwright/test';
import { DEMO, loginViaForm, waitForHydration } from './helpers';

/** Script URLs the page fetches from now on, and whether it made an RSC request. */
function watchScripts(page: Page) {
  const scripts: string[] = [];
  let rsc = 0;
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (req.resourceType() === 'script') scripts.push(pathname);
    if (pathname.startsWith('/RSC/')) rsc++;
  });
  return { scripts, rsc: () => rsc };
}

test.describe('plain pages (home, products, verify, not found): served without React', () => {
  for (const path of ['/', '/product', '/verify', '/no/such/page']) {
    test(`${path} loads only the plain-page script`, async ({ page }) => {
      const seen = watchScripts(page);
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(seen.scripts).toHaveLength(1);
      expect(seen.scripts[0]).toMatch(/^\/assets\/plain-page-[\w-]+\.js$/);
      expect(seen.rsc()).toBe(0);
      expect(await page.evaluate(() => typeof (window as unknown as { __FLIGHT_DATA?: unknown }).__FLIGHT_DATA)).toBe('undefined');
    });
  }

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

    const before = await page.locator('html').getAttribute('data-theme');
    const next = before === 'dark' ? 'light' : 'dark';
    // The theme flips in the page (no reload), as on hydrated pages.
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 3));
    await page.locator('form[action="/theme"] button').first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', next);
    await expect(page.locator('form[action="/theme"] button').first()).toHaveAttribute('aria-pressed', String(next === 'dark'));
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(3);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', next);

    const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect((await context.cookies()).find((c) => c.name === 'ba-tz')?.value).toBe(encodeURIComponent(tz));
  });

  test("a member's header menu on the home page opens, closes with Escape and on an outside click", async ({ page }) => {
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

  test('from a plain page into a hydrated one, and back with a full page load', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.locator('header nav').getByRole('link', { name: '在线报价' }).click();
    await expect(page).toHaveURL(/\/offer$/);
    await page.locator('html[data-nav-ready]').waitFor();
    // The offer page runs the React runtime; its head nav links navigate in the app from here…
    await expect.poll(() => page.evaluate(() => typeof (window as unknown as { __portalNav?: unknown }).__portalNav)).toBe('object');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    // …except into a plain page, whose script only comes with the document.
    const seen = watchScripts(page);
    await page.locator('header nav').getByRole('link', { name: '首页' }).click();
    await expect(page).toHaveURL(/\/$/);
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
    expect(seen.scripts.filter((s) => !s.startsWith('/assets/plain-page-'))).toEqual([]);
    expect(seen.rsc()).toBe(0);
  });
});
