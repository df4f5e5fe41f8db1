import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, loginViaForm, waitForHydration } from './helpers';

const OPERATOR = { account: 'operator', password: 'Operator#2026' };

const T = {
  'zh-cn': {
    bell: '通知',
    all: '查看全部通知',
    title: '消息通知',
    unread: '未读',
    markRead: '标为已读',
    markAll: '全部标为已读',
    noneUnread: '没有未读通知',
    settings: '通知设置',
    claimsSms: '理赔：短信',
    mandatory: '含必发通知',
    startReview: '开始审核',
  },
  en: {
    bell: 'Notifications',
    all: 'All notices',
    title: 'Notices',
    unread: 'Unread',
    markRead: 'Mark read',
    markAll: 'Mark all read',
    noneUnread: 'No unread notices',
    settings: 'Notices',
    claimsSms: 'Claims: SMS',
    mandatory: 'Some always sent',
    startReview: 'Start review',
  },
} as const;

type Lang = keyof typeof T;

async function signIn(browser: Browser, baseURL: string, lang: Lang, who = DEMO, to?: string, width = 1280): Promise<Page> {
  const ctx = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL }]);
  const page = await ctx.newPage();
  await loginViaForm(page, who, to);
  return page;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const unreadTab = (page: Page) => page.locator('.status-tab[data-tab="unread"] .status-tab-count');

test.describe.configure({ mode: 'serial' });

for (const [lang, width] of [
  ['zh-cn', 1280],
  ['en', 390],
] as const) {
  test(`bell → notices page → mark read (${lang}, ${width} px)`, async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    const t = T[lang];
    const page = await signIn(browser, baseURL!, lang, DEMO, '/user/account/overview', width);
    const bell = page.locator('.notification-bell');
    await bell.locator('summary').click();
    await bell.getByRole('link', { name: t.all }).click();
    await expect(page).toHaveURL(/\/user\/notice$/);
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await waitForHydration(page);
    await noSidewaysScroll(page);
    const before = Number(await unreadTab(page).textContent());
    expect(before).toBeGreaterThan(0);

    // The unread tab lists the unread ones; each links to a page of the portal.
    await page.locator('.status-tab[data-tab="unread"]').click();
    await expect(page).toHaveURL(/unread=true/);
    const first = page.locator('.notice-item.is-unread').first();
    await expect(first).toBeVisible();
    expect(await first.locator('a.notice-link').getAttribute('href')).toMatch(/^\/user\//);

    if (lang === 'zh-cn') {
      // One notice marked read: one fewer unread.
      await waitForHydration(page);
      await first.getByRole('button', { name: t.markRead }).click();
      await expect(unreadTab(page)).toHaveText(String(before - 1));
    } else {
      await page.getByRole('button', { name: t.markAll }).click();
      await expect(page.getByText(t.noneUnread)).toBeVisible();
      await expect(unreadTab(page)).toHaveText('0');
      await expect(page.locator('.notification-count')).toHaveCount(0);
      await noSidewaysScroll(page);
    }
    await page.context().close();
  });
}

for (const [lang, width] of [
  ['en', 1280],
  ['zh-cn', 390],
] as const) {
  test(`notice settings on the profile page persist (${lang}, ${width} px)`, async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    const t = T[lang];
    const page = await signIn(browser, baseURL!, lang, DEMO, '/user/account/profile', width);
    const section = page.locator('#notice-settings');
    await expect(section.getByRole('heading', { name: t.settings })).toBeVisible();
    await expect(section.locator('tr[data-group="money"]')).toContainText(t.mandatory);
    await noSidewaysScroll(page);
    const sms = section.getByRole('switch', { name: t.claimsSms });
    const was = await sms.isChecked();
    await sms.click();
    await expect(sms).toBeChecked({ checked: !was });
    await expect(page.locator('.toast, [role="status"]').first()).toBeVisible();
    await page.reload();
    await waitForHydration(page);
    await expect(section.getByRole('switch', { name: t.claimsSms })).toBeChecked({ checked: !was });
    await page.context().close();
  });
}

test('an e-mailed page link opened signed out goes through the login and back to its page', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { readOutbox, outboxDir } = await import('../../src/server/delivery/outbox');
  // demo's reported claim: the operator starts its review, demo gets a notice and its e-mail copy.
  const demo = await signIn(browser, baseURL!, 'en');
  const list = await demo.request.get('/userapi/v1/claim/list?status=reported');
  const id = Number((await list.json()).data.list[0].id);
  await demo.context().close();
  const op = await signIn(browser, baseURL!, 'en', OPERATOR, `/user/operator/claimDetail?id=${id}`);
  await op.getByRole('button', { name: T.en.startReview }).click();
  await expect(op.locator('.claims[data-status="reviewing"]')).toBeVisible();
  await op.context().close();

  let text = '';
  for (let i = 0; i < 50 && !text; i++) {
    const mail = readOutbox(outboxDir(process.env.E2E_DATA_DIR), 'demo@example.com').find((m) => m.event === 'claim_status');
    text = mail?.text ?? '';
    if (!text) await new Promise((r) => setTimeout(r, 100));
  }
  const link = /https?:\/\/\S+/.exec(text)?.[0] ?? '';
  expect(link).toMatch(new RegExp(`^https?://[^/]+/user/claim/detail\\?id=${id}$`));
  expect(text).not.toContain('/userapi');
  expect(text).not.toMatch(/[:：]\s*-\s*$/m);

  // Signed out (a new browser), at 390 px, in Chinese: the link → login → back to the claim.
  const ctx = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await ctx.addCookies([{ name: 'ba-lang', value: 'zh-cn', url: baseURL! }]);
  const page = await ctx.newPage();
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await expect(page).toHaveURL(/\/user\/login\?to=/);
  await waitForHydration(page);
  await page.locator('input[name="account"]').fill(DEMO.account);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.locator('form[action="/user/login"] button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/user/claim/detail\\?id=${id}$`));
  await expect(page.locator('.claims[data-status="reviewing"]')).toBeVisible();
  await noSidewaysScroll(page);
  await ctx.close();
});
