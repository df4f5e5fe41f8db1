import { expect, test } from '@playwright/test';
import { DEMO, MANAGER, loginViaForm, sidebar } from './helpers';

test.describe('member centre foundation', () => {
  test('a logged-out visitor is sent from a member page to login, and back after logging in', async ({ page }) => {
    const res = await page.goto('/user/account/overview');
    expect(res?.request().redirectedFrom()?.url()).toContain('/user/account/overview');
    await expect(page).toHaveURL(/\/user\/login\?to=%2Fuser%2Faccount%2Foverview$/);

    await page.locator('input[name="account"]').fill(DEMO.account);
    await page.locator('input[name="password"]').fill(DEMO.password);
    await page.locator('form[action="/user/login"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/user\/account\/overview$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-cn');
    await expect(page).toHaveTitle(/^账户概览 - .+/);
  });

  test('the sidebar is built from the server menus and navigates without a full reload', async ({ page }) => {
    await loginViaForm(page, DEMO, '/user/account/overview');
    const nav = sidebar(page);
    // Group headlines show because demo has several menu directories.
    await expect(nav.getByText('我的账户')).toBeVisible();
    await expect(nav.getByRole('link', { name: '雇主责任险' })).toBeVisible();
    // add_rules_only routes are reachable but never in the menu.
    await expect(nav.getByRole('link', { name: /团单详情|保单详情/ })).toHaveCount(0);

    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await nav.getByRole('link', { name: '修改密码' }).click();
    await expect(page).toHaveURL(/\/user\/account\/changePassword$/);
    await expect(page).toHaveTitle(/^修改密码 - /);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    // The sidebar is static markup (not hydrated); its current entry still follows the navigation.
    await expect(nav.getByRole('link', { name: '修改密码' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('a[aria-current="page"]')).toHaveCount(1);
    await nav.getByRole('link', { name: '雇主责任险' }).click();
    await expect(page).toHaveURL(/\/user\/order\/guzhu$/);
    await expect(nav.getByRole('link', { name: '雇主责任险' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: '修改密码' })).not.toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  });

  test('switching the language re-renders in English and keeps the choice', async ({ page }) => {
    await loginViaForm(page, DEMO, '/user/account/overview');
    await page.locator('form[action="/lang"] button').first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(/^Overview - /i);
    await expect(sidebar(page).getByRole('link', { name: /change password/i })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('logging out ends the session', async ({ page }) => {
    await loginViaForm(page, DEMO, '/user/account/overview');
    await page.locator('.user-menu summary').click();
    await page.locator('.user-menu form[action="/user/logout"] button').click();
    await expect(page).toHaveURL(/\/user\/login/);
    await page.goto('/user/account/overview');
    await expect(page).toHaveURL(/\/user\/login\?to=/);
  });

  test('an unknown path answers 404 with the not-found page', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page).toHaveTitle(/^页面不存在 - /); // the page's language (zh-cn by default)
    await expect(page.getByText('/no/such/page')).toBeVisible();
  });

  test('a restricted site manager sees fewer menus and gets 403 on a typed URL', async ({ page }) => {
    await loginViaForm(page, MANAGER, '/user/account/overview');
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: '账户概览' })).toBeVisible();
    await expect(nav.getByRole('link', { name: '团队管理' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: '理赔列表' })).toHaveCount(0);
    const res = await page.goto('/user/team/teamMange');
    expect(res?.status()).toBe(403);
    await expect(page.getByText('您没有权限操作！')).toBeVisible();
    await expect(sidebar(page)).toBeVisible();
  });

  test('/user goes to the first page of the member menu', async ({ page }) => {
    await loginViaForm(page, DEMO);
    await page.goto('/user');
    await expect(page).toHaveURL(/\/user\/account\/overview$/);
  });

  test('a logged-out client navigation into the member centre gets a redirect, never the page', async ({ page }) => {
    await page.goto('/');
    // What Waku's client fetches on an in-app navigation to the overview page.
    const rsc = await page.request.get('/RSC/R/user/account/overview.txt');
    const body = await rsc.text();
    expect(body).toContain('"_location":"/user/login?to=%2Fuser%2Faccount%2Foverview"');
    expect(body).not.toContain('member-sidebar');
    await page.locator('a[href="/user"]:visible').first().click();
    await expect(page).toHaveURL(/\/user\/login\?to=%2Fuser$/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the login form works and a wrong password shows an error', async ({ page }) => {
    await page.goto('/user/login');
    await page.locator('input[name="account"]').fill('demo');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.locator('form[action="/user/login"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/user\/login\?/);
    await expect(page.getByRole('alert')).toBeVisible();

    await page.locator('input[name="account"]').fill('demo');
    await page.locator('input[name="password"]').fill(DEMO.password);
    await page.locator('form[action="/user/login"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/user\/account\/overview$/);
  });

  test('language and theme switches work as plain forms', async ({ page }) => {
    await page.goto('/product');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-cn');
    await page.locator('form[action="/lang"] button').first().click();
    await expect(page).toHaveURL(/\/product$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(/^Products? - /);
    const before = await page.locator('html').getAttribute('data-theme');
    await page.locator('form[action="/theme"] button').first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', before === 'dark' ? 'light' : 'dark');
  });
});
