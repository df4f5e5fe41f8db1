/**
 * Money across a policy's life in the browser, in Chinese and English, on a desktop and a phone:
 * the demo policy that was endorsed, invoiced and surrendered shows its premium history and its
 * credit invoice; a new policy bought mixed-class shows one premium line per class, and surrendering
 * it before it starts shows the server's quote (everything back) before the member confirms.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_HOLDERS } from '../../src/features/orders/demo-people';
import { makeResidentId } from '../../src/lib/cn-id';
import { DEMO, loginViaForm } from './helpers';

test.describe.configure({ timeout: 60_000 });

const WORDS = {
  'zh-cn': {
    surrenderRefund: '退保退费',
    firstPremium: '首期保费',
    notStarted: '保障尚未开始',
    credit: '红字发票',
    byClass: '按职业类别计费',
  },
  en: {
    surrenderRefund: 'Surrender refund',
    firstPremium: 'First premium',
    notStarted: 'Cover has not started yet',
    credit: 'Credit invoice',
    byClass: 'Priced by occupation class',
  },
} as const;
type Lang = keyof typeof WORDS;

const CJK = /[\u3400-\u9fff]/;

async function api(request: APIRequestContext, baseURL: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res =
    method === 'GET'
      ? await request.get(`${baseURL}/userapi/v1/${path}`)
      : await request.post(`${baseURL}/userapi/v1/${path}`, { data, headers: { origin: baseURL } });
  const body = await res.json();
  expect(res.status(), `${path}: ${body.message}`).toBe(200);
  return body.data;
}

/** A named guzhu policy of 7/6/7 people in classes 1/2/3 starting in 10 days, paid (the sandbox accepts it). */
async function buyMixed(page: Page, baseURL: string, seed: number): Promise<number> {
  const request = page.context().request;
  const catalogue = await api(request, baseURL, 'GET', 'product/list');
  const guzhu = catalogue.list.find((p: { code: string }) => p.code === 'guzhu');
  const plan = guzhu.plans.find((p: { classes: number[] }) => [1, 2, 3].every((c) => p.classes.includes(c)));
  const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const insured = Array.from({ length: 20 }, (_, i) => ({
    name: `混合${String.fromCharCode(0x4e00 + seed * 40 + i)}`,
    id_no: makeResidentId(`198${i % 10}-0${1 + (i % 9)}-2${i % 9}`, 600 + seed * 40 + i, '320102'),
    class: i < 7 ? 1 : i < 13 ? 2 : 3,
  }));
  const created = await api(request, baseURL, 'POST', 'order/create', {
    request_id: `e2e-money-${seed}-${Date.now()}`,
    plan_id: plan.id,
    class: 3,
    months: 12,
    start_date: start,
    policyholder: DEMO_HOLDERS.demo,
    insured,
  });
  const id = Number(created.order.id);
  await api(request, baseURL, 'POST', 'order/pay', { id, request_id: `e2e-pay-${seed}-${Date.now()}` });
  await expect
    .poll(async () => (await api(request, baseURL, 'GET', `order/detail?id=${id}`)).order.status, { timeout: 15_000 })
    .toBe('effective');
  return id;
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`premium history, credit invoice and a surrender quote (${lang})`, async ({ browser, baseURL }) => {
    const w = WORDS[lang];
    const ctx = await browser.newContext();
    await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL! }]);
    const page = await ctx.newPage();
    await loginViaForm(page, DEMO);

    // The seeded policy: endorsed (two in, one out), invoiced, then surrendered.
    const list = await api(ctx.request, baseURL!, 'GET', 'order/list?type=tuanyi&status=surrendered&limit=50');
    const surrendered = list.list[0];
    await page.goto(`/user/order/groupDetail?id=${surrendered.id}`);
    const account = page.locator('[data-premium-account]');
    await expect(account.locator('tr[data-premium-kind="premium"]')).toContainText(w.firstPremium);
    await expect(account.locator('tr[data-premium-kind="endorse_charge"]')).toHaveCount(1);
    await expect(account.locator('tr[data-premium-kind="endorse_refund"]')).toHaveCount(1);
    await expect(account.locator('tr[data-premium-kind="surrender_refund"]')).toContainText(w.surrenderRefund);
    if (lang === 'en') expect(CJK.test(await account.innerText())).toBe(false);
    await page.goto('/user/order/invoiceApply');
    await expect(page.locator('[data-credit]').first()).toHaveText(w.credit);

    // A mixed-class policy: one line per class, then surrendered before it starts from the dialog.
    const id = await buyMixed(page, baseURL!, lang === 'en' ? 2 : 1);
    await page.goto(`/user/order/groupDetail?id=${id}`);
    await expect(page.locator('[data-premium-account] h3').first()).toHaveText(w.byClass);
    await expect(page.locator('[data-premium-account] tr[data-class-line]')).toHaveCount(3);
    await expect(page.locator('[data-class-mix]')).toHaveText('1 × 7 · 2 × 6 · 3 × 7');
    const before = (await api(ctx.request, baseURL!, 'GET', 'account/balance?limit=10')).sum;
    await page.locator('[data-action="surrender"]').click();
    const quote = page.locator('[data-surrender-quote]');
    await expect(quote).toContainText(w.notStarted);
    await expect(quote.locator('[data-refund]')).toBeVisible();
    const paid = (await api(ctx.request, baseURL!, 'GET', `order/detail?id=${id}`)).order.premium as string;
    await expect(quote.locator('[data-refund]')).toContainText(Number(paid).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    await page.locator('.order-confirm [data-confirm="surrender"]').click();
    await expect(page.locator('[data-premium-account] tr[data-premium-kind="surrender_refund"]')).toHaveCount(1, { timeout: 15_000 });
    const after = (await api(ctx.request, baseURL!, 'GET', 'account/balance?limit=10')).sum;
    expect((Number(after) - Number(before)).toFixed(2)).toBe(Number(paid).toFixed(2));

    // On a phone the policy page with its premium tables does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.locator('[data-premium-account]')).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    await ctx.close();
  });
}
