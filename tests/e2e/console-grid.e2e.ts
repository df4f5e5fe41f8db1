/**
 * The operator console's price grid, rule tree and waiting-work badges (issue #29, item 6), in a
 * real browser: a price edited in the grid is on the member's product page; a rule moved with the
 * keyboard stays moved after a reload; a decided top-up leaves the sidebar's count on the next
 * page view, even on a page the page cache keeps for members. English and Chinese; 390 px.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { loginViaForm, sidebar, waitForHydration } from './helpers';

const OPERATOR = { account: 'operator', password: 'Operator#2026' };

test.describe.configure({ timeout: 90_000 });

async function operatorIn(browser: Browser, baseURL: string, lang: 'en' | 'zh-cn', width = 1366) {
  const ctx = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL }]);
  const page = await ctx.newPage();
  await loginViaForm(page, OPERATOR, '/user/operator/products');
  return { ctx, page };
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

/** The ids of the rules under `parent` in the tree, in order. */
const childOrder = (page: Page, parent: string) =>
  page.locator(`li[data-rule="${parent}"] > ul > li`).evaluateAll((lis) => lis.map((li) => li.getAttribute('data-rule')));

test('the price grid saves several cells in one go, marks unsaved changes, and the product page shows the new price (English)', async ({
  browser,
  baseURL,
}) => {
  const { ctx, page } = await operatorIn(browser, baseURL!, 'en');
  await expect(page.getByRole('heading', { name: 'Price grid' })).toBeVisible();
  await waitForHydration(page);
  const basic1 = page.getByRole('textbox', { name: 'Basic, Class 1, annual premium (yuan)' }).first();
  const was = await basic1.inputValue();
  await expect(page.getByText('No unsaved changes')).toBeVisible();
  await basic1.fill('99.5');
  await expect(page.getByText('1 unsaved change', { exact: true })).toBeVisible();
  await expect(page.getByText(`was ¥${was}`)).toBeVisible();
  // A bad cell blocks the save until corrected.
  const basic2 = page.getByRole('textbox', { name: 'Basic, Class 2, annual premium (yuan)' }).first();
  const was2 = await basic2.inputValue();
  await basic2.fill('12.345');
  await expect(page.getByText('Enter an amount in yuan with at most two decimals')).toBeVisible();
  await expect(basic2).toHaveAttribute('aria-invalid', 'true');
  await basic2.fill(was2);
  await expect(page.getByText('1 unsaved change', { exact: true })).toBeVisible();
  // The term picker shows what the cell comes to for six months (60 %).
  await page.getByLabel('Also show the price for a term of').selectOption('6');
  await expect(page.getByText('6 months: ¥59.70').first()).toBeVisible();
  await page.getByRole('button', { name: 'Save prices' }).click();
  await expect(page.getByText('Prices saved: they apply to new orders only')).toBeVisible();
  await expect(page.getByText('No unsaved changes')).toBeVisible();
  await expect(basic1).toHaveValue('99.50');

  // Anyone's product page: the plan now starts at the new price.
  const guest = await ctx.newPage();
  await guest.goto('/product');
  await expect(guest.locator('main')).toContainText('99.50');

  // Put it back through the grid (and its audit entry reads as a sentence with the change in yuan).
  await page.reload();
  await waitForHydration(page);
  await page.getByRole('textbox', { name: 'Basic, Class 1, annual premium (yuan)' }).first().fill(was);
  await page.getByRole('button', { name: 'Save prices' }).click();
  await expect(page.getByText('Prices saved: they apply to new orders only')).toBeVisible();
  await page.goto('/user/operator/audit?action=product.prices');
  await expect(page.getByLabel('Action', { exact: true })).toHaveValue('product.prices');
  const entry = page.locator('[data-action="product.prices"]').first();
  await expect(entry).toContainText('changed the product price grid');
  await expect(entry.locator('.op-after').first()).toHaveText(`¥${was}`);
  await ctx.close();
});

