import { type Browser, expect, type Page, test } from '@playwright/test';
import { formatDayText } from '../../src/lib/date-text';
import { DEMO, loginViaForm, waitForHydration } from './helpers';

const OPERATOR = { account: 'operator', password: 'Operator#2026' };

const T = {
  'zh-cn': {
    report: '报案',
    next: '下一步',
    choose: '选择',
    guzhu: '雇主责任险',
    place: '出险地点',
    description: '事故经过',
    estimated: '预估损失金额（元）',
    submit: '提交报案',
    reported: '已报案',
    reviewing: '审核中',
    need: '待补充材料',
    approved: '已核赔',
    paid: '已赔付',
    startReview: '开始审核',
    requestDocuments: '要求补充材料',
    invoices: '医疗费用发票',
    note: '说明',
    approve: '核赔',
    markPaid: '登记赔付',
    paymentRef: '转账流水号',
    resubmit: '重新提交材料',
    requested: '需补充',
  },
  en: {
    report: 'Report a claim',
    next: 'Next',
    choose: 'Choose',
    guzhu: "Employer's liability",
    place: 'Where it happened',
    description: 'What happened',
    estimated: 'Estimated loss (CNY)',
    submit: 'Report the claim',
    reported: 'Reported',
    reviewing: 'Reviewing',
    need: 'Documents needed',
    approved: 'Approved',
    paid: 'Paid',
    startReview: 'Start review',
    requestDocuments: 'Ask for documents',
    invoices: 'Medical invoices',
    note: 'Note',
    approve: 'Approve',
    markPaid: 'Record payment',
    paymentRef: 'Transfer reference',
    resubmit: 'Resubmit documents',
    requested: 'Requested',
  },
} as const;

const pdf = (label: string) => ({
  name: `${label}.pdf`,
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    `%PDF-1.4\n% ${label} ${Date.now()} ${Math.random()}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  ),
});

async function as(browser: Browser, baseURL: string, lang: string, who: { account: string; password: string }, to: string): Promise<Page> {
  const ctx = await browser.newContext();
  await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL }]);
  const page = await ctx.newPage();
  page.on('dialog', (d) => d.accept());
  await loginViaForm(page, who, to);
  return page;
}

/** Upload one file for a kind of the checklist and wait until the page lists it. */
async function upload(page: Page, kind: string, label: string) {
  const row = page.locator(`.claim-doc[data-kind="${kind}"]`);
  const before = await row.locator('.claim-files li').count();
  await row.locator('input[type="file"]').setInputFiles(pdf(label));
  await expect(row.locator('.claim-files li')).toHaveCount(before + 1, { timeout: 15_000 });
}

for (const [lang, offset, person] of [
  ['zh-cn', 2, 0],
  ['en', 3, 1],
] as const) {
  test(`claim from report to payment (${lang})`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const t = T[lang];
    const demo = await as(browser, baseURL!, lang, DEMO, '/user/claim/list');
    await demo.getByRole('link', { name: t.report, exact: true }).first().click();
    await expect(demo).toHaveURL(/new=1/);
    const day = new Date(Date.now() + 8 * 3600_000 - offset * 86_400_000).toISOString().slice(0, 10);
    // The accident date is typed in the page's order (the form still sends ISO).
    await waitForHydration(demo);
    await demo.locator('#cr-date').fill(formatDayText(day, lang));
    await expect(demo.locator('input[name="accident_date"]')).toHaveValue(day);
    await demo.getByRole('button', { name: t.next }).click();
    // The named guzhu policy, then a person on its list that day.
    await demo.locator('.claim-choice').filter({ hasText: t.guzhu }).first().getByRole('link', { name: t.choose }).click();
    await demo.locator('.claim-choice').nth(person).getByRole('link', { name: t.choose }).click();
    await waitForHydration(demo);
    await demo.getByLabel(t.place).fill('3 号楼 / Building 3');
    await demo.getByLabel(t.description).fill('e2e: fell from a ladder');
    await demo.getByLabel(t.estimated).fill('2345.60');
    await demo.getByRole('button', { name: t.submit }).click();
    await expect(demo).toHaveURL(/\/user\/claim\/detail\?id=\d+/);
    const id = Number(new URL(demo.url()).searchParams.get('id'));
    await expect(demo.locator('.claims[data-status="reported"]')).toBeVisible();
    await waitForHydration(demo);
    for (const kind of ['claim_form', 'accident_report', 'id_copy', 'bank_account', 'medical_records', 'invoices', 'employment_proof']) {
      await upload(demo, kind, `${kind}-${lang}`);
    }

    // The operator starts the review and asks for better invoices.
    const op = await as(browser, baseURL!, lang, OPERATOR, `/user/operator/claimDetail?id=${id}`);
    await op.getByRole('button', { name: t.startReview }).click();
    await expect(op.locator('.claims[data-status="reviewing"]')).toBeVisible();
    await op.locator('[data-action="requestDocuments"] summary').click();
    await op.locator('[data-action="requestDocuments"]').getByLabel(t.invoices).check();
    await op.locator('[data-action="requestDocuments"]').getByLabel(t.note).fill('e2e: the invoices are unreadable');
    await op.locator('[data-action="requestDocuments"]').getByRole('button', { name: t.requestDocuments }).click();
    await expect(op.locator('.claims[data-status="need_documents"]')).toBeVisible();

    // The member sees the badge and the bell, uploads again and resubmits.
    await demo.goto('/user/claim/list');
    await expect(demo.locator(`tr:has(a[href="/user/claim/detail?id=${id}"]) .claim-status`)).toHaveText(t.need);
    await expect(demo.locator('.notification-bell .notification-count')).toBeVisible();
    await demo.goto(`/user/claim/detail?id=${id}`);
    await waitForHydration(demo);
    await expect(demo.locator('.claim-doc[data-kind="invoices"]')).toContainText(t.requested);
    await expect(demo.locator('.claim-doc-note')).toContainText('e2e: the invoices are unreadable');
    await upload(demo, 'invoices', `invoices-again-${lang}`);
    await demo.getByRole('button', { name: t.resubmit }).click();
    await expect(demo.locator('.claims[data-status="reviewing"]')).toBeVisible();

    // The operator approves and records the insurer's payment.
    await op.reload();
    await waitForHydration(op);
    await op.locator('[data-action="approve"]').getByRole('button', { name: t.approve }).click();
    await expect(op.locator('.claims[data-status="approved"]')).toBeVisible();
    await op.locator('[data-action="markPaid"]').getByLabel(t.paymentRef).fill(`ICBC-E2E-${lang}`);
    await op.locator('[data-action="markPaid"]').getByRole('button', { name: t.markPaid }).click();
    await expect(op.locator('.claims[data-status="paid"]')).toBeVisible();

    await demo.goto('/user/claim/list');
    await expect(demo.locator(`tr:has(a[href="/user/claim/detail?id=${id}"]) .claim-status`)).toHaveText(t.paid);
    await demo.goto(`/user/claim/detail?id=${id}`);
    await expect(demo.locator('.detail-list')).toContainText(`ICBC-E2E-${lang}`);
    await expect(demo.locator('.claim-timeline li')).toHaveCount(6);
    await demo.context().close();
    await op.context().close();
  });
}

test('the manager is refused every claim page', async ({ page }) => {
  await loginViaForm(page, { account: 'manager', password: 'Manager#2026' }, '/user/account/overview');
  for (const path of ['/user/claim/list', '/user/claim/detail?id=1', '/user/operator/claims', '/user/operator/claimDetail?id=1']) {
    const res = await page.goto(path);
    expect([path, res?.status()]).toEqual([path, 403]);
  }
});
