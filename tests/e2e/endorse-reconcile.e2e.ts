/**
 * Reconciling a roster with HR's staff list (issue #31, item 3), in a real browser: the demo member
 * holds a named-list policy of 202 people (placed through the API: the seeded ones are smaller); a
 * staff list of 200 rows built from that roster — 5 leavers dropped, 3 joiners added, 2 people
 * changed (a name, a class) — is uploaded on the reconciliation page reached from the policy page;
 * exactly those proposals appear, and "Create endorsement draft" makes the draft with exactly those
 * items. Chinese, English, and English at 390 px (no sideways scrolling). Each run cancels its
 * draft so the next may make one.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { makeResidentId } from '../../src/lib/cn-id';
import { DEMO, loginViaForm, waitForHydration } from './helpers';

test.describe.configure({ mode: 'serial' });

const WORDS = {
  'zh-cn': {
    action: '与人员名单核对',
    summary: '名单共 200 人：拟减员 5 人，拟加保 3 人，拟更正 2 人。',
    create: '生成批改草稿（10 项）',
  },
  en: {
    action: 'Reconcile with staff list',
    summary: 'The list has 200 people: 5 to remove, 3 to add, 2 to correct.',
    create: 'Create endorsement draft (10)',
  },
} as const;

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '霞', '平', '刚', '桂英'];

interface Person {
  name: string;
  id_no: string;
  class: number;
}

const seed = Date.now() % 1000;
const person = (i: number, cls = 1): Person => ({
  name: `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]}${GIVEN[(i * 7) % GIVEN.length]}`,
  id_no: makeResidentId(
    `19${70 + (i % 30)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
    (seed + i) % 1000,
    '330106',
  ),
  class: cls,
});

let token = '';
let orderId = 0;
const roster: Person[] = [];

async function api(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await request.fetch(`/userapi/v1/${path}`, {
    method,
    headers: { 'ba-user-token': token, 'think-lang': 'en' },
    data: data === undefined ? undefined : data,
  });
  const body = await res.json();
  expect(res.status(), `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
  return body.data;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(90_000);
  const request = await playwright.request.newContext({ baseURL });
  const login = await request.post('/userapi/v1/user/login', { data: { account: DEMO.account, password: DEMO.password } });
  token = (await login.json()).data.userInfo.token;
  for (let i = 0; i < 202; i++) roster.push(person(i, (i % 3) + 1));
  // The site's tomorrow (Asia/Shanghai by default): the first day a new policy may start.
  const start = new Date(Date.now() + (8 + 24) * 3600_000).toISOString().slice(0, 10);
  const order = await api(request, 'POST', 'order/create', {
    request_id: `e2e-reconcile-${Date.now()}`,
    plan_id: 1,
    class: 1,
    months: 1,
    start_date: start,
    policyholder: { name: '杭州示例物流有限公司', contact: '陈经理', mobile: '13900139000' },
    insured: roster.map((p) => ({ name: p.name, id_no: p.id_no, class: p.class })),
  });
  orderId = order.order.id;
  await api(request, 'POST', 'order/pay', { id: orderId, request_id: `e2e-reconcile-pay-${Date.now()}` });
  // The sandbox insurer underwrites after its delay: the policy turns eligible for endorsements.
  await expect
    .poll(async () => ((await api(request, 'GET', 'endorse/policies')).list as { id: number }[]).some((p) => p.id === orderId), {
      timeout: 60_000,
    })
    .toBe(true);
  await request.dispose();
});

/** The staff list: the roster less 5 leavers, with 3 joiners, one name changed and one class changed — 200 rows. */
function staffList(): { csv: string; leavers: Person[]; joiners: Person[]; renamed: Person; reclassed: Person } {
  const leavers = [roster[3], roster[40], roster[77], roster[150], roster[201]];
  const joiners = [person(900, 2), person(901, 1), person(902, 3)];
  const renamed = roster[10];
  const reclassed = roster[20];
  const rows = roster
    .filter((p) => !leavers.includes(p))
    .map((p) => {
      if (p === renamed) return [`${p.name}新`, p.id_no, p.class];
      if (p === reclassed) return [p.name, p.id_no.toLowerCase(), p.class === 3 ? 2 : 3]; // a lower-case x is the same ID
      return [p.name, p.id_no, p.class];
    });
  rows.push(...joiners.map((p) => [p.name, p.id_no, p.class]));
  expect(rows).toHaveLength(200);
  const csv = `\uFEFF姓名,身份证号,职业类别\r\n${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;
  return { csv, leavers, joiners, renamed, reclassed };
}

async function reconcile(page: Page, lang: 'zh-cn' | 'en') {
  const w = WORDS[lang];
  await page.goto(`/user/order/groupDetail?id=${orderId}`);
  await page.getByRole('link', { name: w.action }).click();
  await expect(page).toHaveURL(new RegExp(`/user/endorse/reconcile\\?order=${orderId}$`));
  await waitForHydration(page);
  const list = staffList();
  await page.locator('.reconcile input[type="file"]').setInputFiles({
    name: `staff-${lang}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(list.csv),
  });
  await expect(page.locator('[data-reconcile-summary]')).toHaveText(w.summary, { timeout: 20_000 });

  const removals = page.locator('[data-group="removals"] li');
  await expect(removals).toHaveCount(5);
  for (const p of list.leavers) await expect(page.locator('[data-group="removals"]')).toContainText(p.name);
  await expect(page.locator('[data-group="additions"] li')).toHaveCount(3);
  for (const p of list.joiners) {
    await expect(page.locator('[data-group="additions"]')).toContainText(p.name);
    await expect(page.locator(`[data-add-class="${p.id_no}"]`)).toHaveValue(String(p.class)); // the file's class
  }
  const corrections = page.locator('[data-group="corrections"] li');
  await expect(corrections).toHaveCount(2);
  await expect(corrections.filter({ hasText: `${list.renamed.name}新` })).toHaveCount(1);
  await expect(corrections.filter({ hasText: list.reclassed.name })).toHaveCount(1);
  // Every proposal ticked; "select all" of a group unticks and ticks it again.
  const all = page.locator('[data-select-all="removals"]');
  await expect(all).toBeChecked();
  await all.uncheck();
  await expect(page.locator('[data-action="reconcile-create"]')).toHaveText(
    lang === 'en' ? 'Create endorsement draft (5)' : '生成批改草稿（5 项）',
  );
  await all.check();
  await expect(page.locator('[data-action="reconcile-create"]')).toHaveText(w.create);

  const noSideways = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noSideways).toBe(true);

  await page.locator('[data-action="reconcile-create"]').click();
  await expect(page).toHaveURL(/\/user\/order\/endorse\?edit=\d+/, { timeout: 20_000 });
  const draftId = Number(new URL(page.url()).searchParams.get('edit'));

  // The draft holds exactly those changes.
  const request = page.context().request;
  const detail = await api(request, 'GET', `endorse/detail?id=${draftId}`);
  const items = detail.items as { kind: string; before: { id_no_masked: string } | null; after: { id_no_masked: string } | null }[];
  expect(items.map((i) => i.kind).sort()).toEqual([
    'add',
    'add',
    'add',
    'correct',
    'correct',
    'remove',
    'remove',
    'remove',
    'remove',
    'remove',
  ]);
  const masked = (id: string) => `${id.slice(0, 6)}********${id.slice(14)}`;
  const of = (kind: string) =>
    items
      .filter((i) => i.kind === kind)
      .map((i) => (i.after ?? i.before)?.id_no_masked)
      .sort();
  expect(of('remove')).toEqual(list.leavers.map((p) => masked(p.id_no)).sort());
  expect(of('add')).toEqual(list.joiners.map((p) => masked(p.id_no)).sort());
  expect(of('correct')).toEqual([list.renamed, list.reclassed].map((p) => masked(p.id_no)).sort());
  await api(request, 'POST', 'endorse/cancel', { id: draftId });
}