test('价格表在 390 px 手机上在自己的区域内滚动，页面不横向滚动（中文）', async ({ browser, baseURL }) => {
  const { ctx, page } = await operatorIn(browser, baseURL!, 'zh-cn', 390);
  await expect(page.getByRole('heading', { name: '价格表' })).toBeVisible();
  const region = page.getByRole('region', { name: '价格表（可横向滚动）' });
  await expect(region).toBeVisible();
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await noSidewaysScroll(page);
  await expect(page.getByRole('button', { name: '保存价格' })).toBeDisabled();
  await ctx.close();
});

test('规则树：第一层展开、更深层收起；用键盘拖动排序并保存，刷新后仍然有效（中文，390 px）', async ({ browser, baseURL }) => {
  const { ctx, page } = await operatorIn(browser, baseURL!, 'zh-cn', 390);
  await page.goto('/user/operator/rules');
  await waitForHydration(page);
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await waitForHydration(page);
  await noSidewaysScroll(page);
  // First level open (its pages visible), deeper levels closed (a page's buttons hidden).
  await expect(page.locator('li[data-rule="account/integral"] > .rt-row')).toBeVisible();
  const claimList = page.locator('li[data-rule="claim/list"]');
  await expect(claimList.locator('> ul')).toBeHidden();
  await claimList
    .locator('> .rt-row')
    .getByRole('button', { name: /^展开 / })
    .click();
  await expect(claimList.locator('> ul')).toBeVisible();
  await expect(claimList.locator('> .rt-row').getByRole('button', { name: /^收起 / })).toHaveAttribute('aria-expanded', 'true');

  const before = await childOrder(page, 'account');
  const at = before.indexOf('account/integral');
  expect(at).toBeGreaterThan(0);
  const handle = page.getByRole('button', { name: '拖动排序：积分记录' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: '已拿起 积分记录' })).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('status').filter({ hasText: `积分记录 移到第 ${at} 位` })).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: '顺序已保存' })).toBeAttached();
  const moved = [...before];
  [moved[at - 1], moved[at]] = [moved[at], moved[at - 1]];
  await page.reload();
  await expect.poll(() => childOrder(page, 'account')).toEqual(moved);

  // Escape puts a picked-up rule back; then the up/down fallback restores the original order.
  await waitForHydration(page);
  await page.getByRole('button', { name: '拖动排序：积分记录' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('status').filter({ hasText: '已取消移动 积分记录' })).toBeAttached();
  expect(await childOrder(page, 'account')).toEqual(moved);
  await page
    .locator('li[data-rule="account/integral"] > .rt-row')
    .getByRole('button', { name: /^下移 / })
    .click();
  await expect.poll(() => childOrder(page, 'account')).toEqual(before);
  await ctx.close();
});

test('a decided top-up leaves the waiting-work badge on the next page view, also on a page members get from the cache (English)', async ({
  browser,
  baseURL,
}) => {
  const { ctx, page } = await operatorIn(browser, baseURL!, 'en');
  const badge = sidebar(page).locator('.side-count[data-queue="topups"] [aria-hidden="true"]');
  // The balance page is one the page cache keeps for members: load it twice.
  await page.goto('/user/account/balance');
  await page.goto('/user/account/balance');
  const before = Number(await badge.textContent());
  expect(before).toBeGreaterThan(0);
  const list = await page.request.get('/userapi/v1/operator/topup/list?status=pending');
  const pending = (await list.json()).data.list as { id: number }[];
  const res = await page.request.post('/userapi/v1/operator/topup/reject', {
    headers: { origin: new URL(baseURL!).origin },
    data: { id: pending[0].id, reason: 'Slip unreadable' },
  });
  expect((await res.json()).code).toBe(200001);
  const again = await page.goto('/user/account/balance');
  // Staff's pages show counts no version stamp covers: never answered from the cache.
  expect(again?.headers()['x-page-cache']).not.toBe('hit');
  if (before > 1) await expect(badge).toHaveText(String(before - 1));
  else await expect(badge).toHaveCount(0);
  await ctx.close();
});
