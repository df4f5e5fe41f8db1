import { expect, test } from '@playwright/test';
import { DEMO, loginViaForm } from './helpers';

// Other areas' demo seeders (orders, team) add entries to the demo member's balance too, so these
// read the ledger's own demo entries by their text rather than counting everything.

test('balance log: own entries, kind filter in the URL, in-app paging, CSV export, empty range (Chinese)', async ({ page }) => {
  await loginViaForm(page, DEMO, '/user/account/balance?limit=100');
  await expect(page.getByRole('heading', { name: '余额流水' })).toBeVisible();
  await expect(page.locator('.ledger-totals')).toContainText(/共 \d+ 条/);
  await expect(page.locator('.ledger-card .data-table tbody tr').filter({ hasText: '文件签章服务费' })).toContainText('-120.00');
  // Entries are rendered in the reader's language (they store a topic, not prose).
  await expect(page.locator('.ledger-card .data-table tbody tr').last()).toContainText('期初余额');

  await page.getByLabel('类型').selectOption('payment');
  await page.getByRole('button', { name: '筛选' }).click();
  await expect(page).toHaveURL(/\/user\/account\/balance\?.*kind=payment/);
  const kinds = await page.locator('.ledger-card .data-table tbody .lg-kind').allInnerTexts();
  expect(kinds.length).toBeGreaterThanOrEqual(4);
  expect(new Set(kinds)).toEqual(new Set(['支付']));

  // The CSV of the same filter: BOM, Chinese headers, only payments.
  const href = await page.getByRole('link', { name: '导出 CSV' }).getAttribute('href');
  expect(href).toContain('kind=payment');
  const csv = await page.request.get(href!);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const body = new Uint8Array(await csv.body());
  expect(Array.from(body.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  const lines = new TextDecoder().decode(body).trimEnd().split('\r\n');
  // The time column names its zone: the page's (the browser's once it told us, else the site's).
  expect(lines[0]).toMatch(/^\uFEFF?时间（[A-Za-z_/+-]+）,类型,变动金额（元）/);
  expect(lines.slice(1).every((l) => l.includes(',支付,'))).toBe(true);

  // Page links navigate inside the app (no full load: the window marker survives).
  await page.goto('/user/account/balance');
  await page.evaluate(() => Object.assign(window, { __stay: 1 }));
  await page.getByRole('link', { name: '下一页' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/第 2 \/ \d+ 页/)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay)).toBe(1);

  await page.goto('/user/account/balance?start=2000-01-01&end=2000-01-31');
  await expect(page.getByText('暂无记录', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '导出 CSV' })).toHaveCount(0);
});

test('points log in English, on a phone', async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await ctx.addCookies([{ name: 'ba-lang', value: 'en', url: baseURL! }]);
  const page = await ctx.newPage();
  await loginViaForm(page, DEMO, '/user/account/integral');
  await expect(page.getByRole('heading', { name: 'Points entries' })).toBeVisible();
  await expect(page.locator('.ledger-totals')).toContainText('5 entries');
  await expect(page.locator('.ledger-card .data-table tbody tr').first()).toContainText('-100');
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await ctx.close();
});
