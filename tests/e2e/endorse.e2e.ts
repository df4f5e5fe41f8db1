/**
 * Endorsements and invoices (issue #10) in the browser, as the member and the operator click
 * through them: demo adds two people and removes one from tomorrow, watches the live premium,
 * submits (the sandbox insurer approves at once: the spec sets endorseDelaySeconds to 0, the default
 * 300 s undo window is endorse-withdraw.e2e.ts's), gets
 * the notice and checks the insured list on both sides of the date; the operator approves the
 * seeded ID-number fix; demo applies for an invoice for its endorsement charge (a bad credit code
 * first), the operator issues it, demo downloads it. Chinese and English.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { makeResidentId, maskResidentId } from '../../src/lib/cn-id';
import { formatDayText } from '../../src/lib/date-text';
import { DEMO, loginViaForm, MANAGER, setEndorseDelay, waitForHydration } from './helpers';

const OPERATOR = { account: 'operator', password: 'Operator#2026' };
/** Demo's employer's-liability policy, the one the seed endorses (E01–E03): 26 people on the list. */
const POLICY = 'PL202600000001';

const WORDS = {
  'zh-cn': {
    create: '创建草稿',
    addPerson: '加保人员',
    add: '添加',
    remove: '减员',
    correct: '更正',
    newId: '新身份证号码',
    submit: '提交批改',
    show: '查看',
    search: '搜索',
    approve: '批准',
    estimate: /^本项保费 (¥[\d,.]+) · 批改合计 (¥[\d,.]+)$/,
    request: '提交申请',
    codeBad: '统一社会信用代码无效（GB 32100 校验位不符）',
    requested: '发票申请已提交',
    issue: '开具',
    applied: '已申请',
    issued: '已开具',
    names: ['韩梅梅', '李小龙'],
  },
  en: {
    create: 'Create draft',
    addPerson: 'Add a person',
    add: 'Add',
    remove: 'Remove',
    correct: 'Correct',
    newId: 'New ID number',
    submit: 'Submit',
    show: 'Show',
    search: 'Search',
    approve: 'Approve',
    estimate: /^This change (¥[\d,.]+) · Endorsement total (¥[\d,.]+)$/,
    request: 'Request invoice',
    codeBad: 'Invalid unified social credit code (GB 32100 check character does not match)',
    requested: 'Invoice requested',
    issue: 'Issue',
    applied: 'Applied',
    issued: 'Issued',
    names: ['Li Lei', 'Han Meimei'],
  },
} as const;
type Lang = keyof typeof WORDS;

// Two long flows (member, sandbox, operator, invoice) on a shared machine: 2 minutes each.
test.describe.configure({ timeout: 120_000 });

// The sandbox answers at once here (the approvals below are the insurer's); the site's default window after.
test.beforeAll(async ({ request, baseURL }) => setEndorseDelay(request, baseURL!, 0));
test.afterAll(async ({ request, baseURL }) => setEndorseDelay(request, baseURL!, 300));

async function contextIn(browser: Browser, baseURL: string, lang: Lang): Promise<BrowserContext> {
  const ctx = await browser.newContext({ acceptDownloads: true });
  await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL }]);
  return ctx;
}

/** `YYYY-MM-DD` one day before `day`. */
const prevDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** `YYYY-MM-DD` one day after `day`. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Demo files an endorsement through the pages: two people in, one out from tomorrow, and with
 * `idFix` a corrected ID number for another (which the sandbox leaves to an operator). `seed`
 * keeps the two languages' people apart (no ID number may be covered twice). Ends on the detail
 * page, submitted (or already approved by the sandbox).
 */
