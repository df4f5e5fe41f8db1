import { type Browser, expect, test } from '@playwright/test';
import { DEMO, loginViaForm, sidebar } from './helpers';

const OPERATOR = { account: 'operator', password: 'Operator#2026' };

test.describe.configure({ timeout: 90_000 });

async function contextIn(browser: Browser, baseURL: string, lang: 'en' | 'zh-cn', width = 1366) {
  const ctx = await browser.newContext({ viewport: { width, height: 800 } });
  await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL }]);
  return ctx;
}

test('staff land in the console: it leads the sidebar with an icon per entry and counts of waiting work, and no balance card (English)', async ({
  browser,
  baseURL,
}) => {
  const ctx = await contextIn(browser, baseURL!, 'en');
  const op = await ctx.newPage();
  await loginViaForm(op, OPERATOR);
  await expect(op).toHaveURL(/\/user\/operator\/members$/);
  const menu = sidebar(op);
  // The console is the first group, and the customer's points/balance card is gone.
  await expect(menu.locator('.side-headline').first()).toHaveText('Operations');
  await expect(menu.locator('.profile-stats')).toHaveCount(0);
  await expect(menu.locator('.profile-role')).toHaveText('Broker staff');
  // Every console entry has its own icon (no chevron).
  const icons = await menu
    .locator('.side-group')
    .first()
    .locator('.side-link use')
    .evaluateAll((uses) => uses.map((u) => (u.getAttribute('href') ?? '').split('#')[1]));
  expect(icons.length).toBeGreaterThanOrEqual(12);
  expect(icons).not.toContain('chevronRight');
  expect(new Set(icons).size).toBe(icons.length);

  // The landing's tiles and the sidebar's badges say the same, and so does the queue page.
  const tile = op.locator('.op-tile-n[data-queue="underwriting"]');
  const n = Number(await tile.innerText());
  expect(n).toBeGreaterThan(0);
  await expect(menu.locator('.side-count[data-queue="underwriting"]')).toContainText(`${n} waiting`);
  await expect(op.locator('.op-tile', { hasText: 'Orders to underwrite' })).toBeVisible();
  await op.locator('.op-tile', { hasText: 'Top-ups to confirm' }).click();
  await expect(op).toHaveURL(/\/user\/operator\/topups\?status=pending/);
  // Another spec may have decided the seeded top-ups already: no badge then, and no rows.
  const topupBadge = menu.locator('.side-count[data-queue="topups"] [aria-hidden]');
  const topups = (await topupBadge.count()) > 0 ? Number(await topupBadge.innerText()) : 0;
  await expect(op.locator('.account-topups tbody tr')).toHaveCount(topups);
  await op.goto('/user/operator/underwriting');
  await expect(op.locator('#uq-title')).toContainText(`(${n})`);

  // The audit log reads as sentences; names are data.
  await op.goto('/user/operator/audit?action=operator.member.adjust');
  const entry = op.locator('.op-log').first();
  await expect(entry.locator('.op-log-sentence')).toContainText(/运营专员 adjusted member corp\d+'s balance/);
  await expect(entry.locator('.op-log-actor')).toHaveAttribute('translate', 'no');
  await expect(entry.locator('.op-changes thead')).toContainText('FieldBeforeAfter');
  await expect(entry.locator('.op-changes tr[data-field="money"] th')).toHaveText('Balance');
  await expect(op.locator('.op-table')).not.toContainText('{"');
  await ctx.close();
});

test('a member keeps the balance card and sees no console counts (Chinese)', async ({ browser, baseURL }) => {
  const ctx = await contextIn(browser, baseURL!, 'zh-cn');
  const page = await ctx.newPage();
  await loginViaForm(page, DEMO, '/user/account/profile');
  const menu = sidebar(page);
  await expect(menu.locator('.profile-stats')).toBeVisible();
  await expect(menu.locator('.side-count')).toHaveCount(0);
  await ctx.close();
});

test('on a 390 px phone the console landing, its drawer and the audit log hold (Chinese)', async ({ browser, baseURL }) => {
  const ctx = await contextIn(browser, baseURL!, 'zh-cn', 390);
  const op = await ctx.newPage();
  await loginViaForm(op, OPERATOR);
  await expect(op).toHaveURL(/\/user\/operator\/members$/);
  await expect(op.getByRole('heading', { name: '待办工作' })).toBeVisible();
  await expect(op.locator('.op-tile', { hasText: '待核保保单' })).toBeVisible();
  const wide = async () => op.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await wide()).toBeLessThanOrEqual(0);
  // Two tiles a row, none cut.
  for (const box of await op.locator('.op-tile').evaluateAll((els) => els.map((e) => e.scrollWidth - e.clientWidth))) {
    expect(box).toBeLessThanOrEqual(0);
  }
  await op.goto('/user/operator/audit?action=operator.member.adjust');
  await expect(op.locator('.op-log-sentence').first()).toContainText('调整了会员');
  await expect(op.locator('.op-changes').first()).toBeVisible();
  expect(await wide()).toBeLessThanOrEqual(0);
  await ctx.close();
});
