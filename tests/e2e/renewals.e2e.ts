import { expect, type Page, test } from '@playwright/test';
import { loginViaForm } from './helpers';

/**
 * Renewals: demo's policy that ends in about ten days was reminded (its notices), offers Renew on its
 * page and on the desk; the renewal page shows the price change (the plan's price went up since),
 * creates the order and lands on its page with Pay open. Chinese on a desktop, English on a phone.
 */
test.describe.configure({ mode: 'serial' });

const WORDS = {
  'zh-cn': { renew: '续保', create: '创建续保订单', pay: '支付', toPay: '去支付', renews: /续保自/ },
  en: { renew: 'Renew', create: 'Create renewal order', pay: 'Pay', toPay: 'Go to payment', renews: /Renews/ },
} as const;

async function endingPolicyId(page: Page): Promise<number> {
  await page.goto('/user/account/overview');
  const link = page.locator('.desk-tasks a[href^="/user/renewal?id="]').first();
  await expect(link).toBeVisible();
  return Number(new URL((await link.getAttribute('href'))!, 'http://x').searchParams.get('id'));
}

async function noSideways(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

test('zh-cn: the reminder, Renew on the policy, the difference, the order and Pay', async ({ page }) => {
  const w = WORDS['zh-cn'];
  await loginViaForm(page, undefined, undefined, { timeout: 30_000 });
  const id = await endingPolicyId(page);
  // The reminder is among demo's notices, linking to the renewal page (other specs may have marked
  // it read, and the bell shows only the latest read ones after the unread).
  const notices = await (await page.request.get('/userapi/v1/notice/list?limit=100')).json();
  const reminders = (notices.data.list as { link: string; title: string }[]).filter((n) => n.link === `/user/renewal?id=${id}`);
  expect(reminders.length).toBeGreaterThan(0);
  expect(reminders[0].title).toMatch(/[\u4e00-\u9fff]/);
  await page.goto(`/user/order/groupDetail?id=${id}`);
  await page.locator('[data-action="renew"]').click();
  await expect(page).toHaveURL(new RegExp(`/user/renewal\\?id=${id}`));
  const diff = page.locator('[data-difference]');
  await expect(diff).toBeVisible();
  expect(Number(await diff.getAttribute('data-difference'))).toBeGreaterThan(0);
  await expect(page.locator('.renewal-compare')).toContainText('比原保单多');
  await page.getByRole('button', { name: w.create }).click();
  await expect(page).toHaveURL(/\/user\/order\/groupDetail\?id=\d+/);
  expect(page.url()).not.toContain(`id=${id}&`);
  await expect(page.locator('[data-renewal-of]')).toContainText(w.renews);
  await expect(page.getByRole('dialog', { name: w.pay, exact: true })).toBeVisible();
});

test('en on a 390 px phone: the renewal order stands; the page compares and goes on to Pay', async ({ page, context, baseURL }) => {
  const w = WORDS.en;
  await page.setViewportSize({ width: 390, height: 844 });
  await context.addCookies([{ name: 'ba-lang', value: 'en', url: baseURL! }]);
  await loginViaForm(page, undefined, undefined, { timeout: 30_000 });
  const id = await endingPolicyId(page);
  await page.goto(`/user/order/groupDetail?id=${id}`);
  await expect(page.locator('[data-renewed-by]')).toContainText('Renewal order');
  await page.goto(`/user/renewal?id=${id}`);
  await expect(page.locator('.renewal-compare')).toContainText('more than the current policy');
  await expect(page.locator('.renewal-compare thead')).toContainText('Current policy');
  await noSideways(page);
  await page.getByRole('link', { name: w.toPay }).click();
  await expect(page).toHaveURL(/\/user\/order\/groupDetail\?id=\d+&ask=pay/);
  await expect(page.getByRole('dialog', { name: w.pay, exact: true })).toBeVisible();
  await noSideways(page);
});
