/**
 * Every page of every menu holds on a phone and reads in the page's language (#29).
 *
 * For the demo member, the manager, a sub-account and an operator this test logs in, takes the
 * pages from the member-centre menu the server built for that account, and visits each:
 * - at 360 and 390 px: the page must not scroll sideways and no text may be cut by its box
 *   (an element that clips its overflow while its content is wider, without an ellipsis);
 * - in English at 390 px: no Chinese outside elements marked as data (`translate="no"`: names of
 *   people and companies, addresses, policy numbers — what a translator must not touch) or in
 *   another language on purpose (`lang="zh-CN"`, e.g. the language switch naming 中文简体).
 * Each test collects every problem first and fails once with the whole list, so a red run is a worklist.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, loginViaForm, MANAGER, sidebar, waitForHydration } from './helpers';

/** Pages beyond the menu that a member reaches every day: forms, records, the public pages. */
const DEMO_EXTRA = [
  '/user/order/guzhu?new=1',
  '/user/order/groupDetail?id=1',
  '/user/claim/list?new=1',
  '/user/claim/detail?id=5',
  '/user/order/endorse?new=1',
  '/user/order/endorseDetail?id=1',
  '/product',
  '/offer',
  '/help',
];

const ACCOUNTS = [
  { name: 'demo', who: DEMO, extra: DEMO_EXTRA },
  { name: 'manager', who: MANAGER },
  { name: 'sub-account', who: { account: 'demo_site1', password: 'Site1#2026' } },
  { name: 'operator', who: { account: 'operator', password: 'Operator#2026' } },
];

/** The member-centre pages in this account's menu (external links and the logout action left out), then `extra`. */
async function menuPages(page: Page, extra: readonly string[] = []): Promise<string[]> {
  const hrefs = await sidebar(page)
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
  const menu = [...new Set(['/user/account/overview', ...hrefs])].filter((h) => h.startsWith('/user/') && !h.includes('logout'));
  return [...menu, ...extra];
}

/** Sideways scroll and clipped text on the current page, as short human-readable findings. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) found.push(`page is ${doc.scrollWidth}px wide in ${window.innerWidth}px`);
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (el.closest('[hidden], [aria-hidden="true"], dialog:not([open]), .sr-only, script, style, svg')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || el.clientWidth < 2) continue;
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
      if (!clips || style.textOverflow === 'ellipsis' || el.scrollWidth <= el.clientWidth + 1) continue;
      const text = (el.innerText || '').trim().replace(/\s+/g, ' ');
      if (text) found.push(`text cut in <${el.tagName.toLowerCase()} class="${el.className}">: "${text.slice(0, 40)}"`);
    }
    return found;
  });
}

/** Chinese characters in the page's visible text outside elements marked as data. */
function chineseOutsideData(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const han = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+/g;
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('[translate="no"], [lang]:not(html), textarea, script, style, noscript, template, [hidden]')) continue;
      if (parent.getClientRects().length === 0) continue; // not rendered
      const text = node.textContent ?? '';
      if (han.test(text)) found.add(text.trim().slice(0, 40));
      han.lastIndex = 0;
    }
    // Visible hints only: an accessible name may well name data ("Approve: 上海示例科技有限公司").
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('[title], [placeholder]'))) {
      if (el.closest('[translate="no"], [lang]:not(html)')) continue;
      for (const attr of ['title', 'placeholder']) {
        const value = el.getAttribute(attr);
        if (value && /[\u3400-\u9fff]/.test(value)) found.add(`${attr}="${value.slice(0, 40)}"`);
      }
    }
    if (/[\u3400-\u9fff]/.test(document.title)) found.add(`<title>${document.title}`);
    return [...found];
  });
}

/** Logs `who` in at `width` px (in English when `en`) and runs `check` on every page of their menu. */
async function everyMenuPage(
  browser: Browser,
  baseURL: string,
  { who, extra }: { who: { account: string; password: string }; extra?: readonly string[] },
  { width, en }: { width: number; en?: boolean },
  check: (page: Page) => Promise<string[]>,
): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, baseURL });
  if (en) await context.addCookies([{ name: 'ba-lang', value: 'en', url: baseURL }]);
  const page = await context.newPage();
  await loginViaForm(page, who, '/user/account/overview');
  const problems: string[] = [];
  for (const path of await menuPages(page, extra)) {
    await page.goto(path);
    await waitForHydration(page);
    for (const p of await check(page)) problems.push(`${path}: ${p}`);
  }
  await context.close();
  return problems;
}

for (const account of ACCOUNTS) {
  const { name } = account;
  for (const width of [360, 390]) {
    test(`${name}: every menu page holds at ${width} px`, async ({ browser, baseURL }) => {
      test.setTimeout(180_000);
      expect(await everyMenuPage(browser, baseURL!, account, { width }, layoutProblems)).toEqual([]);
    });
  }

  test(`${name}: every menu page reads in English`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    expect(await everyMenuPage(browser, baseURL!, account, { width: 390, en: true }, chineseOutsideData)).toEqual([]);
  });
}
