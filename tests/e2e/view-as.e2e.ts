/**
 * View as member (issue #31 item 6, decision 0016), in a real browser: the operator opens demo's
 * centre from the member detail page, sees demo's data under the read-only banner, a save is
 * refused with the message, "End" goes back to the console, and the audit log shows the view with
 * the pages seen. In English and Chinese, and on a 390 px phone.
 */
import { type Browser, expect, test } from '@playwright/test';
import { loginViaForm, waitForHydration } from './helpers';

const OPERATOR = { account: 'operator', password: 'Operator#2026' };

test.describe.configure({ timeout: 90_000 });

const WORDS = {
  en: {
    button: 'View as member',
    banner: /You are viewing .+'s centre read-only/,
    nickname: 'Nickname',
    save: 'Save',
    refused: "You are viewing this member's centre read-only: nothing can be changed. Choose “End” first.",
    end: 'End',
    detail: 'Member details',
    entry: "viewed member demo's centre read-only",
    pages: 'Pages seen',
  },
  'zh-cn': {
    button: '以会员身份查看',
    banner: /您正在以只读方式查看 .+ 的会员中心/,
    nickname: '昵称',
    save: '保存',
    refused: '您正在以只读方式查看会员中心，不能做任何修改。请先点“结束查看”。',
    end: '结束查看',
    detail: '会员详情',
    entry: '以只读方式查看了会员 demo 的会员中心',
    pages: '查看的页面',
  },
} as const;

async function operatorIn(browser: Browser, baseURL: string, lang: 'en' | 'zh-cn', width = 1366) {
  const ctx = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 800 } });
  await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL }]);
  const page = await ctx.newPage();
  await loginViaForm(page, OPERATOR, '/user/operator/members?keyword=demo');
  return { ctx, page };
}

for (const [lang, width] of [
  ['en', 1366],
  ['zh-cn', 1366],
  ['en', 390],
  ['zh-cn', 390],
] as const) {
  test(`the operator views demo's centre read-only, is refused a save, ends and finds it in the audit log (${lang}, ${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const w = WORDS[lang];
    const { ctx, page } = await operatorIn(browser, baseURL!, lang, width);

    // The member detail page of demo, with its nickname as the console shows it.
    await page
      .locator('a[href^="/user/operator/memberDetail?id="]', { hasText: /^demo$/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: w.detail, level: 1 })).toBeVisible();
    const detailUrl = new URL(page.url());
    const nickname = (await page.locator('dl.op-kv .kv').nth(1).locator('dd').innerText()).trim();
    await page.getByRole('button', { name: w.button }).click();

    // demo's centre, as demo sees it, under the banner.
    await expect(page).toHaveURL(/\/user(\/account\/overview)?$/);
    const banner = page.locator('[data-view-as-banner]');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(w.banner);
    await expect(banner.locator('.view-as-member')).toHaveText(nickname);
    await expect(page.getByText('@demo').first()).toBeAttached();

    // The profile: a save is refused with the read-only message; nothing changed.
    await page.goto('/user/account/profile');
    await waitForHydration(page);
    await expect(banner).toBeVisible();
    const field = page.getByLabel(w.nickname, { exact: true });
    await expect(field).toHaveValue(nickname);
    await field.fill(`${nickname}x`);
    const saved = page.waitForResponse((r) => r.url().includes('/userapi/v1/account/profile') && r.request().method() === 'POST');
    await page.getByRole('button', { name: w.save, exact: true }).click();
    expect((await saved).status()).toBe(403);
    await expect(page.getByText(w.refused).first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(w.nickname, { exact: true })).toHaveValue(nickname);
    // The sign-out form (a page post, not the API) is refused the same way: demo stays signed in.
    const logout = await page.request.post('/user/logout', { headers: { origin: baseURL! }, maxRedirects: 0 });
    expect(logout.status()).toBe(403);
    expect((await logout.text()).replaceAll('&#39;', "'")).toContain(w.refused);

    // A phone: the banner and its End fit, nothing scrolls sideways.
    if (width < 500) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const box = await banner.getByRole('button', { name: w.end }).boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
    }

    // End: back on demo's detail page in the console, no banner.
    await banner.getByRole('button', { name: w.end }).click();
    await expect(page).toHaveURL(`${detailUrl.pathname}${detailUrl.search}`);
    await expect(page.getByRole('heading', { name: w.detail, level: 1 })).toBeVisible();
    await expect(page.locator('[data-view-as-banner]')).toHaveCount(0);

    // The audit log: the view, with the pages seen.
    await page.goto('/user/operator/audit?action=operator.view_as');
    const entry = page.locator('.op-log[data-action="operator.view_as"]').first();
    await expect(entry).toContainText(w.entry);
    await expect(entry).toContainText(w.pages);
    await expect(entry.locator('[data-view-as-pages]')).toContainText('/user/account/profile');
    await ctx.close();
  });
}
