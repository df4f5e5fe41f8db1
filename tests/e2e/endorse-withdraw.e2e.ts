/**
 * Issue #31 item 2, in the browser: a withdrawal that restores money and roster. Demo files an
 * endorsement adding a person from tomorrow on its employer's-liability policy and submits it; the
 * detail page says how long the undo window lasts (the sandbox's countdown, or "until the insurer's
 * staff act" for an ID fix), Withdraw asks for confirmation naming the refund, and afterwards: the
 * balance on the desk is what it was before, the insured list is unchanged, the timeline says
 * Withdrawn, the bell has the notice, and the action is gone. Chinese at 1366 px (the countdown),
 * English at 390 px (an ID fix waiting for staff, withdrawn from the list's link).
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { makeResidentId } from '../../src/lib/cn-id';
import { formatDayText } from '../../src/lib/date-text';
import { DEMO, loginViaForm, setEndorseDelay, waitForHydration } from './helpers';

/** Demo's employer's-liability policy (the seed's endorsed one). */
const POLICY = 'PL202600000001';

const WORDS = {
  'zh-cn': {
    create: '创建草稿',
    addPerson: '加保人员',
    add: '添加',
    correct: '更正',
    newId: '新身份证号码',
    submit: '提交批改',
    name: '撤回测试',
    countdown: /^保险公司将在 \d:\d{2} 后答复，在此之前您可以撤回。$/,
    manual: '保险公司工作人员处理前，您可以随时撤回。',
    withdraw: '撤回',
    confirm: (apply: string, amount: string) => `确定撤回 ${apply}？已扣除的 ${amount} 将退回余额，被保险人名单保持不变。`,
    yes: '确认撤回',
    done: '批改申请已撤回，扣除的保费已退回余额',
    badge: '已撤回',
    notice: (apply: string) => `批改 ${apply} 已撤回`,
  },
  en: {
    create: 'Create draft',
    addPerson: 'Add a person',
    add: 'Add',
    correct: 'Correct',
    newId: 'New ID number',
    submit: 'Submit',
    name: 'Wendy Withdraw',
    countdown: /^The insurer answers in \d:\d{2} — you can withdraw until then\.$/,
    manual: "You can withdraw until the insurer's staff act on it.",
    withdraw: 'Withdraw',
    confirm: (apply: string, amount: string) =>
      `Withdraw ${apply}? The ${amount} charged for it goes back to your balance, and the insured list stays as it is.`,
    yes: 'Withdraw',
    done: 'Endorsement withdrawn; the premium charged is back in your balance',
    badge: 'Withdrawn',
    notice: (apply: string) => `Endorsement ${apply} withdrawn`,
  },
} as const;
type Lang = keyof typeof WORDS;

test.describe.configure({ timeout: 90_000 });

// The site's default window (300 s): another spec may have set the sandbox to answer at once.
test.beforeAll(async ({ request, baseURL }) => setEndorseDelay(request, baseURL!, 300));

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The balance on the member's desk, as shown (`¥12,345.67`). */
async function deskBalance(page: Page): Promise<string> {
  await page.goto('/user');
  return (await page.locator('section[aria-labelledby="desk-money"] .desk-ledger-value').innerText()).trim();
}

/** The page fits the viewport: no sideways scrolling. */
async function fits(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function signedIn(browser: Browser, baseURL: string, lang: Lang, width: number): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL }]);
  const page = await ctx.newPage();
  await loginViaForm(page, DEMO, '/user');
  return page;
}

/** Demo files one added person from tomorrow (with `idFix`, also a corrected ID number) and submits; ends on the detail page. */
async function fileAndSubmit(page: Page, lang: Lang, seq: number, idFix: boolean): Promise<{ applyNo: string; charged: string }> {
  const w = WORDS[lang];
  await page.goto('/user/order/endorse?new=1');
  const policy = page.locator('#en-policy option', { hasText: POLICY });
  await page.locator('#en-policy').selectOption((await policy.getAttribute('value'))!);
  await waitForHydration(page);
  const today = await page.locator('input[name="effective_date"]').inputValue();
  await page.locator('#en-date').fill(formatDayText(nextDay(today), lang));
  await page.getByRole('button', { name: w.create }).click();
  await expect(page).toHaveURL(/\/user\/order\/endorse\?edit=\d+$/);
  await waitForHydration(page);
  const form = page.getByRole('form', { name: w.addPerson });
  await form.getByLabel(/^(姓名|Name)$/).fill(w.name);
  await form.locator('#en-idno').fill(makeResidentId(`1987-0${seq}-2${seq}`, 900 + seq * 6, '440305'));
  await form.getByRole('button', { name: w.add, exact: true }).click();
  await expect(page.locator('tr[data-item="add"]')).toHaveCount(1);
  if (idFix) {
    const fixing = page.locator('.endorse-roster > li').nth(2);
    await fixing.locator('summary', { hasText: w.correct }).click();
    await fixing.getByLabel(w.newId).fill(makeResidentId(`1989-0${seq}-16`, 960 + seq * 6, '440305'));
    await fixing.locator('form button[type="submit"]', { hasText: w.correct }).click();
    await expect(page.locator('tr[data-item="correct"]')).toHaveCount(1);
  }
  await page.getByRole('button', { name: w.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/order\/endorseDetail\?id=\d+$/, { timeout: 20_000 });
  await expect(page.locator('.endorse-detail')).toHaveAttribute('data-status', 'submitted');
  const applyNo = (await page.locator('#ed-summary').innerText()).trim().split(/\s/)[0];
  const charged = (await page.locator('.endorse-facts dd').nth(4).innerText()).trim();
  expect(charged).toMatch(/^¥[1-9][\d,]*\.\d{2}$/);
  return { applyNo, charged };
}

/** The insured list the detail page shows (as of the effective date): who is on it. */
const rosterNames = (page: Page) =>
  page.locator('.endorse-roster-table tr[data-insured]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-insured')));

