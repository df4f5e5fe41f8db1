import { expect, type Page, test } from '@playwright/test';
import { DEMO, loginViaForm, waitForHydration } from './helpers';

/**
 * What the browser runtime (src/ui/client-runtime.tsx, mounted by the root layout) does on
 * every page, public ones too: in-app links, the language and theme switches, the time-zone
 * cookie, the header dropdowns.
 */

const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: 1 }));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: number }).__sameDocument === 1);

test.describe('the browser runtime on every page', () => {
  test('public links navigate in the app; the language and the theme switches work; the time zone reaches the server', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    await mark(page);
    await page.locator('header nav').getByRole('link', { name: '保险产品' }).click();
    await expect(page).toHaveURL(/\/product$/);
    await expect(page.locator('header nav a[aria-current="page"]')).toHaveText('保险产品');
    expect(await sameDocument(page)).toBe(true);

    // The language: the server renders the page again in it (a document load).
    await page.locator('form[action="/lang"] button').first().click();
    await expect(page).toHaveURL(/\/product$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(/^Products? - /);
    await waitForHydration(page);

    const before = await page.locator('html').getAttribute('data-theme');
    const next = before === 'dark' ? 'light' : 'dark';
    // The theme flips in the page (no reload): the window keeps its marker.
    await mark(page);
    await page.locator('form[action="/theme"] button').first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', next);
    await expect(page.locator('form[action="/theme"] button').first()).toHaveAttribute('aria-pressed', String(next === 'dark'));
    expect(await sameDocument(page)).toBe(true);
    // …and stays after an in-app navigation and a reload.
    await page.locator('header nav a[href="/offer"]').click();
    await expect(page).toHaveURL(/\/offer$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', next);
    expect(await sameDocument(page)).toBe(true);
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
  });

  test('from the home page to the quote form and back in the app: the quote form works after the navigation', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await mark(page);
    await page.locator('header nav').getByRole('link', { name: '在线报价' }).click();
    await expect(page).toHaveURL(/\/offer$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.locator('header nav').getByRole('link', { name: '首页' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sameDocument(page)).toBe(true);
  });
});