async function endorse(page: Page, lang: Lang, seed: number, idFix = false): Promise<{ today: string; tomorrow: string; gone: string }> {
  const w = WORDS[lang];
  await loginViaForm(page, DEMO, '/user/order/endorse');
  await page.locator('[data-action="add"]').click();
  await expect(page).toHaveURL(/\/user\/order\/endorse\?new=1$/);

  // Step one: the policy and tomorrow (the date field starts on the site's next day, the plans' lead
  // time since issue #31), typed in the page's format.
  const policy = page.locator('#en-policy option', { hasText: POLICY });
  await page.locator('#en-policy').selectOption((await policy.getAttribute('value'))!);
  await waitForHydration(page);
  const tomorrow = await page.locator('input[name="effective_date"]').inputValue();
  await expect(page.locator('#en-date')).toHaveValue(formatDayText(tomorrow, lang));
  const today = prevDay(tomorrow);
  expect(nextDay(today)).toBe(tomorrow);
  await page.locator('#en-date').fill(formatDayText(tomorrow, lang));
  await page.getByRole('button', { name: w.create }).click();
  await expect(page).toHaveURL(/\/user\/order\/endorse\?edit=\d+$/);
  await waitForHydration(page);

  // Two people in: the live estimate under the class is what the server then charges for each.
  const form = page.getByRole('form', { name: w.addPerson });
  const estimates: string[] = [];
  for (const [i, name] of w.names.entries()) {
    await form.getByLabel(/^(姓名|Name)$/).fill(name);
    await form.locator('#en-idno').fill(makeResidentId(`198${i}-0${seed}-1${i}`, 700 + seed * 10 + i, '440305'));
    await form.locator('#en-cls').selectOption({ index: 2 });
    const [, one] = w.estimate.exec((await form.locator('output').innerText()).trim()) ?? [];
    expect(one).toMatch(/^¥\d/);
    estimates.push(one);
    await form.getByRole('button', { name: w.add, exact: true }).click();
    await expect(page.locator('tr[data-item="add"]')).toHaveCount(i + 1);
    await expect(page.locator('tr[data-item="add"]').nth(i).locator('.ei-premium')).toHaveText(one);
  }

  // One person out from tomorrow: the first on the list that day.
  const leaving = page.locator('.endorse-roster > li').first();
  const gone = (await leaving.getAttribute('data-insured'))!;
  await leaving.getByRole('button', { name: `${w.remove} ${gone}` }).click();
  await expect(page.locator('tr[data-item="remove"]')).toHaveCount(1);
  if (idFix) {
    const fixing = page.locator('.endorse-roster > li').nth(1);
    await fixing.locator('summary', { hasText: w.correct }).click();
    await fixing.getByLabel(w.newId).fill(makeResidentId(`1990-0${seed}-15`, 800 + seed, '440305'));
    await fixing.locator('form button[type="submit"]', { hasText: w.correct }).click();
    await expect(page.locator('tr[data-item="correct"]')).toHaveCount(1);
  }
  const total = await page.locator('.endorse-items [data-total]').innerText();
  await expect(page.locator('[data-live-total]')).toHaveText(total);

  // Submit sits under the dry run's checklist now (issue #31); on a busy machine the detail page (the
  // sandbox's decision and its notice PDF) can take a while.
  await page.getByRole('button', { name: w.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/order\/endorseDetail\?id=\d+$/, { timeout: 20_000 });
  return { today, tomorrow, gone };
}

/** On the approved endorsement's page: the notice PDF, the insured list on both sides of the date, the policy's "as of" list. */
async function checkApproved(page: Page, lang: Lang, { today, tomorrow, gone }: Awaited<ReturnType<typeof endorse>>): Promise<string> {
  const w = WORDS[lang];
  await expect(page.locator('.endorse-detail')).toHaveAttribute('data-status', 'approved');
  const endorseNo = (await page.locator('[data-endorse-no]').innerText()).trim();
  expect(endorseNo).toMatch(new RegExp(`^${POLICY}-E\\d{2}$`));
  const download = page.waitForEvent('download');
  await page.locator('[data-action="notice"]').click();
  expect((await download).suggestedFilename()).toBe(`endorse-${endorseNo}.pdf`);

  // The insured list from tomorrow has the two new people and not the one who left; today, the reverse.
  const roster = page.locator('.endorse-roster-table');
  for (const name of w.names) await expect(roster.locator(`tr[data-insured="${name}"]`)).toHaveCount(1);
  await expect(roster.locator(`tr[data-insured="${gone}"]`)).toHaveCount(0);
  await waitForHydration(page);
  await page.locator('#ed-asof').fill(formatDayText(today, lang));
  await page.getByRole('button', { name: w.show, exact: true }).click();
  await expect(page.locator('#ed-roster')).toContainText(today);
  await expect(roster.locator(`tr[data-insured="${gone}"]`)).toHaveCount(1);
  for (const name of w.names) await expect(roster.locator(`tr[data-insured="${name}"]`)).toHaveCount(0);

  // The policy page has its own "as of" date: tomorrow shows the newcomer.
  await page.getByRole('link', { name: POLICY }).click();
  await expect(page).toHaveURL(/\/user\/order\/groupDetail\?id=\d+/);
  await waitForHydration(page);
  await page.locator('#od-asof').fill(formatDayText(tomorrow, lang));
  await expect(page.locator('[data-as-of]')).toHaveValue(tomorrow);
  await page.locator('.order-inline input[name="keyword"]').fill(w.names[0]);
  await page.getByRole('button', { name: w.search, exact: true }).click();
  await expect(page.locator('table.order-insured tbody tr')).toHaveCount(1);
  await expect(page.locator('table.order-insured')).toContainText(w.names[0]);
  return endorseNo;
}

/** Demo asks for an invoice for its endorsement charge (a mistyped credit code first); the operator issues it; demo downloads it. */
async function invoice(demo: Page, op: Page, lang: Lang, endorseNo: string): Promise<void> {
  const w = WORDS[lang];
  // The approved charge is invoiceable: tick it, see the running total.
  await demo.goto('/user/order/invoiceApply');
  const source = demo.locator(`tr[data-source="${endorseNo}"]`);
  const amount = await source.locator('.is-amount').innerText();
  await source.getByRole('checkbox').check();
  await expect(demo.locator('[data-total]')).toHaveText(amount);

  // A mistyped code: said as typed, and the API's field error on submit.
  const code = demo.locator('#inv-code');
  await demo.locator('#inv-title').fill('上海示例科技有限公司');
  await code.fill('91310115MA1K4ABC19');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await demo.getByRole('button', { name: w.request }).click();
  await expect(demo.locator('.invoice-apply .field-error[role="alert"]')).toHaveText(w.codeBad);
  await code.fill('91310115MA1K4ABC18');
  await demo.getByRole('button', { name: w.request }).click();
  await expect(demo.getByRole('status').filter({ hasText: w.requested })).toBeVisible();
  const mine = demo.locator('.invoice-table tr[data-invoice]', { hasText: amount }).first();
  await expect(mine.locator('.endorse-status')).toHaveText(w.applied);
  const applyNo = (await mine.getAttribute('data-invoice'))!;

  // The operator issues it (no file: a PDF is generated).
  await op.goto('/user/operator/invoices');
  await op.getByRole('link', { name: applyNo }).click();
  await op.locator('#iv-no').fill(`2631200000${String(Date.now()).slice(-10)}`);
  await op.getByRole('button', { name: w.issue, exact: true }).click();
  await expect(op.locator('.invoice-detail')).toHaveAttribute('data-status', 'issued');

  // Demo sees it issued and downloads the PDF.
  await demo.reload();
  const issued = demo.locator(`tr[data-invoice="${applyNo}"]`);
  await expect(issued.locator('.endorse-status')).toHaveText(w.issued);
  const download = demo.waitForEvent('download');
  await issued.locator('[data-action="download"]').click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
}

test('Chinese: demo adds two, removes one from tomorrow, the sandbox approves; notice and insured lists; the operator approves the seeded ID fix; an invoice for the charge', async ({
  browser,
  baseURL,
}) => {
  const w = WORDS['zh-cn'];
  const demoCtx = await contextIn(browser, baseURL!, 'zh-cn');
  const demo = await demoCtx.newPage();
  const filed = await endorse(demo, 'zh-cn', 1);
  const endorseNo = await checkApproved(demo, 'zh-cn', filed);

  // The seeded ID-number fix waits for an operator (the sandbox leaves those alone).
  const opCtx = await contextIn(browser, baseURL!, 'zh-cn');
  const op = await opCtx.newPage();
  await loginViaForm(op, OPERATOR, '/user/operator/endorsements');
  const row = op.locator('tr[data-endorse]', { hasText: '含身份证更正' }).first();
  await row.getByRole('link').first().click();
  await expect(op).toHaveURL(/\/user\/operator\/endorseDetail\?id=\d+$/);
  const fixed = (await op.locator('tr[data-item="correct"] .ei-after').innerText()).trim();
  await op.getByLabel('审核意见').fill('e2e：证件复印件已核对');
  await op.getByRole('button', { name: w.approve, exact: true }).click();
  await expect(op.locator('.endorse-detail')).toHaveAttribute('data-status', 'approved');
  await expect(op.locator('.endorse-timeline')).toContainText('审核员');
  // The operator saw the whole new number; the list on the fix's date has it (masked there).
  const [name, idNo] = fixed.split(' ');
  expect(idNo).toMatch(/^\d{17}[\dX]$/);
  await expect(op.locator(`.endorse-roster-table tr[data-insured="${name}"]`)).toContainText(maskResidentId(idNo));

  await invoice(demo, op, 'zh-cn', endorseNo);
  await opCtx.close();
  await demoCtx.close();
});

test('English, on a phone: the same with an ID fix in it, so the operator approves; then an invoice for the charge', async ({
  browser,
  baseURL,
}) => {
  const w = WORDS.en;
  const demoCtx = await contextIn(browser, baseURL!, 'en');
  const demo = await demoCtx.newPage();
  await demo.setViewportSize({ width: 390, height: 844 });
  const filed = await endorse(demo, 'en', 2, true);
  await expect(demo.locator('.endorse-detail')).toHaveAttribute('data-status', 'submitted');
  const applyNo = (await demo.locator('#ed-summary').innerText()).trim().split(/\s/)[0];

  const opCtx = await contextIn(browser, baseURL!, 'en');
  const op = await opCtx.newPage();
  await loginViaForm(op, OPERATOR, '/user/operator/endorsements');
  await op.locator(`tr[data-endorse="${applyNo}"]`).getByRole('link', { name: applyNo }).click();
  await op.getByRole('button', { name: w.approve, exact: true }).click();
  await expect(op.locator('.endorse-detail')).toHaveAttribute('data-status', 'approved');

  await demo.reload();
  const endorseNo = await checkApproved(demo, 'en', filed);
  await invoice(demo, op, 'en', endorseNo);
  await opCtx.close();
  await demoCtx.close();
});

test('the site manager sees no Add button, and Add by its address says no', async ({ page }) => {
  await loginViaForm(page, MANAGER, '/user/order/endorse');
  await expect(page.locator('.endorse-table, .endorse-empty')).toHaveCount(1);
  await expect(page.locator('[data-action="add"]')).toHaveCount(0);
  await page.goto('/user/order/endorse?new=1');
  await expect(page.getByRole('alert')).toContainText('您没有权限操作！');
  await expect(page.locator('#en-policy')).toHaveCount(0);
});
