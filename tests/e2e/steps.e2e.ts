/**
 * Issue #29, the member-side leftovers: the step indicator on an order, a claim and an endorsement
 * (zh-cn and en, 1366 and 390 px: one ordered list, one current step, a failure shown as such, no
 * sideways scroll); the sticky submit bar of the order form at the bottom of a 390 px screen before
 * any scrolling; the overview's premium chart with bars in more than one month (demo payments spread
 * over the year); one timeline look on every detail page.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, loginViaForm } from './helpers';

const WORDS = {
  'zh-cn': { order: '保单进度', claim: '理赔进度', endorse: '批改进度', inForce: '保障中', refused: '已拒保', rejected: '已拒赔' },
  en: {
    order: 'Policy progress',
    claim: 'Claim progress',
    endorse: 'Endorsement progress',
    inForce: 'In force',
    refused: 'Refused',
    rejected: 'Rejected',
  },
} as const;

async function signedIn(browser: Browser, lang: 'zh-cn' | 'en', width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 800 } });
  await context.addCookies([{ name: 'ba-lang', value: lang, url: `http://127.0.0.1:${process.env.E2E_PORT}` }]);
  const page = await context.newPage();
  await loginViaForm(page, DEMO);
  return page;
}

async function noSidewaysScroll(page: Page) {
  const { sw, iw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, iw: window.innerWidth }));
  expect(sw, 'page scrolls sideways').toBeLessThanOrEqual(iw);
}

/** The indicator: an <ol> named `label`, exactly one step marked aria-current="step", whose text is returned. */
async function currentStep(page: Page, label: string): Promise<{ text: string; state: string | null }> {
  const steps = page.getByRole('list', { name: label });
  await expect(steps).toBeVisible();
  expect(await steps.evaluate((el) => el.tagName)).toBe('OL');
  const current = steps.locator('[aria-current="step"]');
  await expect(current).toHaveCount(1);
  return { text: (await current.innerText()).replace(/\s+/g, ' '), state: await current.getAttribute('data-state') };
}

for (const lang of ['zh-cn', 'en'] as const) {
  for (const width of [1366, 390]) {
    test(`step indicators on an order, a claim and an endorsement (${lang}, ${width} px)`, async ({ browser }) => {
      const w = WORDS[lang];
      const page = await signedIn(browser, lang, width);

      // An order in force: the steps before it done, "in force" current.
      await page.goto('/user/order/groupDetail?id=1');
      const order = await currentStep(page, w.order);
      expect(order.text).toContain(w.inForce);
      expect(order.state).toBe('current');
      await expect(page.getByRole('list', { name: w.order }).locator('[data-state="done"]')).toHaveCount(3);
      await noSidewaysScroll(page);
      // Vertical on a phone, horizontal on a desktop.
      const direction = await page.locator('ol.lifecycle').evaluate((el) => getComputedStyle(el).flexDirection);
      expect(direction).toBe(width < 600 ? 'column' : 'row');

      // A refused order: the failure is the current step, the steps never reached are not shown.
      await page.goto('/user/order/groupDetail?id=8');
      const refused = await currentStep(page, w.order);
      expect(refused.state).toBe('failed');
      expect(refused.text).toContain(w.refused);
      await expect(page.locator('ol.lifecycle [data-step="issued"]')).toHaveCount(0);

      // A claim waiting for documents stands at "documents"; a rejected one ends in failure.
      await page.goto('/user/claim/detail?id=5');
      expect((await currentStep(page, w.claim)).state).toBe('current');
      await expect(page.locator('ol.lifecycle [aria-current="step"]')).toHaveAttribute('data-step', 'documents');
      await expect(page.locator('ol.lifecycle [data-step="reported"] .lifecycle-date')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
      await noSidewaysScroll(page);
      await page.goto('/user/claim/detail?id=2');
      const rejected = await currentStep(page, w.claim);
      expect(rejected.state).toBe('failed');
      expect(rejected.text).toContain(w.rejected);

      // An endorsement: one current step, and the history drawn by the kit's timeline.
      await page.goto('/user/order/endorseDetail?id=1');
      await currentStep(page, w.endorse);
      await expect(page.locator('ol.timeline > li').first()).toBeVisible();
      await noSidewaysScroll(page);
      await page.context().close();
    });
  }
}

test('one timeline look: order, claim and endorsement histories are the kit timeline', async ({ browser }) => {
  const page = await signedIn(browser, 'en', 1366);
  for (const path of ['/user/order/groupDetail?id=1', '/user/claim/detail?id=1', '/user/order/endorseDetail?id=1']) {
    await page.goto(path);
    const entry = page.locator('ol.timeline > li').first();
    await expect(entry.locator('.timeline-title')).toBeVisible();
    await expect(entry.locator('.timeline-when')).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // The same dot on every page.
    const dot = await entry.evaluate((li) => getComputedStyle(li, '::before').width);
    expect(dot).toBe('10px');
  }
  await page.context().close();
});

test('the order form keeps its submit bar at the bottom of a 390 px screen before scrolling', async ({ browser }) => {
  const page = await signedIn(browser, 'en', 390);
  await page.goto('/user/order/guzhu?new=1');
  const bar = page.locator('.order-submit.sticky-actions');
  await expect(bar).toBeVisible();
  const { top, bottom, formBottom, vh } = await bar.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, formBottom: el.closest('form')!.getBoundingClientRect().bottom, vh: window.innerHeight };
  });
  // The form runs on below the screen, and the bar sits at the screen's foot, inside it.
  expect(formBottom).toBeGreaterThan(vh);
  expect(bottom).toBeLessThanOrEqual(vh + 1);
  expect(bottom).toBeGreaterThan(vh - 4);
  expect(top).toBeGreaterThan(vh / 2);
  await expect(bar.getByRole('button').first()).toBeInViewport();
  // On a desktop it stays in its place in the form.
  await page.setViewportSize({ width: 1366, height: 800 });
  expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('static');
  await page.context().close();
});

test("the overview's premium chart has bars in more than one month", async ({ browser }) => {
  const page = await signedIn(browser, 'zh-cn', 1366);
  await page.goto('/user/account/overview');
  const charts = page.locator('figure.account-chart');
  const months = await charts.evaluateAll((figs) =>
    figs.map((f) => f.querySelectorAll('rect.account-chart-up').length).filter((n) => n > 0),
  );
  expect(Math.max(0, ...months)).toBeGreaterThan(1);
  await page.context().close();
});
