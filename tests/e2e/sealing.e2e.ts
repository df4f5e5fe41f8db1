import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { makePdf } from '../support/sealing';
import { drawSealPng } from '../../src/features/sealing/seal-art';
import { DEMO, loginViaForm } from './helpers';

const OPERATOR = { account: 'operator', password: 'Operator#2026' };

async function session(
  browser: Browser,
  baseURL: string,
  lang: 'zh-cn' | 'en',
  who: { account: string; password: string },
  to: string,
): Promise<Page> {
  const ctx = await browser.newContext({ acceptDownloads: true });
  await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL }]);
  const page = await ctx.newPage();
  await loginViaForm(page, who, to);
  return page;
}

const T = {
  'zh-cn': {
    upload: '上传印章',
    name: '印章名称',
    submit: '提交审核',
    pending: '待审核',
    approve: '通过',
    approved: '已通过',
    seal: '使用印章',
    cross: '加盖骑缝章（右侧边缘）',
    sealBtn: '盖章',
    done: '盖章完成',
    download: '下载盖章文件',
    check: '查询',
    sealedText: '验证码有效：该文件已盖章',
    valid: '文件有效：与盖章时的文件完全一致',
  },
  en: {
    upload: 'Upload a seal',
    name: 'Seal name',
    submit: 'Send for review',
    pending: 'Pending',
    approve: 'Approve',
    approved: 'Approved',
    seal: 'Seal',
    cross: 'Add a cross-page seal (right edge)',
    sealBtn: 'Seal',
    done: 'Sealed',
    download: 'Download the sealed file',
    check: 'Check',
    sealedText: 'The code is valid: this file was sealed',
    valid: 'Valid: the file is exactly the one that was sealed',
  },
} as const;

for (const lang of ['zh-cn', 'en'] as const) {
  test(`seal → approve → seal a 3-page PDF → download → verify (${lang})`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const t = T[lang];
    const sealName = `E2E-${lang}-${Date.now() % 100000}`;
    const demo = await session(browser, baseURL!, lang, DEMO, '/user/file/sealfile?tab=seals');

    // 1. Demo uploads a seal image (transparent PNG).
    const png = Buffer.from(await drawSealPng({ companyName: '上海示例科技有限公司', innerText: lang === 'en' ? '测试章' : '业务章' }));
    const form = demo.locator('form[aria-labelledby="seal-upload-title"]');
    await expect(form.getByRole('heading', { name: t.upload })).toBeVisible();
    await form.locator('input[type="file"]').setInputFiles({ name: `${sealName}.png`, mimeType: 'image/png', buffer: png });
    await form.getByLabel(t.name).fill(sealName);
    await expect(form.getByRole('button', { name: t.submit })).toBeEnabled({ timeout: 15_000 });
    await form.getByRole('button', { name: t.submit }).click();
    const card = demo.locator('.seal-card', { hasText: sealName });
    await expect(card).toContainText(t.pending, { timeout: 15_000 });

    // 2. The operator approves it on the review page (pending, on a checkerboard).
    const op = await session(browser, baseURL!, lang, OPERATOR, '/user/operator/seals');
    const pending = op.locator('.seal-card', { hasText: sealName });
    await expect(pending.locator('img.seal-checker')).toBeVisible();
    await pending.getByRole('button', { name: new RegExp(`^${t.approve}`) }).click();
    await expect(op.locator('.seal-card', { hasText: sealName })).toHaveCount(0, { timeout: 15_000 });
    await op.context().close();
    await demo.reload();
    await expect(demo.locator('.seal-card', { hasText: sealName })).toContainText(t.approved);

    // 3. Demo seals a 3-page PDF with it: a seal on page 3 and a cross-page seal.
    await demo.goto('/user/file/sealfile?tab=seal');
    await demo.locator('html[data-nav-ready]').waitFor({ state: 'attached' });
    await demo.getByLabel(t.seal, { exact: true }).selectOption({ label: `${sealName} · 上海示例科技有限公司` });
    const pdf = Buffer.from(await makePdf(3));
    await demo
      .locator('.seal-workbench input[type="file"]')
      .setInputFiles({ name: `roster-${lang}.pdf`, mimeType: 'application/pdf', buffer: pdf });
    const page3 = demo.locator('.seal-page[data-page="3"]');
    await expect(page3).toBeVisible({ timeout: 20_000 });
    await expect(page3.locator('img.seal-page-img')).toHaveJSProperty('complete', true);
    const box = (await page3.boundingBox())!;
    await page3.click({ position: { x: box.width * 0.6, y: box.height * 0.7 } });
    await expect(page3.locator('button.seal-stamp')).toHaveCount(1);
    await demo.getByLabel(t.cross).check();
    await demo.getByRole('button', { name: t.sealBtn, exact: true }).click();
    const result = demo.locator('.seal-result');
    await expect(result).toContainText(t.done, { timeout: 30_000 });
    const code = (await result.locator('[data-code]').innerText()).trim();
    const sha = (await result.locator('[data-sha256]').innerText()).trim();
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);

    // 4. The download is the recorded file.
    const [download] = await Promise.all([demo.waitForEvent('download'), result.getByRole('link', { name: t.download }).click()]);
    expect(download.suggestedFilename()).toBe(`roster-${lang}-sealed.pdf`);
    const bytes = readFileSync((await download.path())!);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha);

    // 5. Anyone verifies it on /verify: the code, then the file hashed locally.
    const visitor = await browser.newContext();
    await visitor.addCookies([{ name: 'ba-lang', value: lang, url: baseURL! }]);
    const v = await visitor.newPage();
    await v.goto(`/verify?code=${code.toLowerCase()}`);
    await expect(v.locator('#verify-code')).toHaveValue(code.toLowerCase());
    await expect(v.locator('.seal-result')).toContainText(t.sealedText);
    await expect(v.locator('.seal-result')).toContainText(sha);
    await expect(v.locator('.seal-result')).not.toContainText('demo');
    await v.locator('html[data-nav-ready]').waitFor({ state: 'attached' });
    const uploads: string[] = [];
    v.on('request', (r) => {
      if (r.method() === 'POST') uploads.push(r.url());
    });
    await v.locator('.seal-verify-file input[type="file"]').setInputFiles({ name: 'copy.pdf', mimeType: 'application/pdf', buffer: bytes });
    await expect(v.locator('.seal-verify-file [data-result]')).toHaveText(t.valid, { timeout: 15_000 });
    expect(uploads).toEqual([]);
    // The GET form works without JavaScript too.
    await v.goto('/verify');
    await v.locator('#verify-code').fill(code.replaceAll('-', ''));
    await v.getByRole('button', { name: t.check }).click();
    await expect(v).toHaveURL(/\/verify\?code=/);
    await expect(v.locator('.seal-result')).toContainText(t.sealedText);
    await visitor.close();
    await demo.context().close();
  });
}

test('the demo roster verifies on /verify without logging in', async ({ page }) => {
  await page.goto('/verify?code=DEMX-SEAL-2468');
  await expect(page.locator('.seal-result')).toContainText('员工花名册-2026.pdf');
  await expect(page.locator('.seal-result')).toContainText('上海示例科技有限公司');
  const res = await page.request.get('/userapi/v1/seal/list');
  expect(res.status()).toBe(401);
});
