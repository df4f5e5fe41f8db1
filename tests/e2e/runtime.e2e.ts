import { expect, test, type Page } from '@playwright/test';
import { DEMO, MANAGER, loginViaForm } from './helpers';

const GUZHU = '/user/order/guzhu';
const exportLink = (page: Page) => page.locator('a[data-action="export"]');

// The browser-side request helper's retry (503) and session-end (401001) behaviour is covered by
// src/lib/http's tests; the order lists now export by a plain CSV link rather than an API button.
test.describe('permission-guarded actions', () => {
  test('demo sees Export and downloads the CSV; the site manager has no Export and the API refuses', async ({ page, browser }) => {
    await loginViaForm(page, DEMO, GUZHU);
    await expect(exportLink(page)).toHaveText(/^(导出|Export)$/);
    const href = await exportLink(page).getAttribute('href');
    expect(href).toContain('/userapi/v1/order/export?type=order/guzhu&format=csv');
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect((await csv.text()).split('\n').length).toBeGreaterThan(1);

    const ctx = await browser.newContext();
    const mgr = await ctx.newPage();
    await loginViaForm(mgr, MANAGER, GUZHU);
    await expect(mgr.getByRole('heading', { level: 1 })).toHaveText('雇主责任险');
    // Removed, not hidden: the element is not in the document at all.
    await expect(exportLink(mgr)).toHaveCount(0);
    expect(await mgr.content()).not.toContain('/userapi/v1/order/export');
    const res = await mgr.request.get('/userapi/v1/order/export?type=order%2Fguzhu', { headers: { 'think-lang': 'en' } });
    expect(res.status()).toBe(403);
    expect((await res.json()).message).toBe('You do not have permission to operate!');
    await ctx.close();
  });
});
