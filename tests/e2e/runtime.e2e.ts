import { expect, test, type Page } from '@playwright/test';
import { DEMO, MANAGER, loginViaForm } from './helpers';

const GUZHU = '/user/order/guzhu';
const exportButton = (page: Page) => page.getByRole('button', { name: /^(导出|Export)$/ });

test.describe('permission-guarded actions', () => {
  test('demo sees Export and the API answers; the site manager has no Export and the API refuses', async ({ page, browser }) => {
    await loginViaForm(page, DEMO, GUZHU);
    await exportButton(page).click();
    await expect(page.getByRole('status').filter({ hasText: '暂无可导出的记录' })).toBeVisible();

    const ctx = await browser.newContext();
    const mgr = await ctx.newPage();
    await loginViaForm(mgr, MANAGER, GUZHU);
    await expect(mgr.getByRole('heading', { level: 1 })).toHaveText('雇主责任险');
    // Removed, not hidden: the element is not in the document at all.
    await expect(exportButton(mgr)).toHaveCount(0);
    expect(await mgr.content()).not.toContain('/userapi/v1/order/export');
    const res = await mgr.request.get('/userapi/v1/order/export?type=order%2Fguzhu', { headers: { 'think-lang': 'en' } });
    expect(res.status()).toBe(403);
    expect((await res.json()).message).toBe('You do not have permission to operate!');
    await ctx.close();
  });
});

test.describe('request errors in the browser', () => {
  test('a 503 from the API shows "Service unavailable!" after one retry', async ({ page, context }) => {
    await context.addCookies([{ name: 'ba-lang', value: 'en', url: 'http://127.0.0.1' }]);
    await loginViaForm(page, DEMO, GUZHU);
    let hits = 0;
    await page.route('**/userapi/v1/order/export*', (route) => {
      hits += 1;
      return route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' });
    });
    await exportButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Service unavailable!' })).toBeVisible();
    expect(hits).toBe(2);
  });

  test('a 401001 answer clears the session and goes to login', async ({ page }) => {
    await loginViaForm(page, DEMO, GUZHU);
    await page.route('**/userapi/v1/order/export*', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ code: 401001, message: 'Please login first', data: null, time: 0 }),
      }),
    );
    await exportButton(page).click();
    await expect(page).toHaveURL(/\/user\/login\?to=%2Fuser%2Forder%2Fguzhu$/);
  });
});
