import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, loginViaForm } from './helpers';

/** Serious and critical WCAG A/AA findings on a page (contrast, names, labels, landmarks…). */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility (${theme})`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addCookies([{ name: 'ba-theme', value: theme, url: `http://127.0.0.1:${process.env.E2E_PORT}` }]);
    });

    test('public pages and the login page', async ({ page }) => {
      for (const path of ['/', '/product', '/offer', '/user/login', '/no/such/page']) {
        await page.goto(path);
        expect(await violations(page), path).toEqual([]);
      }
    });

    test('member pages', async ({ page }) => {
      await loginViaForm(page, DEMO, '/user/account/overview');
      for (const path of ['/user/account/overview', '/user/account/profile', '/user/order/guzhu']) {
        await page.goto(path);
        expect(await violations(page), path).toEqual([]);
      }
    });
  });
}

test.describe('accessibility on a phone in English', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('drawer layout, member pages and the product page', async ({ page, context }) => {
    await context.addCookies([{ name: 'ba-lang', value: 'en', url: `http://127.0.0.1:${process.env.E2E_PORT}` }]);
    await loginViaForm(page, DEMO, '/user/account/overview');
    expect(await violations(page), 'overview').toEqual([]);
    await page.locator('label.drawer-btn').click();
    expect(await violations(page), 'drawer open').toEqual([]);
    await page.goto('/product');
    expect(await violations(page), '/product').toEqual([]);
  });
});
