import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { encode } from 'fast-png';
import { codeFromOutbox, DEMO, MANAGER, solveCaptcha, waitForHydration } from './helpers';

// Several members, contexts, uploads and password hashes per test: generous time on a shared 2-CPU host.
test.describe.configure({ timeout: 120_000 });
const SLOW = { timeout: 20_000 };

const OPERATOR = { account: 'operator', password: 'Operator#2026' };
const tag = Date.now().toString(36);

/** A real PNG (left red, right blue) to upload. */
function picture(w: number, h: number): Buffer {
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set([i % w < w / 2 ? 220 : 30, 60, i % w < w / 2 ? 40 : 200, 255], i * 4);
  return Buffer.from(encode({ width: w, height: h, data, channels: 4 }));
}

/** Log in through the form (like helpers' loginViaForm, with room for a busy host). */
async function loginViaForm(page: Page, who: { account: string; password: string }, to?: string): Promise<void> {
  await page.goto(to ? `/user/login?to=${encodeURIComponent(to)}` : '/user/login');
  await waitForHydration(page);
  await page.locator('input[name="account"]').fill(who.account);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('form[action="/user/login"] button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/user\/login/, SLOW);
  await waitForHydration(page);
}

/** Mark the window; after a click, the mark survives only an in-app (Waku Link) navigation. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __stay: 1 }));
const stayed = (page: Page) => page.evaluate(() => (window as unknown as { __stay?: number }).__stay === 1);

/** A member of its own (registered through the API with a code from the outbox), signed in on `request`'s cookies. */
async function registerMember(request: APIRequestContext, who: { username: string; email: string; password: string }): Promise<void> {
  const id = `e2e-${who.username}`;
  const cap = (await (await request.get(`/userapi/v1/index/clickCaptcha?id=${id}`)).json()) as { data: { test_answer: string } };
  const sent = await request.post('/userapi/v1/ems/send', {
    data: { email: who.email, event: 'user_register', captchaId: id, captchaInfo: cap.data.test_answer },
  });
  expect(sent.status()).toBe(200);
  const reg = await request.post('/userapi/v1/user/register', {
    data: {
      registerType: 'email',
      username: who.username,
      password: who.password,
      email: who.email,
      captcha: await codeFromOutbox(who.email),
    },
  });
  expect(reg.status()).toBe(200);
}

test('overview (Chinese): the desk — counts, tasks with their action, links inside the app', async ({ page }) => {
  await loginViaForm(page, DEMO, '/user/account/overview');
  await expect(page.getByRole('heading', { name: '账户概览', level: 1 })).toBeVisible();
  await expect(page.locator('.hello-line')).toContainText('欢迎回来');
  await expect(page.locator('.desk-tile').filter({ hasText: '在保保单' })).toContainText(/今日在保 \d+ 人/);
  await expect(page.getByRole('figure', { name: '净保费（元）' })).toBeVisible();
  await expect(page.locator('.account-chart-days li')).toHaveCount(12);

  // An order to pay: Pay opens the order inside the app.
  await mark(page);
  await page.locator('.desk-tasks').getByRole('link', { name: '去支付' }).first().click();
  await expect(page).toHaveURL(/\/user\/order\/groupDetail\?id=\d+$/);
  expect(await stayed(page)).toBe(true);
  await page.goBack();

  // The contact badge goes to the profile, the balance card's link to the balance page.
  await page.locator('.contact-badges a').first().click();
  await expect(page).toHaveURL(/\/user\/account\/profile$/);
  await expect(page.locator('.session-previous')).toContainText(/上次登录|第一次登录/);
  expect(await stayed(page)).toBe(true);
  await page.goBack();
  await page.locator('.desk-ledger').first().getByRole('link', { name: '全部明细' }).click();
  await expect(page).toHaveURL(/\/user\/account\/balance$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('余额记录');
  expect(await stayed(page)).toBe(true);
});

test('overview (English, 390 px phone): the desk reads in English, no sideways scroll', async ({ browser, baseURL }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await ctx.addCookies([{ name: 'ba-lang', value: 'en', url: baseURL! }]);
  const page = await ctx.newPage();
  await loginViaForm(page, MANAGER, '/user/account/overview');
  await expect(page.locator('.hello-line')).toContainText('Welcome back');
  await expect(page.getByRole('heading', { name: 'Needs your attention' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Net premium (CNY)' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await ctx.close();
});

test('profile (Chinese): avatar cropped on the server, fields saved, inline errors', async ({ page }) => {
  const who = { username: `pf${tag}`, email: `pf-${tag}@example.com`, password: 'Profile#2026' };
  await registerMember(page.request, who);
  await page.goto('/user/account/profile');
  await waitForHydration(page);
  await page.getByLabel('昵称').fill('a b');
  await page.getByLabel('昵称').blur();
  await expect(page.locator('[data-field="nickname"] .field-error')).toContainText('昵称只能包含');

  await page.getByLabel('昵称').fill('测试会员');
  await page.getByRole('radio', { name: '女' }).check();
  await page.getByLabel('生日').fill('1991-02-03');
  await page.getByLabel('个性签名').fill('稳健经营');
  await expect(page.locator('.account-counter')).toHaveText('4 / 120');
  const uploaded = page.waitForResponse((r) => r.url().includes('/userapi/v1/index/upload'));
  await page
    .locator('[data-field="avatar"] input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture(300, 200) });
  expect((await uploaded).status()).toBe(200);
  await page.getByRole('button', { name: '保存' }).click();
  // The form renders the page again from the server after saving (in place: the toast stays).
  await expect(page.getByText('资料更新成功~')).toBeVisible(SLOW);
  await expect(page.locator('.profile-head img.avatar')).toHaveAttribute('src', /\/storage\/avatar\/.+\.png$/, SLOW);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel('昵称')).toHaveValue('测试会员');
  await expect(page.getByRole('radio', { name: '女' })).toBeChecked();
  await expect(page.locator('.profile-head img.avatar')).toHaveAttribute('src', /\/storage\/avatar\/.+\.png$/);
  const src = await page.locator('.profile-head img.avatar').getAttribute('src');
  const img = await page.request.get(src!);
  expect(img.headers()['content-type']).toBe('image/png');
  // 256 × 256: the PNG header's width and height.
  const bytes = await img.body();
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([256, 256]);
});

test('profile (English): change the bound e-mail with a code to the old and to the new address', async ({ page, baseURL }) => {
  const who = { username: `bd${tag}`, email: `bd-${tag}@example.com`, password: 'Bind#2026x' };
  await page.context().addCookies([{ name: 'ba-lang', value: 'en', url: baseURL! }]);
  await registerMember(page.request, who);
  await page.goto('/user/account/profile');
  await waitForHydration(page);
  await page.locator('[data-field="bound-email"]').getByRole('button', { name: 'Click Modify' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the bound email' });
  await expect(dialog).toBeVisible();
  let issued = page.waitForResponse((r) => r.url().includes('/userapi/v1/index/clickCaptcha'));
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await solveCaptcha(page, issued);
  // Wait for the send to finish: until then the outbox's newest code for this address is the registration one.
  await expect(dialog.getByRole('status').filter({ hasText: 'E-mail sent.' })).toBeVisible(SLOW);
  await dialog.getByLabel('Verification code').fill(await codeFromOutbox(who.email));
  await dialog.getByRole('button', { name: 'Next step' }).click();
  const fresh = `bd2-${tag}@example.com`;
  await dialog.getByLabel('New email').fill(fresh);
  issued = page.waitForResponse((r) => r.url().includes('/userapi/v1/index/clickCaptcha'));
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await solveCaptcha(page, issued);
  await dialog.getByLabel('Verification code').fill(await codeFromOutbox(fresh));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#bound-email')).toHaveValue(fresh, SLOW);
});

test('change password (English): rule and mismatch inline, wrong old password, then log in again', async ({ page, baseURL }) => {
  const who = { username: `pw${tag}`, email: `pw-${tag}@example.com`, password: 'Before#2026' };
  await page.context().addCookies([{ name: 'ba-lang', value: 'en', url: baseURL! }]);
  await registerMember(page.request, who);
  await page.goto('/user/account/changePassword');
  await waitForHydration(page);
  await page.getByLabel('Old password').fill('Wrong#2026');
  await page.getByLabel('New password', { exact: true }).fill('a<b');
  await page.getByLabel('Confirm new password').fill('other');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('[data-field="newPassword"] .field-error')).toContainText('Password must be 6 to 32 characters');
  await page.getByLabel('New password', { exact: true }).fill('After#2026');
  await expect(page.locator('[data-field="confirmPassword"] .field-error')).toContainText('do not match');
  await page.getByLabel('Confirm new password').fill('After#2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('[data-field="oldPassword"] .field-error')).toHaveText('Old password error');
  await page.getByLabel('Old password').fill(who.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Please log in again.')).toBeVisible(SLOW);
  await expect(page).toHaveURL(/\/user\/login/, SLOW);
  await loginViaForm(page, { account: who.username, password: 'After#2026' }, '/user/account/overview');
  await expect(page).toHaveURL(/\/user\/account\/overview/);
});

test('top-up: the member asks (Chinese), the operator confirms once (English); demo and manager get 403', async ({ browser, baseURL }) => {
  const member = await browser.newContext();
  const page = await member.newPage();
  await loginViaForm(page, DEMO, '/user/account/balance');
  const ref = `E2E-${tag}`;
  await page.getByLabel('充值金额（元）').fill('66.60');
  await page.getByLabel('转账流水号').fill(ref);
  const uploaded = page.waitForResponse((r) => r.url().includes('/userapi/v1/index/upload'));
  await page
    .locator('[data-field="slip"] input[type="file"]')
    .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: picture(120, 80) });
  expect((await uploaded).status()).toBe(200);
  await page.getByRole('button', { name: '提交充值申请' }).click();
  await expect(page.getByText('充值申请已提交，等待审核')).toBeVisible(SLOW);
  await expect(page.locator('.account-topups tr').filter({ hasText: ref })).toContainText('待审核');

  for (const who of [DEMO, MANAGER]) {
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    await loginViaForm(p, who);
    const res = await p.goto('/user/operator/topups');
    expect(res?.status()).toBe(403);
    await expect(p.getByRole('alert')).toBeVisible();
    expect((await p.request.post('/userapi/v1/operator/topup/confirm', { data: { id: 1 }, headers: { origin: baseURL! } })).status()).toBe(
      403,
    );
    await ctx.close();
  }

  const opCtx = await browser.newContext();
  await opCtx.addCookies([{ name: 'ba-lang', value: 'en', url: baseURL! }]);
  const op = await opCtx.newPage();
  await loginViaForm(op, OPERATOR, '/user/operator/topups?status=pending');
  await expect(op.getByRole('heading', { name: 'Top-ups', level: 1 })).toBeVisible();
  const row = op.locator('tr').filter({ hasText: ref });
  await expect(row.locator('img.account-slip')).toBeVisible();
  expect(await row.locator('img.account-slip').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
  await row.getByRole('button', { name: /^Confirm top-up/ }).click();
  await expect(op.getByText('Top-up confirmed and credited')).toBeVisible(SLOW);
  // The page reloads with the toast: the top-up has left the pending list.
  await expect(row).toHaveCount(0, SLOW);
  await op.goto('/user/operator/topups');
  await expect(op.locator('tr').filter({ hasText: ref })).toContainText('Credited');
  await opCtx.close();

  await page.goto('/user/account/balance?kind=topup');
  await expect(page.locator('.ledger-card .data-table tbody tr').filter({ hasText: ref })).toContainText('+66.60');
  await expect(page.locator('.account-topups tr').filter({ hasText: ref })).toContainText('已入账');
  await member.close();
});
