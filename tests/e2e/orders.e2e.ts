import { expect, type Page, test } from '@playwright/test';
import { makeResidentId } from '../../src/lib/cn-id';
import { DEMO, waitForHydration } from './helpers';

/** The words each language shows at the steps the flow clicks through. */
const WORDS = {
  'zh-cn': {
    quote: '计算保费',
    buy: '立即投保',
    imported: /已导入 3 行，其中 1 行有问题/,
    idBad: /身份证号不正确/,
    submit: '提交并支付',
    confirm: '确认支付',
    pdf: '下载保单',
    effective: '保障中',
  },
  en: {
    quote: 'Get a quote',
    buy: 'Buy now',
    imported: /3 rows imported, 1 need fixing/,
    idBad: /not valid/,
    submit: 'Submit and pay',
    confirm: 'Pay now',
    pdf: 'Download policy',
    effective: 'In force',
  },
} as const;

async function flow(page: Page, lang: 'zh-cn' | 'en', seed: number) {
  const w = WORDS[lang];
  // A visitor quotes on /offer (live once hydrated), then buys.
  await page.goto('/offer');
  await waitForHydration(page);
  await page.locator('#oq-plan').selectOption({ index: 0 });
  await page.locator('#oq-class').selectOption('1');
  await page.locator('#oq-headcount').fill('3');
  await page.locator('#oq-months').selectOption('12');
  await expect(page.locator('[data-quote-premium]')).toHaveText('¥360.00');
  await page.locator('[data-action="buy"]').click();

  // Login with `to=`, then the prefilled form.
  await expect(page).toHaveURL(/\/user\/login\?to=/);
  await waitForHydration(page);
  await page.locator('input[name="account"]').fill(DEMO.account);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.locator('form[action="/user/login"] button[type="submit"]').click();
  await expect(page).toHaveURL(/\/user\/order\/guzhu\?new=1&plan=\d+&class=1&months=12&headcount=3/, { timeout: 20_000 });
  await waitForHydration(page);
  await expect(page.locator('#of-h-name')).not.toHaveValue(''); // policyholder from the last order

  // Import a CSV with one bad ID number (file row 3).
  const ids = [
    makeResidentId('1985-04-12', 100 + seed),
    makeResidentId('1990-09-30', 200 + seed),
    makeResidentId('1979-01-05', 300 + seed),
  ];
  const bad = `${ids[1].slice(0, 17)}${ids[1][17] === '0' ? '1' : '0'}`;
  const csv = `\uFEFF姓名,身份证号,职业类别\r\n王小明,${ids[0]},1\r\n李小红,${bad},1\r\n赵大力,${ids[2]},1\r\n`;
  await page
    .locator('.order-import input[type="file"]')
    .setInputFiles({ name: `insured-${lang}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText(w.imported)).toBeVisible({ timeout: 15_000 });
  const badRow = page.locator('tr.has-error');
  await expect(badRow).toHaveCount(1);
  await expect(badRow).toContainText(w.idBad);
  await expect(badRow).toContainText('3'); // the file's own row number

  // Fix it; the live premium is the quote's.
  await badRow.locator('td.or-id input').fill(ids[1]);
  await expect(page.locator('tr.has-error')).toHaveCount(0);
  await expect(page.locator('[data-premium]')).toHaveText('¥360.00');

  // Pay with confirmation; the sandbox underwrites; the policy number and PDF follow.
  await page.getByRole('button', { name: w.submit }).click();
  await page.getByRole('button', { name: w.confirm }).click();
  await expect(page).toHaveURL(/\/user\/order\/groupDetail\?id=\d+/, { timeout: 15_000 });
  await expect(page.locator('[data-policy-no]')).toHaveText(/^PL\d{12}$/, { timeout: 20_000 });
  await expect(page.locator('.order-status').first()).toHaveText(w.effective);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: w.pdf }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^policy-PL\d{12}\.pdf$/);
}

test('visitor quotes, buys, logs in, imports a list with a bad ID, fixes it, pays and gets the policy (Chinese)', async ({ page }) => {
  test.setTimeout(90_000);
  await flow(page, 'zh-cn', 1);
});

test('the same in English, on a phone-sized screen for the lists afterwards', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const ctx = await browser.newContext({ acceptDownloads: true });
  await ctx.addCookies([{ name: 'ba-lang', value: 'en', url: baseURL! }]);
  const page = await ctx.newPage();
  await flow(page, 'en', 2);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/user/order/guzhu?status=effective');
  await expect(page.locator('.order-table tbody tr').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'New application' })).toBeVisible();
  await ctx.close();
});

test('the site manager sees its own orders and no Add button', async ({ page }) => {
  await page.goto('/user/login?to=%2Fuser%2Forder%2Fguzhu');
  await waitForHydration(page);
  await page.locator('input[name="account"]').fill('manager');
  await page.locator('input[name="password"]').fill('Manager#2026');
  await page.locator('form[action="/user/login"] button[type="submit"]').click();
  await expect(page).toHaveURL(/\/user\/order\/guzhu/);
  await expect(page.locator('.order-table tbody tr')).toHaveCount(2);
  await expect(page.locator('[data-action="add"]')).toHaveCount(0);
});
