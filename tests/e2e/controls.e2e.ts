/**
 * Localised controls (#29 item 4), on a 390 px phone in both languages: day fields show and read
 * days in the page's order (2026/11/27 on a Chinese page, 27/11/2026 on an English one), their
 * calendar works from the keyboard, the form still sends ISO; every file is taken by the kit's drop
 * zone, which says what it accepts, refuses a wrong kind in the page's language before sending,
 * takes a dropped file and shows its name and size — and nothing scrolls sideways.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { addDays, formatDayText } from '../../src/lib/date-text';
import { DEMO, loginViaForm, waitForHydration } from './helpers';

const WORDS = {
  'zh-cn': {
    pattern: '年/月/日',
    choose: '选择日期',
    imagePrompt: '点击选择图片，或将图片拖到这里',
    prompt: '点击选择文件，或将文件拖到这里',
    maxSize: '单个文件不超过 10\u00a0MB',
    pdfOnly: '支持 PDF',
    wrongKind: '上传的文件类型不被允许！',
    uploaded: '上传完成',
  },
  en: {
    pattern: 'dd/mm/yyyy',
    choose: 'Choose a date',
    imagePrompt: 'Choose an image or drag it here',
    prompt: 'Choose a file or drag it here',
    maxSize: 'Up to 10\u00a0MB per file',
    pdfOnly: 'Accepted: PDF',
    wrongKind: 'The type of uploaded file is not allowed!',
    uploaded: 'Uploaded',
  },
} as const;
type Lang = keyof typeof WORDS;

/** A 1 × 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function phone(browser: Browser, baseURL: string, lang: Lang, to: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL }]);
  const page = await ctx.newPage();
  await loginViaForm(page, DEMO, to);
  await waitForHydration(page);
  return page;
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

for (const lang of ['zh-cn', 'en'] as const) {
  const w = WORDS[lang];

  test(`day fields speak the page's language and send ISO (${lang}, 390 px)`, async ({ browser, baseURL }) => {
    const page = await phone(browser, baseURL!, lang, '/user/claim/list');
    // On a phone the filters fold behind the Filter button.
    await page.locator('.filter-fold-toggle').click();
    const start = page.locator('#cl-start');
    await expect(start).toHaveAttribute('placeholder', w.pattern);
    await expect(page.locator('input[type="date"]')).toHaveCount(0);

    // Typed in the page's order.
    await start.fill(formatDayText('2026-11-05', lang));
    await expect(page.locator('input[type="hidden"][name="start"]')).toHaveValue('2026-11-05');

    // The end from the calendar, by keyboard: open, one day on, one week on, Enter.
    const end = page.locator('#cl-end');
    await end.fill(formatDayText('2026-11-10', lang));
    await page.locator('.date-field', { has: end }).getByRole('button', { name: w.choose }).click();
    const calendar = page.getByRole('dialog', { name: w.choose });
    await expect(calendar).toBeVisible();
    await expect(calendar.locator('[data-day="2026-11-10"]')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(calendar).toHaveCount(0);
    const picked = addDays('2026-11-10', 8);
    await expect(end).toHaveValue(formatDayText(picked, lang));
    await noSidewaysScroll(page);

    // The filter goes to the URL as ISO and comes back shown in the page's order.
    await page.locator('form.list-filters button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`start=2026-11-05.*end=${picked}`));
    await expect(page.locator('#cl-start')).toHaveValue(formatDayText('2026-11-05', lang));
    await expect(page.locator('#cl-end')).toHaveValue(formatDayText(picked, lang));
    // Folded again, the two days show as chips on the Filter bar.
    await expect(page.locator('.filter-fold-count')).toHaveText('2');
    await expect(page.locator('.filter-chip')).toHaveCount(2);
    await page.context().close();
  });

  test(`files go through the styled drop zone with its checks (${lang}, 390 px)`, async ({ browser, baseURL }) => {
    const page = await phone(browser, baseURL!, lang, '/user/account/profile');
    const avatar = page.locator('[data-field="avatar"]');
    const zone = avatar.locator('.upload-area');
    // What it takes is said before anything is chosen; the browser's own chooser text is gone.
    await expect(zone.locator('.upload-area-prompt')).toHaveText(w.imagePrompt);
    await expect(zone.locator('.upload-area-rules')).toContainText(w.maxSize);
    // The native input is only for the keyboard and screen readers: visually hidden, no width of its own.
    expect((await avatar.locator('input[type="file"]').boundingBox())?.width).toBeLessThanOrEqual(1);

    // A wrong kind is refused in the page's language, and nothing is sent.
    await avatar
      .locator('input[type="file"]')
      .setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(zone.getByRole('alert')).toHaveText(w.wrongKind);
    await expect(avatar.locator('.upload-field__item')).toHaveCount(0);

    // An image goes: its preview, its size, then "uploaded".
    await avatar.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(zone.getByRole('alert')).toHaveCount(0);
    await expect(avatar.locator('.upload-field__done')).toContainText(w.uploaded, { timeout: 15_000 });
    await expect(avatar.locator('.upload-field__size')).toHaveText(`${PNG.length}\u00a0B`);
    await expect(avatar.locator('img.upload-field__preview')).toBeVisible();
    await noSidewaysScroll(page);

    // The zone answers the keyboard: its input takes the focus, and the zone shows it.
    await avatar.locator('input[type="file"]').focus();
    await expect(zone.locator('.upload-area-zone')).toHaveCSS('box-shadow', /rgb/);
    await page.context().close();
  });

  test(`a file dropped on /verify's zone is compared, named with its size (${lang}, 390 px)`, async ({ browser, baseURL }) => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await ctx.addCookies([{ name: 'ba-lang', value: lang, url: baseURL! }]);
    const page = await ctx.newPage();
    await page.goto('/verify?code=DEMX-SEAL-2468');
    await waitForHydration(page);
    const area = page.locator('.seal-verify-file .upload-area');
    await expect(area.locator('.upload-area-prompt')).toHaveText(w.prompt);
    await expect(area.locator('.upload-area-rules')).toHaveText(w.pdfOnly);
    const drop = async (name: string, type: string, text: string) => {
      const data = await page.evaluateHandle(
        ([n, t, body]) => {
          const dt = new DataTransfer();
          dt.items.add(new File([body], n, { type: t }));
          return dt;
        },
        [name, type, text] as const,
      );
      await area.locator('.upload-area-zone').dispatchEvent('drop', { dataTransfer: data });
    };
    await drop('photo.png', 'image/png', 'x');
    await expect(area.getByRole('alert')).toHaveText(w.wrongKind);
    await drop('signed-contract-copy-2026.pdf', 'application/pdf', '%PDF-1.4 not the sealed one');
    await expect(area.locator('.upload-area-file')).toHaveText('signed-contract-copy-2026.pdf');
    await expect(area.locator('.upload-area-size')).toHaveText('27\u00a0B');
    await expect(page.locator('.seal-verify-file [data-result]')).toHaveAttribute('data-result', /altered|not_found/, { timeout: 15_000 });
    await noSidewaysScroll(page);
    await ctx.close();
  });
}