/** After the withdrawal: status, timeline, no action left, the list, the balance, the bell. */
async function checkRestored(page: Page, lang: Lang, applyNo: string, before: { balance: string; roster: (string | null)[] }) {
  const w = WORDS[lang];
  await expect(page.locator('.endorse-detail')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.locator('#ed-summary .endorse-status')).toHaveText(w.badge);
  await expect(page.locator('.endorse-timeline')).toContainText(w.badge);
  await expect(page.locator('[data-action="withdraw"]')).toHaveCount(0);
  await expect(page.locator('[data-withdraw-window]')).toHaveCount(0);
  expect(await rosterNames(page)).toEqual(before.roster);
  expect(before.roster).not.toContain(w.name);
  expect(await deskBalance(page)).toBe(before.balance);
  const bell = page.locator('.notification-bell');
  await bell.locator('summary').click();
  await expect(bell.locator('.notification-item', { hasText: w.notice(applyNo) }).first()).toBeVisible();
}

test('Chinese, 1366 px: the countdown, Withdraw with the refund named; balance, insured list and timeline as before; the bell', async ({
  browser,
  baseURL,
}) => {
  const w = WORDS['zh-cn'];
  const page = await signedIn(browser, baseURL!, 'zh-cn', 1366);
  const balance = await deskBalance(page);
  const { applyNo, charged } = await fileAndSubmit(page, 'zh-cn', 1, false);
  const roster = await rosterNames(page);
  // The sandbox answers in five minutes: the window counts down, second by second.
  const window = page.locator('[data-withdraw-window]');
  await expect(window).toHaveText(w.countdown);
  const first = await window.innerText();
  await expect(window).not.toHaveText(first, { timeout: 3_000 });
  expect(await deskBalance(page)).not.toBe(balance);
  await page.goBack();
  await waitForHydration(page);

  await page.locator('[data-action="withdraw"]').click();
  await expect(page.getByRole('dialog', { name: w.withdraw })).toContainText(w.confirm(applyNo, charged));
  await page.getByRole('button', { name: w.yes, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: w.done })).toBeVisible();
  await checkRestored(page, 'zh-cn', applyNo, { balance, roster });
  await page.context().close();
});

test('English, 390 px: an ID fix waits for staff; withdrawn from the list; balance and insured list as before; the bell', async ({
  browser,
  baseURL,
}) => {
  const w = WORDS.en;
  const page = await signedIn(browser, baseURL!, 'en', 390);
  const balance = await deskBalance(page);
  const { applyNo, charged } = await fileAndSubmit(page, 'en', 2, true);
  const roster = await rosterNames(page);
  await expect(page.locator('[data-withdraw-window]')).toHaveText(w.manual);
  await fits(page);

  // The list's Withdraw link opens the detail with the confirmation.
  await page.goto('/user/order/endorse');
  const row = page.locator(`tr[data-endorse="${applyNo}"]`);
  await row.getByRole('link', { name: `Withdraw ${applyNo}` }).click();
  await expect(page).toHaveURL(/\/user\/order\/endorseDetail\?id=\d+&ask=withdraw$/);
  await waitForHydration(page);
  const dialog = page.getByRole('dialog', { name: w.withdraw });
  await expect(dialog).toContainText(w.confirm(applyNo, charged));
  await fits(page);
  await dialog.getByRole('button', { name: w.yes, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: w.done })).toBeVisible();
  await checkRestored(page, 'en', applyNo, { balance, roster });
  await fits(page);
  await page.context().close();
});
