import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, loginViaForm, MANAGER, sidebar } from './helpers';

const OPERATOR = { account: 'operator', password: 'Operator#2026' };

// Two browsers, several server round trips each, on a shared machine.
test.describe.configure({ timeout: 90_000 });

async function contextIn(browser: Browser, baseURL: string, lang: 'en' | 'zh-cn') {
  const ctx = await browser.newContext();
  await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL }]);
  return ctx;
}

/** Save the rule form of `name` with a new English title. */
async function retitle(op: Page, name: string, titleEn: string) {
  await op
    .locator(`li[data-rule="${name}"] > .rt-row`)
    .getByRole('link', { name: /^Edit / })
    .click();
  await op.getByLabel('Title (English)').fill(titleEn);
  await op.getByRole('button', { name: 'Save' }).click();
  await expect(op.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
}

test('the operator retitles a menu and moves a page up; demo sees both on its next navigation (English)', async ({ browser, baseURL }) => {
  const opCtx = await contextIn(browser, baseURL!, 'en');
  const demoCtx = await contextIn(browser, baseURL!, 'en');
  const op = await opCtx.newPage();
  const demo = await demoCtx.newPage();
  await loginViaForm(demo, DEMO, '/user/account/overview');
  const menu = sidebar(demo);
  await expect(menu.getByRole('link', { name: 'Balance', exact: true })).toBeVisible();

  await loginViaForm(op, OPERATOR, '/user/operator/rules');
  await expect(op.getByRole('heading', { name: 'Menu rules', level: 1 })).toBeVisible();
  await retitle(op, 'account/balance', 'Money log');
  // Points moves above the balance page: a plain form, no script involved.
  await op
    .locator('li[data-rule="account/integral"] > .rt-row')
    .getByRole('button', { name: /^Move up / })
    .click();
  await expect(op.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  // The sidebar preview shows what the default group sees, in English.
  await expect(op.locator('.op-preview-box')).toContainText('Money log');

  await demo.goto('/user/account/profile');
  await expect(menu.getByRole('link', { name: 'Money log', exact: true })).toBeVisible();
  const titles = await menu.getByRole('link').allInnerTexts();
  const points = titles.findIndex((t) => t.trim() === 'Points');
  const money = titles.findIndex((t) => t.trim() === 'Money log');
  expect(points).toBeGreaterThanOrEqual(0);
  expect(points).toBeLessThan(money);

  // Put things back for the other suites.
  await retitle(op, 'account/balance', 'Balance');
  await op
    .locator('li[data-rule="account/integral"] > .rt-row')
    .getByRole('button', { name: /^Move down / })
    .click();
  await expect(op.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await opCtx.close();
  await demoCtx.close();
});

test('the operator disables manager, whose next navigation lands on login; an adjustment shows in the filtered audit (Chinese)', async ({
  browser,
  baseURL,
}) => {
  const opCtx = await contextIn(browser, baseURL!, 'zh-cn');
  const mgrCtx = await contextIn(browser, baseURL!, 'zh-cn');
  const op = await opCtx.newPage();
  const mgr = await mgrCtx.newPage();
  await loginViaForm(mgr, MANAGER, '/user/account/overview');

  await loginViaForm(op, OPERATOR, '/user/operator/members');
  await expect(op.getByRole('heading', { name: '会员管理', level: 1 })).toBeVisible();
  await expect(op.getByText('第 1 / 2 页')).toBeVisible();
  await op.getByLabel('关键词').fill('manager');
  await op.getByRole('button', { name: '筛选' }).click();
  await expect(op).toHaveURL(/keyword=manager/);
  await op.locator('tr[data-username="manager"]').getByRole('link', { name: '查看 manager' }).click();
  await expect(op.getByRole('heading', { name: '会员详情', level: 1 })).toBeVisible();

  await op.getByText('更改状态').click();
  await op.getByLabel('状态', { exact: true }).selectOption('disable');
  await op.locator('#md-status-reason').fill('e2e 停用');
  await op.locator('form[action$="/member/status"]').getByRole('button', { name: '保存' }).click();
  await expect(op.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();
  await expect(op.locator('#md-profile .op-status')).toHaveText('停用');

  await mgr.goto('/user/account/balance');
  await expect(mgr).toHaveURL(/\/user\/login/);

  // Back on, so the other suites keep their manager.
  await op.getByText('更改状态').click();
  await op.getByLabel('状态', { exact: true }).selectOption('enable');
  await op.locator('form[action$="/member/status"]').getByRole('button', { name: '保存' }).click();
  await expect(op.locator('#md-profile .op-status')).toHaveText('启用');

  // An adjustment of corp02's balance, then the audit log filtered to it.
  await op.goto('/user/operator/members?keyword=corp02');
  await op.locator('tr[data-username="corp02"]').getByRole('link', { name: '查看 corp02' }).click();
  const url = new URL(op.url());
  const id = url.searchParams.get('id');
  await op.getByText('调整余额或积分').click();
  await op.getByLabel('数额').fill('88.80');
  await op.locator('#md-reason').fill('e2e 理赔补差');
  await op.locator('form[action$="/member/adjust"]').getByRole('button', { name: '保存' }).click();
  await expect(op.getByRole('status').filter({ hasText: '已调整' })).toBeVisible();
  await expect(op.locator('dd', { hasText: '88.80' }).first()).toBeVisible();

  await op.goto('/user/operator/audit');
  // The action filter offers the entries' own sentences; the option's value is the event key.
  await op.getByLabel('操作', { exact: true }).selectOption('operator.member.adjust');
  await op.getByLabel('对象编号').fill(String(id));
  await op.getByRole('button', { name: '筛选' }).click();
  await expect(op).toHaveURL(/action=operator\.member\.adjust/);
  const rows = op.locator('.op-table > tbody > tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('e2e 理赔补差');
  // The entry reads as a sentence with a before/after table (issue #29), not as raw JSON.
  await expect(rows.first().locator('.op-log-sentence')).toContainText('运营专员 调整了会员 corp02 的余额');
  const change = rows.first().locator('.op-changes tr[data-field="money"]');
  await expect(change.locator('.op-before')).toHaveText('0.00');
  await expect(change.locator('.op-after')).toHaveText('88.80');
  await opCtx.close();
  await mgrCtx.close();
});
