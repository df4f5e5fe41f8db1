import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { loginViaForm } from './helpers';

/**
 * Balance runway (#31, item 5): demo_site1's figure — computed here from what the API says of its
 * balance and its policies in force (premium ÷ days of cover, floor of balance ÷ daily premium) — on
 * its own overview and on its main account's allocation page, in Chinese on a desktop and in
 * English on a 390 px phone.
 */
// Two sign-ins and four pages each: more than the default 30 s on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const SITE1 = { account: 'demo_site1', password: 'Site1#2026' };
const DAY = 86_400_000;
const fen = (yuan: string) => Math.round(Number(yuan) * 100);
const days = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY) + 1;

interface ListedOrder {
  status: string;
  start_date: string;
  end_date: string;
  premium: string;
  insured_count: number;
}

/** demo_site1's runway from its balance and its policies in force (as demo_site1 signed in). */
async function expectedRunway(request: APIRequestContext): Promise<{ days: number; people: number }> {
  const overview = await (await request.get('/userapi/v1/account/overview')).json();
  const balance = fen(overview.data.balance);
  const today = (await (await request.get('/userapi/v1/runway')).json()).data.today as string;
  const orders: ListedOrder[] = [];
  for (const type of ['guzhu', 'tuanyi']) {
    const r = await (await request.get(`/userapi/v1/order/list?type=${type}&limit=100`)).json();
    orders.push(...r.data.list);
  }
  // No endorsement changed its policies: each row's premium is its share of the order's premium over the same days.
  const inForce = orders.filter((o) => o.status === 'effective' && o.start_date <= today && o.end_date >= today);
  const daily = inForce.reduce((s, o) => s + fen(o.premium) / days(o.start_date, o.end_date), 0);
  const people = inForce.reduce((s, o) => s + o.insured_count, 0);
  expect(people).toBeGreaterThan(0);
  return { days: Math.floor(balance / daily + 1e-9), people };
}

async function noSideways(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

test('zh-cn: demo_site1’s runway on its overview and on the allocation page', async ({ page, browser, baseURL }) => {
  await loginViaForm(page, SITE1, undefined, { timeout: 30_000 });
  const want = await expectedRunway(page.request);
  await page.goto('/user/account/overview');
  const card = page.getByTestId('runway-card');
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { name: '余额可用天数' })).toBeVisible();
  await expect(card.locator(`[data-runway-days="${want.days}"]`)).toHaveText(`${want.days} 天`);
  await expect(card).toContainText(`${want.people} 人`);
  await expect(card).toHaveAttribute('data-scope', 'account');

  // Its main account sees it per account on the allocation page, beside the company total.
  const context = await browser.newContext({ baseURL });
  const owner = await context.newPage();
  await loginViaForm(owner, undefined, undefined, { timeout: 30_000 });
  await owner.goto('/user/team/allocation');
  const table = owner.getByTestId('runway-table');
  await expect(table.getByRole('heading', { name: '各账号余额可用天数' })).toBeVisible();
  const row = table.locator('tr[data-account="demo_site1"]');
  await expect(row.locator(`[data-runway-days="${want.days}"]`)).toHaveText(`${want.days} 天`);
  await expect(table.locator('tr[data-account="company"]')).toContainText('全公司合计');
  await expect(table.locator('tr[data-account="demo_site2"]')).toContainText('暂无');
  // The overview of the main account shows the company's figure.
  await owner.goto('/user/account/overview');
  await expect(owner.getByTestId('runway-card')).toHaveAttribute('data-scope', 'company');
  await context.close();
});

test('en on a 390 px phone: the same figure, nothing cut off or scrolling sideways', async ({ page, context, baseURL, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await context.addCookies([{ name: 'ba-lang', value: 'en', url: baseURL! }]);
  await loginViaForm(page, SITE1, undefined, { timeout: 30_000 });
  const want = await expectedRunway(page.request);
  await page.goto('/user/account/overview');
  const card = page.getByTestId('runway-card');
  await expect(card.getByRole('heading', { name: 'Balance runway' })).toBeVisible();
  await expect(card.locator(`[data-runway-days="${want.days}"]`)).toHaveText(`${want.days} days`);
  await expect(card).toContainText(`${want.people} people`);
  await noSideways(page);

  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await phone.addCookies([{ name: 'ba-lang', value: 'en', url: baseURL! }]);
  const owner = await phone.newPage();
  await loginViaForm(owner, undefined, undefined, { timeout: 30_000 });
  await owner.goto('/user/team/allocation');
  const table = owner.getByTestId('runway-table');
  await expect(table.getByRole('heading', { name: 'Runway per account' })).toBeVisible();
  const figure = table.locator('tr[data-account="demo_site1"]').locator(`[data-runway-days="${want.days}"]`);
  await expect(figure).toHaveText(`${want.days} days`);
  await figure.scrollIntoViewIfNeeded();
  await expect(figure).toBeInViewport({ ratio: 1 });
  await expect(table.locator('tr[data-account="company"]')).toContainText('Company total');
  await noSideways(owner);
  await phone.close();
});
