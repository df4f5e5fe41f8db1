/**
 * Scheduled jobs (issue #30, item 2) as an operator sees them: the "Scheduled jobs" card at the foot
 * of Site settings lists every job the server's scheduler registered, when it ran and on which
 * instance, in both languages and on a phone without sideways scrolling. (The jobs' effects are in
 * the orders and endorsement specs: the sandbox's delayed answers arrive through the scheduler.)
 */
import { type Browser, expect, test } from '@playwright/test';
import { loginViaForm } from './helpers';

const OPERATOR = { account: 'operator', password: 'Operator#2026' };
const JOBS = ['insurer-answers', 'sealing-sweep', 'expire-policies'];

const words = {
  en: { title: 'Scheduled jobs', insurer: 'Insurer answers (sandbox)', ok: 'OK', every: '1 s', runs: /Runs: \d+, failed: 0/ },
  'zh-cn': { title: '定时任务', insurer: '保险公司答复（沙箱）', ok: '正常', every: '每 1 秒', runs: /运行 \d+ 次，失败 0 次/ },
} as const;

async function contextIn(browser: Browser, baseURL: string, lang: 'en' | 'zh-cn', width: number) {
  const ctx = await browser.newContext({ viewport: { width, height: 800 } });
  await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL }]);
  return ctx;
}

for (const [lang, width] of [
  ['en', 1366],
  ['zh-cn', 390],
] as const) {
  test(`operators see the scheduled jobs on Site settings (${lang}, ${width} px)`, async ({ browser, baseURL }) => {
    const w = words[lang];
    const ctx = await contextIn(browser, baseURL!, lang, width);
    const page = await ctx.newPage();
    await loginViaForm(page, OPERATOR);
    await page.goto('/user/operator/settings');
    const card = page.locator('section.op-jobs');
    await expect(card.getByRole('heading', { name: w.title })).toBeVisible();
    for (const name of JOBS) await expect(card.locator(`tr[data-job="${name}"]`)).toHaveCount(1);
    const insurer = card.locator('tr[data-job="insurer-answers"]');
    await expect(insurer).toContainText(w.insurer);
    await expect(insurer).toContainText(w.every);
    await expect(insurer.locator('code[translate="no"]').first()).toHaveText('insurer-answers');
    // The server's scheduler has run it (every second): it reads OK, with its count of runs.
    await expect(insurer.locator('[data-job-result]')).toHaveText(w.ok);
    await expect(insurer).toContainText(w.runs);
    // No sideways scrolling, nothing cut off on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await ctx.close();
  });
}
