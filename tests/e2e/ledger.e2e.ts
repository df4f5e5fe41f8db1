import { expect, test } from '@playwright/test';
import { DEMO, loginViaForm } from './helpers';

test('balance log: own entries, kind filter in the URL, empty range (Chinese)', async ({ page }) => {
  await loginViaForm(page, DEMO, '/user/account/balance');
  await expect(page.getByRole('heading', { name: '余额流水' })).toBeVisible();
  await expect(page.locator('.ledger-totals')).toContainText('共 8 条');
  await expect(page.locator('.ledger-totals')).toContainText('+12,500.00');
  await expect(page.locator('.data-table tbody tr')).toHaveCount(8);
  await expect(page.locator('.data-table tbody tr').last()).toContainText('Opening balance');

  await page.getByLabel('类型').selectOption('payment');
  await page.getByRole('button', { name: '筛选' }).click();
  await expect(page).toHaveURL(/\/user\/account\/balance\?.*kind=payment/);
  await expect(page.locator('.data-table tbody tr')).toHaveCount(4);
  await expect(page.locator('.ledger-totals')).toContainText('-3,391.50');

  await page.goto('/user/account/balance?start=2000-01-01&end=2000-01-31');
  await expect(page.getByText('暂无记录')).toBeVisible();
});

test('points log in English, on a phone', async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await ctx.addCookies([{ name: 'ba-lang', value: 'en', url: baseURL! }]);
  const page = await ctx.newPage();
  await loginViaForm(page, DEMO, '/user/account/integral');
  await expect(page.getByRole('heading', { name: 'Points entries' })).toBeVisible();
  await expect(page.locator('.ledger-totals')).toContainText('5 entries');
  await expect(page.locator('.data-table tbody tr').first()).toContainText('-100');
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await ctx.close();
});
