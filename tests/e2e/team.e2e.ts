import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { DEMO, loginViaForm as login, sidebar } from './helpers';

// Logins hash with argon2id and this machine is shared: give each step room.
const expect = baseExpect.configure({ timeout: 15_000 });
test.setTimeout(120_000);

/** Log in through the form (helpers.loginViaForm, with this file's longer wait). */
const loginViaForm = (page: Page, who: { account: string; password: string }, to: string) => login(page, who, to, { timeout: 15_000 });

/** The texts the flow clicks, per language. */
const TEXT = {
  'zh-cn': {
    username: '用户名',
    password: '密码',
    mobile: '手机号',
    nickname: '昵称（选填）',
    overview: '账户概览',
    guzhu: '雇主责任险',
    guzhuAdd: '雇主责任险 · 投保',
    balance: '余额记录',
    addSubmit: '添加子账号',
    pages2: '2 个页面',
    allocate: '分配余额',
    amount: '金额（元）',
    reclaim: '从子账号收回',
    confirm: '确认',
    allocated: '余额已分配',
    reclaimed: '余额已收回',
    disable: '停用',
    disabled: '子账号已停用',
    statusDisabled: '停用',
  },
  en: {
    username: 'Username',
    password: 'Password',
    mobile: 'Mobile',
    nickname: 'Nickname (optional)',
    overview: 'Overview',
    guzhu: "Employer's liability",
    guzhuAdd: "Employer's liability · New application",
    balance: 'Balance',
    addSubmit: 'Add sub-account',
    pages2: '2 pages',
    allocate: 'Allocate',
    amount: 'Amount (CNY)',
    reclaim: 'Reclaim from the sub-account',
    confirm: 'Confirm',
    allocated: 'Balance allocated',
    reclaimed: 'Balance reclaimed',
    disable: 'Disable',
    disabled: 'Sub-account disabled',
    statusDisabled: 'Disabled',
  },
} as const;

async function contextIn(browser: Browser, baseURL: string, lang: 'zh-cn' | 'en') {
  const ctx = await browser.newContext();
  await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL }]);
  return ctx;
}

const balanceOf = async (page: Page) => Number((await page.getByTestId('owner-balance').innerText()).replace(/[^\d.]/g, ''));

for (const lang of ['zh-cn', 'en'] as const) {
  test(`team (${lang}): add a sub-account with two pages, it sees only those, allocate and reclaim 100.00, disable ends its session`, async ({
    browser,
    baseURL,
  }) => {
    const L = TEXT[lang];
    const username = `e2e_${lang === 'en' ? 'en' : 'zh'}_site`;
    const password = 'Site#e2e1';
    const owner = await contextIn(browser, baseURL!, lang);
    const o = await owner.newPage();
    await loginViaForm(o, DEMO, '/user/team/addAccount');

    // The form and its checkbox tree: a button ticks its page, unticking a page clears its buttons.
    await o.getByLabel(L.username, { exact: true }).fill(username);
    await o.getByLabel(L.password, { exact: true }).fill(password);
    await o.getByLabel(L.mobile, { exact: true }).fill(lang === 'en' ? '13600000002' : '13600000001');
    await o.getByLabel(L.nickname).fill('E2E');
    const guzhu = o.getByRole('checkbox', { name: L.guzhu, exact: true });
    const guzhuAdd = o.getByRole('checkbox', { name: L.guzhuAdd, exact: true });
    await guzhuAdd.check();
    await expect(guzhu).toBeChecked();
    await guzhu.uncheck();
    await expect(guzhuAdd).not.toBeChecked();
    await guzhu.check();
    await o.getByRole('checkbox', { name: L.overview, exact: true }).check();
    await o.getByRole('button', { name: L.addSubmit }).click();
    await expect(o).toHaveURL(/\/user\/team\/teamMange$/);
    const row = o.locator(`tr[data-username="${username}"]`);
    await expect(row).toContainText(L.pages2);

    // The sub-account, in a browser of its own, sees exactly those pages.
    const subCtx = await contextIn(browser, baseURL!, lang);
    const s = await subCtx.newPage();
    await loginViaForm(s, { account: username, password }, '/user/account/overview');
    const nav = sidebar(s).getByRole('navigation'); // the menu, not the balance card above it
    await expect(nav.getByRole('link', { name: L.overview })).toBeVisible();
    await expect(nav.getByRole('link', { name: L.guzhu })).toBeVisible();
    await expect(nav.getByRole('link', { name: L.balance, exact: true })).toHaveCount(0);
    expect(await nav.getByRole('link').count()).toBe(2);
    await s.goto('/user/team/teamMange');
    await expect(s.getByRole('alert')).toBeVisible(); // no access

    // Allocate 100.00, then reclaim it: the owner's balance comes back to where it was.
    await row.getByRole('link', { name: L.allocate }).click();
    await expect(o).toHaveURL(/\/user\/team\/allocation\?sub=\d+/);
    const before = await balanceOf(o);
    await o.getByLabel(L.amount).fill('100.00');
    await o.getByRole('button', { name: L.confirm }).click();
    await expect(o.getByRole('status').filter({ hasText: L.allocated })).toBeVisible();
    await expect.poll(() => balanceOf(o)).toBeCloseTo(before - 100, 2);
    await expect(o.locator('.team-transfers tbody tr').first()).toContainText(username);
    await o.getByText(L.reclaim).click();
    await o.getByLabel(L.amount).fill('100.00');
    await o.getByRole('button', { name: L.confirm }).click();
    await expect(o.getByRole('status').filter({ hasText: L.reclaimed })).toBeVisible();
    await expect.poll(() => balanceOf(o)).toBeCloseTo(before, 2);

    // Disable it (confirmed in a dialog): its next navigation lands on the login page.
    await o.goto('/user/team/teamMange');
    await row.getByRole('button', { name: L.disable, exact: true }).click();
    await o.getByRole('dialog').getByRole('button', { name: L.disable, exact: true }).click();
    await expect(o.getByRole('status').filter({ hasText: L.disabled })).toBeVisible();
    await expect(row.locator('.tm-status')).toHaveText(L.statusDisabled);
    await s.goto('/user/account/overview');
    await expect(s).toHaveURL(/\/user\/login/);

    await subCtx.close();
    await owner.close();
  });
}
