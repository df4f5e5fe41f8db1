/**
 * Notices end to end (issue #30): a member asks for a top-up; the operator's bell shows the new
 * work; the operator confirms it in the console; the member's bell shows "credited" — in English
 * and in Chinese, on a 390 px phone, without sideways scrolling — and opens the balance page. And an
 * invoice request the operator rejects in the console reaches the member with the reason.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { encode } from 'fast-png';
import { DEMO, waitForHydration } from './helpers';

test.describe.configure({ timeout: 120_000 });
const SLOW = { timeout: 20_000 };
const OPERATOR = { account: 'operator', password: 'Operator#2026' };
const PHONE = { width: 390, height: 844 };

function picture(w: number, h: number): Buffer {
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set([i % w < w / 2 ? 220 : 30, 60, 90, 255], i * 4);
  return Buffer.from(encode({ width: w, height: h, data, channels: 4 }));
}

async function signIn(
  browser: Browser,
  baseURL: string,
  who: { account: string; password: string },
  lang: string,
  to: string,
  phone = false,
) {
  const ctx = await browser.newContext(phone ? { viewport: PHONE } : {});
  await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL }]);
  const page = await ctx.newPage();
  await page.goto(`/user/login?to=${encodeURIComponent(to)}`);
  await waitForHydration(page);
  await page.locator('input[name="account"]').fill(who.account);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('form[action="/user/login"] button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/user\/login/, SLOW);
  await waitForHydration(page);
  return { ctx, page };
}

/** Open the header bell; the entry whose title matches is returned. */
async function openBell(page: Page, title: string | RegExp) {
  const bell = page.locator('details.notification-bell').first();
  await bell.locator('summary').click();
  const item = bell
    .locator('.notification-item')
    .filter({ has: page.locator('.n-title', { hasText: title }) })
    .first();
  await expect(item).toBeVisible(SLOW);
  return item;
}

async function noSidewaysScroll(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over).toBeLessThanOrEqual(0);
}

test('a top-up confirmed by the operator reaches the member through the bell, in English and Chinese, on a phone', async ({
  browser,
  baseURL,
}) => {
  const ref = `NF-${Date.now().toString(36)}`;
  // The member asks for a top-up (English, phone).
  const member = await signIn(browser, baseURL!, DEMO, 'en', '/user/account/balance', true);
  const page = member.page;
  await page.locator('[data-field="amount"] input').fill('77.70');
  await page.locator('[data-field="payment_ref"] input').fill(ref);
  const uploaded = page.waitForResponse((r) => r.url().includes('/userapi/v1/index/upload'));
  await page
    .locator('[data-field="slip"] input[type="file"]')
    .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: picture(120, 80) });
  expect((await uploaded).status()).toBe(200);
  const asked = page.waitForResponse((r) => r.url().endsWith('/userapi/v1/account/topup') && r.request().method() === 'POST');
  await page
    .locator('form')
    .filter({ has: page.locator('[data-field="payment_ref"]') })
    .locator('button[type="submit"]')
    .click();
  expect((await asked).status()).toBe(200);

  // The operator's bell shows the new work; its link opens the top-up queue, where they confirm.
  const op = await signIn(browser, baseURL!, OPERATOR, 'en', '/user/operator/topups?status=pending');
  await op.page.reload();
  const work = await openBell(op.page, 'New in Top-ups');
  await expect(work.locator('.n-body')).toHaveText(`${ref} is waiting for you in Top-ups.`);
  await work.locator('a').click();
  await expect(op.page).toHaveURL(/\/user\/operator\/topups/);
  const row = op.page.locator('tr').filter({ hasText: ref });
  await row.getByRole('button', { name: /^Confirm top-up/ }).click();
  await expect(op.page.getByText('Top-up confirmed and credited')).toBeVisible(SLOW);
  await op.ctx.close();

  // The member's bell (English, 390 px): unread count, the notice, no sideways scrolling; it opens the balance page.
  await page.goto('/user/account/overview');
  await expect(page.locator('details.notification-bell .notification-count').first()).toBeVisible();
  const credited = await openBell(page, 'Top-up credited');
  await expect(credited.locator('.n-body')).toHaveText(
    `Your top-up of ¥77.70 (payment reference ${ref}) was confirmed and added to your balance.`,
  );
  await expect(credited).toBeInViewport();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/notice-flows-en-390.png' });
  await credited.locator('a').click();
  await expect(page).toHaveURL(/\/user\/account\/balance/);
  await expect(page.locator('.account-topups tr').filter({ hasText: ref })).toContainText('Credited');

  // The same notice in Chinese.
  await member.ctx.addCookies([{ name: 'ba-lang', value: 'zh-cn', url: baseURL! }]);
  await page.goto('/user/account/overview');
  const zh = await openBell(page, '充值已到账');
  await expect(zh.locator('.n-body')).toContainText(`您的充值 ¥77.70（付款流水号 ${ref}）已确认`);
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/notice-flows-zh-390.png' });
  await member.ctx.close();
});

