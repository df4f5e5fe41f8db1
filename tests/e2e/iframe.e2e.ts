import { expect, test } from '@playwright/test';
import { DEMO, loginViaForm } from './helpers';

test.describe('embedded pages (/user/iframe/:url)', () => {
  test.beforeEach(async ({ page }) => {
    // No outside network here: answer the partner host ourselves.
    await page.route('https://help.example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Member guide</h1>' }));
    await loginViaForm(page, DEMO, '/user/account/overview');
  });

  test('an allowed partner page opens inside the member centre', async ({ page }) => {
    await page.goto(`/user/iframe/${encodeURIComponent('https://help.example.com/member-guide')}`);
    const frame = page.locator('iframe');
    await expect(frame).toHaveAttribute('src', 'https://help.example.com/member-guide');
    await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Member guide' })).toBeVisible();
  });

  test('hosts off the allow-list are refused with a clear message', async ({ page }) => {
    await page.goto(`/user/iframe/${encodeURIComponent('https://evil.example/phish')}`);
    await expect(page.getByRole('alert')).toContainText('不在会员中心允许嵌入的站点名单中');
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  for (const raw of [
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ]) {
    test(`the dangerous address ${raw.split(':')[0]}: is never rendered`, async ({ page }) => {
      let dialog = false;
      page.on('dialog', (d) => {
        dialog = true;
        void d.dismiss();
      });
      await page.goto(`/user/iframe/${encodeURIComponent(raw)}`);
      await expect(page.getByRole('alert')).toContainText('不会打开此类地址');
      await expect(page.locator('iframe')).toHaveCount(0);
      expect(dialog).toBe(false);
    });
  }
});
