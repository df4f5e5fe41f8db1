/**
 * Proof of cover end to end, in both languages: demo issues a certificate on its policy in force
 * (policy detail page, default date: today, everyone covered), downloads the PDF, and anyone — signed
 * out, on a 390 px phone — opens the verify address and sees the people listed covered today, with
 * masked ID numbers only; revoking it (confirmed) turns the check into "revoked".
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, loginViaForm, waitForHydration } from './helpers';

const T = {
  'zh-cn': {
    title: '在保证明',
    issue: '出具在保证明',
    download: '下载 PDF',
    revoke: '作废',
    valid: '证明有效',
    revoked: '该在保证明已被出具人作废',
    covered: '在保',
    issued: '在保证明已出具',
  },
  en: {
    title: 'Proof of cover',
    issue: 'Issue proof of cover',
    download: 'Download PDF',
    revoke: 'Revoke',
    valid: 'This proof of cover is genuine',
    revoked: 'This proof of cover has been revoked by its issuer',
    covered: 'Covered',
    issued: 'Proof of cover issued',
  },
} as const;

/** An 18-character resident ID number anywhere in a text. */
const FULL_ID = /\b\d{17}[\dXx]\b/;

for (const lang of ['zh-cn', 'en'] as const) {
  test(`issue a proof of cover, download it, check it signed out on a phone, revoke it (${lang})`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const t = T[lang];
    const ctx = await browser.newContext({ acceptDownloads: true });
    await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL as string }]);
    const page = await ctx.newPage();
    // Demo's first employer's-liability policy (in force in the demo data).
    await loginViaForm(page, DEMO, '/user/order/groupDetail?id=1', { timeout: 30_000 });
    const card = page.locator('section.cover-card');
    await expect(card.getByRole('heading', { name: t.title })).toBeVisible();
    const rows = card.locator('tr[data-cover-id]');
    const before = await rows.count();
    await card.getByRole('button', { name: t.issue }).click();
    await expect(rows).toHaveCount(before + 1);
    await waitForHydration(page);
    const row = rows.first();
    await expect(row.locator('[data-cover-status="valid"]')).toBeVisible();
    const code = (await row.locator('[data-cover-code]').innerText()).trim();
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // The PDF downloads.
    const [download] = await Promise.all([page.waitForEvent('download'), row.locator('[data-action="cover-pdf"]').click()]);
    const bytes = readFileSync((await download.path()) as string);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.suggestedFilename()).toMatch(/^proof-of-cover-.*\.pdf$/);

    // Signed out, on a phone, in the same language: the QR code's address.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await phone.addCookies([{ name: 'ba-lang', value: lang, url: baseURL as string }]);
    const v = await phone.newPage();
    await v.goto(`/verify/cover?code=${code}`);
    await expect(v.locator('[data-result="valid"]')).toContainText(t.valid);
    const people = v.locator('tr[data-covered]');
    expect(await people.count()).toBeGreaterThan(0);
    await expect(v.locator('tr[data-covered="yes"]').first()).toContainText(t.covered);
    await expect(v.locator('[data-policy-no]')).toHaveText(/^PL\d+/);
    expect(await v.content()).not.toMatch(FULL_ID);
    expect(await v.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The code typed in by hand, lower case without dashes, finds the same certificate.
    await v.goto('/verify/cover');
    await v.locator('#cover-code').fill(code.replaceAll('-', '').toLowerCase());
    await v.locator('form.cover-verify-form button[type="submit"]').click();
    await expect(v.locator('[data-result="valid"]')).toBeVisible();

    // Revoke (confirmed): the check says so.
    page.once('dialog', (d) => d.accept());
    await row.getByRole('button', { name: t.revoke }).click();
    await expect(row.locator('[data-cover-status="revoked"]')).toBeVisible();
    await v.goto(`/verify/cover?code=${code}`);
    await expect(v.locator('[data-result="revoked"]')).toContainText(t.revoked);
    await expect(v.locator('tr[data-covered]')).toHaveCount(0);
    // A guessed code: not found.
    await v.goto('/verify/cover?code=ZZZZ-ZZZZ-ZZZZ');
    await expect(v.locator('[data-result="not_found"]')).toBeVisible();
    await phone.close();
    await ctx.close();
  });
}
