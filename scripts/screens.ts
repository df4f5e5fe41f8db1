/**
 * Screenshots of the main pages for a visual check:
 *   bun scripts/screens.ts [baseUrl] [filter]
 * Needs a running server (default http://localhost:3111) and Debian chromium at /usr/bin/chromium.
 * Output: .tmp/screens/<page>-<lang>-<theme>-<width>.png (gitignored).
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium';

const base = process.argv[2] ?? 'http://localhost:3111';
const filter = process.argv[3] ?? '';
const out = '.tmp/screens';
mkdirSync(out, { recursive: true });

const pages: { name: string; path: string; login?: boolean; viewAs?: number }[] = [
  { name: 'home', path: '/' },
  { name: 'product', path: '/product' },
  { name: 'offer', path: '/offer' },
  { name: 'login', path: '/user/login?to=%2Fuser%2Faccount%2Fprofile&error=failed' },
  { name: 'register', path: '/user/login?tab=register' },
  { name: 'retrieve', path: '/user/login?tab=retrieve' },
  { name: 'overview', path: '/user/account/overview', login: true },
  { name: 'help', path: '/help' },
  { name: 'help-centre', path: '/user/help', login: true },
  { name: 'profile', path: '/user/account/profile', login: true },
  { name: 'notices', path: '/user/notice', login: true },
  { name: 'notices-unread', path: '/user/notice?unread=true', login: true },
  { name: 'balance', path: '/user/account/balance', login: true },
  { name: 'integral', path: '/user/account/integral?limit=20', login: true },
  { name: 'guzhu', path: '/user/order/guzhu', login: true },
  { name: 'claims', path: '/user/claim/list', login: true },
  { name: 'claim-new', path: '/user/claim/list?new=1', login: true },
  { name: 'claim-detail', path: '/user/claim/detail?id=5', login: true },
  { name: 'claim-paid', path: '/user/claim/detail?id=1', login: true },
  { name: 'op-claims', path: '/user/operator/claims', login: true },
  { name: 'op-claim', path: '/user/operator/claimDetail?id=6', login: true },
  { name: 'team-list', path: '/user/team/teamMange', login: true },
  { name: 'team-add', path: '/user/team/addAccount', login: true },
  { name: 'team-edit', path: '/user/team/addAccount?id=4', login: true },
  { name: 'team-alloc', path: '/user/team/allocation', login: true },
  { name: 'order-new', path: '/user/order/guzhu?new=1', login: true },
  { name: 'renewal', path: '/user/renewal?id=24', login: true },
  { name: 'op-renewals', path: '/user/operator/renewals', login: true },
  { name: 'order-detail', path: '/user/order/groupDetail?id=1', login: true },
  { name: 'order-without', path: '/user/order/withoutDetail', login: true },
  // Step indicator and timeline (#29): m29- as demo.
  { name: 'm29-order', path: '/user/order/groupDetail?id=1', login: true },
  { name: 'm29-order-refused', path: '/user/order/groupDetail?id=8', login: true },
  { name: 'm29-claim', path: '/user/claim/detail?id=5', login: true },
  { name: 'm29-claim-paid', path: '/user/claim/detail?id=1', login: true },
  { name: 'm29-endorse', path: '/user/order/endorseDetail?id=1', login: true },
  { name: 'm29-order-new', path: '/user/order/guzhu?new=1', login: true },
  { name: 'm29-overview', path: '/user/account/overview', login: true },
  { name: 'offer-quote', path: '/offer?q=1&plan=2&class=2&headcount=12&months=6' },
  // Undo window (#31): wd- as demo, after submitting one endorsement (id 9, sandbox delay 3600 s) and
  // withdrawing another (id 10) on a fresh seed; id 8 is the seeded ID fix waiting for staff.
  { name: 'wd-countdown', path: '/user/order/endorseDetail?id=9', login: true },
  { name: 'wd-ask', path: '/user/order/endorseDetail?id=9&ask=withdraw', login: true },
  { name: 'wd-staff', path: '/user/order/endorseDetail?id=8', login: true },
  { name: 'wd-done', path: '/user/order/endorseDetail?id=10', login: true },
  { name: 'wd-list', path: '/user/order/endorse', login: true },
  // Operator console (#14): run with SCREENS_ACCOUNT=operator SCREENS_PASSWORD=Operator#2026, filter opc-.
  { name: 'opc-members', path: '/user/operator/members', login: true },
  { name: 'opc-member', path: '/user/operator/memberDetail?id=1', login: true },
  { name: 'opc-groups', path: '/user/operator/groups?id=2', login: true },
  { name: 'opc-rules', path: '/user/operator/rules?id=8', login: true },
  { name: 'opc-settings', path: '/user/operator/settings', login: true },
  { name: 'opc-audit', path: '/user/operator/audit', login: true },
  { name: 'opc-jobs', path: '/user/operator/settings#op-jobs', login: true },
  { name: 'opc-products', path: '/user/operator/products', login: true },
  { name: 'opc-ruletree', path: '/user/operator/rules', login: true },
  { name: 'opc-deliveries', path: '/user/operator/deliveries', login: true },
  // Endorsements and invoices (#10); the en- entries as demo, the eop- ones with SCREENS_ACCOUNT=operator.
  { name: 'en-list', path: '/user/order/endorse', login: true },
  { name: 'en-new', path: '/user/order/endorse?new=1', login: true },
  { name: 'en-detail', path: '/user/order/endorseDetail?id=1', login: true },
  // Roster reconciliation (#31 item 3): the page before a list is uploaded, and the policy chooser.
  { name: 'reconcile', path: '/user/endorse/reconcile?order=1', login: true },
  { name: 'reconcile-choose', path: '/user/endorse/reconcile', login: true },
  { name: 'en-invoice', path: '/user/order/invoiceApply', login: true },
  { name: 'eop-endorse', path: '/user/operator/endorsements', login: true },
  { name: 'eop-endorse-detail', path: '/user/operator/endorseDetail?id=6', login: true },
  { name: 'eop-invoices', path: '/user/operator/invoices', login: true },
  { name: 'eop-invoice', path: '/user/operator/invoiceDetail?id=3', login: true },
  // File sealing (#13): seal- as demo; sealop- with SCREENS_ACCOUNT=operator SCREENS_PASSWORD=Operator#2026.
  { name: 'seal-work', path: '/user/file/sealfile', login: true },
  { name: 'seal-files', path: '/user/file/sealfile?tab=files', login: true },
  { name: 'seal-seals', path: '/user/file/sealfile?tab=seals', login: true },
  { name: 'seal-verify', path: '/verify?code=DEMX-SEAL-2468' },
  { name: 'sealop-review', path: '/user/operator/seals', login: true },
  // Proof of cover (#30): the policy page's card is on order-detail; the check needs a code (SCREENS_COVER_CODE).
  { name: 'cover-card', path: '/user/order/groupDetail?id=1#od-cover', login: true },
  { name: 'cover-verify', path: `/verify/cover?code=${process.env.SCREENS_COVER_CODE ?? ''}` },
  // View as member (#31): va- with SCREENS_ACCOUNT=operator; the operator views member 1 (demo) read-only.
  { name: 'va-overview', path: '/user/account/overview', login: true, viewAs: 1 },
  { name: 'va-profile', path: '/user/account/profile', login: true, viewAs: 1 },
  { name: 'va-claim', path: '/user/claim/detail?id=5', login: true, viewAs: 1 },
  { name: 'va-audit', path: '/user/operator/audit?action=operator.view_as', login: true },
  // The dry run on a draft (#31): make a draft first (its id in SCREENS_DRAFT_ID).
  { name: 'en-draft', path: `/user/order/endorse?edit=${process.env.SCREENS_DRAFT_ID ?? ''}`, login: true },
  { name: '404', path: '/no/such/page' },
];
const sizes = [
  { w: 1366, h: 800 },
  { w: 390, h: 844 },
];

const browser = await chromium.launch(CHROMIUM_LAUNCH);
const host = new URL(base).hostname;
const account = process.env.SCREENS_ACCOUNT ?? 'demo';
const password = process.env.SCREENS_PASSWORD ?? 'Demo#2026';

/** Log in through the API so the context holds a real `ba-user-token` cookie. */
async function login(ctx: import('@playwright/test').BrowserContext) {
  const res = await ctx.request.post(`${base}/userapi/v1/user/login`, {
    data: { account, password, keep: false },
    headers: { origin: base },
  });
  const body = (await res.json()) as { code: number; message: string };
  if (body.code !== 200001) throw new Error(`login failed: ${body.message}`);
}
let n = 0;
for (const lang of ['zh-cn', 'en']) {
  for (const theme of ['light', 'dark']) {
    for (const size of sizes) {
      for (const p of pages) {
        const name = `${p.name}-${lang}-${theme}-${size.w}`;
        if (filter && !name.includes(filter)) continue;
        const ctx = await browser.newContext({ viewport: { width: size.w, height: size.h }, deviceScaleFactor: 1 });
        const cookies = [
          { name: 'ba-lang', value: lang, domain: host, path: '/' },
          { name: 'ba-theme', value: theme, domain: host, path: '/' },
        ];
        await ctx.addCookies(cookies);
        if (p.login) await login(ctx);
        if (p.viewAs) {
          const res = await ctx.request.post(`${base}/userapi/v1/operator/viewAs/start`, {
            data: { id: p.viewAs },
            headers: { origin: base },
          });
          if (res.status() !== 200) throw new Error(`view as failed: ${await res.text()}`);
        }
        const page = await ctx.newPage();
        await page.goto(base + p.path, { waitUntil: 'networkidle' });
        // Headless Chromium paints only the viewport in a full-page shot (the rest came out blank):
        // grow the viewport to the page instead.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.setViewportSize({ width: size.w, height: Math.min(Math.max(height, size.h), 12_000) });
        await page.waitForTimeout(150);
        await page.screenshot({ path: `${out}/${name}.png` });
        await ctx.close();
        n++;
      }
    }
  }
}
await browser.close();
console.log(`${n} screenshots in ${out}`);

// Extra: the member-centre drawer and the public menu opened on a phone (one theme/lang).
{
  const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  for (const [name, path, toggle] of [
    ['drawer-open', '/user/account/overview', '.drawer-btn'],
    ['menu-open', '/product', '.nav-toggle-btn'],
    ['usermenu-open', '/user/account/overview', '.user-menu summary'],
    ['bell-open', '/user/account/overview', '.notification-bell summary'],
  ] as const) {
    if (filter && !name.includes(filter)) continue;
    const ctx = await b.newContext({ viewport: { width: 375, height: 740 } });
    await login(ctx);
    const page = await ctx.newPage();
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.click(toggle);
    await page.waitForTimeout(350);
    await page.screenshot({ path: `${out}/${name}-375.png` });
    await ctx.close();
  }
  await b.close();
}
