/**
 * Actions where the work is (#29 item 5): status tabs with counts on the order and claim lists,
 * Pay on unpaid orders (the detail page opens the payment's confirmation), Upload documents on
 * claims that need them, Cancel / Surrender in the detail page's danger zone with the refund in the
 * confirmation, and the invoice form grouped by policy with select-all and the reason submit is off.
 * Chinese and English, on a 390 px phone.
 */
import { expect, test } from '@playwright/test';
import { DEMO, loginViaForm, waitForHydration } from './helpers';

const WORDS = {
  'zh-cn': {
    toPay: '待支付',
    pay: '支付',
    upload: '上传材料',
    danger: '风险操作',
    needSource: '请至少选择一笔付款',
    needTitle: '请填写发票抬头',
  },
  en: {
    toPay: 'To pay',
    pay: 'Pay',
    upload: 'Upload documents',
    danger: 'Danger zone',
    needSource: 'Select at least one payment',
    needTitle: 'Fill in the invoice title',
  },
} as const;

test.use({ viewport: { width: 390, height: 800 } });

for (const lang of ['zh-cn', 'en'] as const) {
  test(`${lang}: tabs, Pay, Upload documents, danger zone and invoice reasons on a phone`, async ({ page, context, baseURL }) => {
    const w = WORDS[lang];
    await context.addCookies([{ name: 'ba-lang', value: lang, url: baseURL ?? 'http://localhost' }]);
    await loginViaForm(page, DEMO);
    const noSideways = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Order list: the "To pay" tab filters by status in the URL, marked current, its count = the rows.
    await page.goto('/user/order/guzhu');
    const toPay = page.locator('.status-tabs a[data-tab="unpaid"]');
    await expect(toPay).toContainText(w.toPay);
    const count = Number(await toPay.locator('.status-tab-count').innerText());
    await toPay.click();
    await expect(page).toHaveURL(/status=unpaid/);
    await expect(page.locator('.status-tabs a[data-tab="unpaid"]')).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.order-table tbody tr')).toHaveCount(Math.min(count, 20));
    await noSideways();
    // Pay opens the order with the payment's confirmation already asked.
    const pay = page.locator('.order-table [data-action="pay"]').first();
    await expect(pay).toHaveText(w.pay);
    await pay.click();
    await waitForHydration(page);
    await expect(page.locator('.order-confirm[role="dialog"]')).toBeVisible();

    // Claims: Upload documents on the claim that needs them, leading to its checklist.
    await page.goto('/user/claim/list');
    await page.locator('.status-tabs a[data-tab="need_documents"]').click();
    await expect(page.locator('.status-tabs [aria-current="page"]')).toHaveAttribute('data-tab', 'need_documents');
    const upload = page.locator('.claim-table [data-action="upload"]').first();
    await expect(upload).toHaveText(w.upload);
    await noSideways();
    await upload.click();
    await expect(page).toHaveURL(/#cd-docs$/);
    await expect(page.locator('#cd-docs')).toBeVisible();

    // An order in force: Surrender sits in the danger zone, its confirmation shows the refund.
    await page.goto('/user/order/guzhu?status=effective');
    await page.locator('.order-table .order-no').first().click();
    await waitForHydration(page);
    const zone = page.locator('.order-danger');
    await expect(zone.locator('h2')).toHaveText(w.danger);
    await expect(page.locator('.card-actions [data-action="surrender"]')).toHaveCount(0);
    await zone.locator('[data-action="surrender"]').click();
    await expect(zone.locator('[data-refund]')).toContainText('¥');
    await expect(zone.locator('[data-confirm="surrender"]')).toContainText('¥');
    await noSideways();

    // Invoices: grouped by policy; the reason beside the disabled submit; select-all per policy.
    await page.goto('/user/order/invoiceApply');
    await waitForHydration(page);
    const submit = page.locator('.invoice-submit button[type="submit"]');
    await expect(page.locator('#inv-blocked')).toHaveText(w.needSource);
    await expect(submit).toBeDisabled();
    const group = page.locator('tbody.invoice-group:has(input[data-pick-all])').first();
    await group.locator('input[data-pick-all]').check();
    const boxes = group.locator('tr[data-source] input[type="checkbox"]');
    for (const box of await boxes.all()) await expect(box).toBeChecked();
    await page.locator('#inv-title').fill('');
    await expect(page.locator('#inv-blocked')).toHaveText(w.needTitle);
    await page.locator('#inv-title').fill('上海示例科技有限公司');
    await expect(page.locator('#inv-blocked')).toHaveCount(0);
    await expect(submit).toBeEnabled();
    await noSideways();
  });
}