test('an invoice request the operator rejects reaches the member with the reason: Chinese at 1366 px, English on a phone', async ({
  browser,
  baseURL,
}) => {
  const reason = `抬头与付款单位不一致 ${Date.now().toString(36)}`;
  // The member applies for an invoice on one of its invoiceable payments.
  const member = await signIn(browser, baseURL!, DEMO, 'zh-cn', '/user/account/overview');
  const page = member.page;
  const api = (path: string, data?: unknown) =>
    data === undefined
      ? page.request.get(`/userapi/v1/${path}`)
      : page.request.post(`/userapi/v1/${path}`, { data, headers: { origin: baseURL! } });
  const listed = (await (await api('invoice/sources')).json()).data.list as {
    source_type: string;
    source_id: number;
    invoiceable: string;
  }[];
  const sources = listed.filter((s) => Number(s.invoiceable) > 0);
  expect(sources.length).toBeGreaterThan(0);
  const [source] = sources;
  const applied = await api('invoice/apply', {
    request_id: `nf-invoice-${Date.now()}`,
    sources: [{ type: source.source_type, id: source.source_id }],
    kind: 'normal',
    title_type: 'company',
    title: '上海示例科技有限公司',
    taxpayer_id: '91310115MA1K4ABC18',
    email: 'finance@example.com',
  });
  expect([applied.status(), (await applied.json()).message]).toEqual([200, expect.any(String)]);
  const inv = (await applied.json()).data.invoice as { id: number; apply_no: string };

  // The operator rejects it from the console, with the reason (Chinese, 1366 px).
  const op = await signIn(browser, baseURL!, OPERATOR, 'zh-cn', `/user/operator/invoiceDetail?id=${inv.id}`);
  await op.page.setViewportSize({ width: 1366, height: 900 });
  const reject = op.page.locator('section[aria-labelledby="iv-reject"]');
  await reject.locator('input[name="reason"]').fill(reason);
  const rejected = op.page.waitForResponse((r) => r.url().endsWith('/userapi/v1/operator/invoice/reject'));
  await reject.getByRole('button', { name: '驳回' }).click();
  expect((await rejected).status()).toBe(200);
  await op.ctx.close();

  // The member's bell in Chinese at 1366 px names the request, the amount and the reason; it opens the invoice list.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/user/account/overview');
  const zh = await openBell(page, `发票申请 ${inv.apply_no} 已驳回`);
  await expect(zh.locator('.n-body')).toContainText(`原因：${reason}`);
  await expect(zh.locator('.n-body')).toContainText('可修改后重新申请');
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/notice-flows-invoice-zh-1366.png' });
  await zh.locator('a').click();
  await expect(page).toHaveURL(new RegExp(`/user/order/invoiceApply\\?invoice=${inv.id}`));
  await expect(page.locator(`tr[data-invoice="${inv.apply_no}"]`)).toContainText(reason);

  // The same notice in English on a 390 px phone.
  await member.ctx.addCookies([{ name: 'ba-lang', value: 'en', url: baseURL! }]);
  await page.setViewportSize(PHONE);
  await page.goto('/user/account/overview');
  const en = await openBell(page, `Invoice request ${inv.apply_no} rejected`);
  await expect(en.locator('.n-body')).toContainText(
    `was rejected: ${reason}. Its amounts are free again; correct the details and apply again.`,
  );
  await expect(en).toBeInViewport();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/notice-flows-invoice-en-390.png' });
  await member.ctx.close();
});
