/**
 * The dry run before an endorsement is submitted (issue #31), in the browser: a draft effective
 * today is blocked by the plan's lead time (the rule in red, Submit disabled), moving it to the next
 * day clears it — in Chinese and English; and on a 390 px phone, a person already covered by
 * another of the company's employer's-liability policies raises a warning naming that policy,
 * which must be ticked before Submit works.
 */
import { expect, type Page, test } from '@playwright/test';
import { makeResidentId } from '../../src/lib/cn-id';
import { formatDayText } from '../../src/lib/date-text';
import { DEMO, loginViaForm, setEndorseDelay, waitForHydration } from './helpers';

/** Demo's big employer's-liability policy (the seed's), and the Premier plan's one (another of the same type). */
const POLICY = 'PL202600000001';
const PREMIER = { 'zh-cn': ' · 尊享版 · ', en: ' · Premier · ' } as const;

const WORDS = {
  'zh-cn': {
    create: '创建草稿',
    add: '添加',
    addPerson: '加保人员',
    dateSave: '修改生效日期',
    save: '保存',
    submit: '提交批改',
    cancel: '撤销申请',
    title: '提交前试算',
    leadFail: /生效日期最早为 \d{4}-\d{2}-\d{2}（今天之后 1 天）/,
    leadPass: /生效日期不早于 \d{4}-\d{2}-\d{2}/,
    blocked: '请先处理标红的错误，再提交。',
    covered: `已在保单 ${POLICY} 中承保`,
    tick: '我已知悉，仍要提交',
  },
  en: {
    create: 'Create draft',
    add: 'Add',
    addPerson: 'Add a person',
    dateSave: 'Change the effective date',
    save: 'Save',
    submit: 'Submit',
    cancel: 'Cancel request',
    title: 'Dry run before submitting',
    leadFail: /The effective date must be \d{4}-\d{2}-\d{2} or later \(the plan's lead time\)/,
    leadPass: /Effective on \d{4}-\d{2}-\d{2} or later/,
    blocked: 'Fix the errors in red before submitting.',
    covered: `already covered by policy ${POLICY}`,
    tick: 'I understand; submit anyway',
  },
} as const;
type Lang = keyof typeof WORDS;

test.describe.configure({ timeout: 90_000 });

// The 390 px test needs the first endorsement accepted at once (the default 300 s undo window would keep it pending).
test.beforeAll(async ({ request, baseURL }) => setEndorseDelay(request, baseURL as string, 0));
test.afterAll(async ({ request, baseURL }) => setEndorseDelay(request, baseURL as string, 300));

const prevDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** A new draft on the policy whose option matches, effective `which` (the form starts on tomorrow). */
async function newDraft(page: Page, lang: Lang, option: string, which: 'today' | 'tomorrow'): Promise<{ today: string; tomorrow: string }> {
  const w = WORDS[lang];
  await page.goto('/user/order/endorse?new=1');
  const opt = page.locator('#en-policy option', { hasText: option }).first();
  await page.locator('#en-policy').selectOption((await opt.getAttribute('value')) as string);
  await waitForHydration(page);
  const tomorrow = await page.locator('input[name="effective_date"]').inputValue();
  const today = prevDay(tomorrow);
  if (which === 'today') await page.locator('#en-date').fill(formatDayText(today, lang));
  await page.getByRole('button', { name: w.create }).click();
  await expect(page).toHaveURL(/\/user\/order\/endorse\?edit=\d+$/);
  await waitForHydration(page);
  return { today, tomorrow };
}

async function addPerson(page: Page, lang: Lang, name: string, idNo: string) {
  const w = WORDS[lang];
  const form = page.getByRole('form', { name: w.addPerson });
  await form.getByLabel(/^(姓名|Name)$/).fill(name);
  await form.locator('#en-idno').fill(idNo);
  await form.locator('#en-cls').selectOption({ index: 0 });
  const rows = await page.locator('.endorse-plan tbody tr').count();
  await form.getByRole('button', { name: w.add, exact: true }).click();
  await expect(page.locator('.endorse-plan tbody tr')).toHaveCount(rows + 1);
}

for (const lang of ['zh-cn', 'en'] as const) {
  test(`${lang}: a draft effective today is blocked by the lead time; the next day clears it`, async ({ page, context, baseURL }) => {
    const w = WORDS[lang];
    await context.addCookies([{ name: 'ba-lang', value: lang, url: baseURL as string }]);
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginViaForm(page, DEMO, '/user/order/endorse');
    const { tomorrow } = await newDraft(page, lang, PREMIER[lang], 'today');
    const seed = lang === 'en' ? 1 : 2;
    await addPerson(
      page,
      lang,
      lang === 'en' ? 'Preview Person' : '试算人员',
      makeResidentId(`1991-0${seed}-12`, 900 + seed * 2, '320102'),
    );

    const preview = page.locator('.endorse-preview');
    await expect(preview.getByRole('heading', { name: w.title })).toBeVisible();
    const lead = preview.locator('[data-rule="lead_time"]');
    await expect(lead).toHaveAttribute('data-state', 'error');
    await expect(lead).toContainText(w.leadFail);
    await expect(preview.getByText(w.blocked)).toBeVisible();
    const submit = preview.getByRole('button', { name: w.submit, exact: true });
    await expect(submit).toBeDisabled();
    // The per-person line and the totals are there.
    await expect(preview.locator('.endorse-plan tbody tr[data-kind="add"]')).toHaveCount(1);
    await expect(preview.locator('[data-plan-total]')).toContainText('¥');

    // The next day: the rule passes, Submit is enabled.
    const dateForm = page.getByRole('form', { name: w.dateSave });
    await dateForm.locator('input#en-edate').fill(formatDayText(tomorrow, lang));
    await dateForm.getByRole('button', { name: w.save }).click();
    await expect(lead).toHaveAttribute('data-state', 'ok');
    await expect(lead).toContainText(w.leadPass);
    await expect(submit).toBeEnabled();

    // Leave the policy free for the other specs.
    await page.getByRole('button', { name: w.cancel }).click();
    await expect(page).toHaveURL(/\/user\/order\/endorseDetail\?id=\d+$/, { timeout: 20_000 });
  });
}

test('390 px: someone already covered by another policy of the company is a warning that must be ticked', async ({
  page,
  context,
  baseURL,
}) => {
  const lang: Lang = 'zh-cn';
  const w = WORDS[lang];
  await context.addCookies([{ name: 'ba-lang', value: lang, url: baseURL as string }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginViaForm(page, DEMO, '/user/order/endorse');
  const idNo = makeResidentId('1987-06-21', 955, '320102');

  // First they join the big policy from tomorrow (the sandbox insurer accepts at once: delay 0 above).
  await newDraft(page, lang, POLICY, 'tomorrow');
  await addPerson(page, lang, '重复投保', idNo);
  const first = page.locator('.endorse-preview');
  await expect(first.locator('[data-rule="already_covered"]')).toHaveAttribute('data-state', 'ok');
  await first.getByRole('button', { name: w.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/order\/endorseDetail\?id=\d+$/, { timeout: 20_000 });

  // Then the same person on the Premier policy: a warning naming the first policy.
  await newDraft(page, lang, PREMIER[lang], 'tomorrow');
  await addPerson(page, lang, '重复投保', idNo);
  const preview = page.locator('.endorse-preview');
  const covered = preview.locator('[data-rule="already_covered"]');
  await expect(covered).toHaveAttribute('data-state', 'warning');
  await expect(covered).toContainText(w.covered);
  const submit = preview.getByRole('button', { name: w.submit, exact: true });
  await expect(submit).toBeDisabled();
  // Nothing runs off the side of the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await covered.getByLabel(w.tick).check();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/user\/order\/endorseDetail\?id=\d+$/, { timeout: 20_000 });
});