async function englishContext(browser: Browser, baseURL: string | undefined) {
  const ctx = await browser.newContext();
  await ctx.addCookies([{ name: 'ba-lang', value: 'en', url: baseURL! }]);
  return ctx;
}

test('a 200-row staff list proposes exactly 5 removals, 3 additions and 2 corrections, and makes that draft (Chinese)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginViaForm(page, DEMO);
  await reconcile(page, 'zh-cn');
});

test('the same in English', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const ctx = await englishContext(browser, baseURL);
  const page = await ctx.newPage();
  await loginViaForm(page, DEMO);
  await reconcile(page, 'en');
  await ctx.close();
});

test('the same in English on a 390 px phone', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const ctx = await englishContext(browser, baseURL);
  const page = await ctx.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await loginViaForm(page, DEMO);
  await reconcile(page, 'en');
  await ctx.close();
});

test('the monthly staff-list reminder is off until the member switches it on in the profile (and off again)', async ({
  browser,
  baseURL,
}) => {
  const ctx = await englishContext(browser, baseURL);
  const page = await ctx.newPage();
  await loginViaForm(page, DEMO, '/user/account/profile');
  await waitForHydration(page);
  const reminder = page.getByRole('switch', { name: /Remind me each month to upload HR's staff list/ });
  await expect(reminder).not.toBeChecked();
  await reminder.click();
  await expect(reminder).toBeChecked();
  await expect(page.getByText('Notice settings saved')).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(reminder).toBeChecked();
  await reminder.click();
  await expect(reminder).not.toBeChecked();
  await ctx.close();
});
