import { expect, test, type Page } from '@playwright/test';
import { codeFromOutbox, loginViaForm, solveCaptcha, waitForHydration } from './helpers';

const member = { account: `e2e${Date.now().toString(36)}`, email: `e2e-${Date.now().toString(36)}@example.com`, password: 'First#2026' };

/** "Send code" → the captcha dialog → solved → the success message in the form. */
async function sendCode(page: Page) {
  const issued = page.waitForResponse((r) => r.url().includes('/userapi/v1/index/clickCaptcha'));
  await page.getByRole('button', { name: 'Send code' }).click();
  await solveCaptcha(page, issued);
  await expect(page.getByRole('status').filter({ hasText: 'E-mail sent.' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Send again in \d+ s/ })).toBeDisabled();
}

test.describe
  .serial('identity in the browser', () => {
    test.beforeEach(async ({ context }) => {
      await context.addCookies([{ name: 'ba-lang', value: 'en', domain: '127.0.0.1', path: '/' }]);
    });

    test('register by e-mail → signed in → a second device → end that session', async ({ page, browser }) => {
      await page.goto('/user/login?tab=register');
      await waitForHydration(page);
      await page.getByLabel('Username').fill(member.account);
      await page.getByRole('textbox', { name: 'E-mail' }).fill(member.email);
      // The shared schema speaks before any request: a bad password is named at once.
      await page.getByRole('textbox', { name: 'Password' }).fill('a<b');
      await page.getByRole('textbox', { name: 'Password' }).blur();
      await expect(page.getByText('Password must be 6 to 32 characters')).toBeVisible();
      await page.getByRole('textbox', { name: 'Password' }).fill(member.password);
      await sendCode(page);
      await page.getByLabel('Code').fill(await codeFromOutbox(member.email));
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await expect(page).toHaveURL(/\/user\/account\/overview$/);

      const phoneContext = await browser.newContext();
      await phoneContext.addCookies([{ name: 'ba-lang', value: 'en', domain: '127.0.0.1', path: '/' }]);
      const phone = await phoneContext.newPage();
      await loginViaForm(phone, { account: member.email, password: member.password }, '/user/account/overview');

      await page.goto('/user/account/profile');
      await waitForHydration(page);
      const rows = page.locator('.session-item');
      await expect(rows).toHaveCount(2);
      await rows
        .filter({ hasNotText: 'This device' })
        .getByRole('button', { name: /^Sign out / })
        .click();
      await expect(page.getByRole('status').filter({ hasText: 'That device has been signed out' })).toBeVisible();
      await expect(rows).toHaveCount(1);
      await phone.reload();
      await expect(phone).toHaveURL(/\/user\/login/);
      await phoneContext.close();
    });

    test('forgot password → code from the outbox → new password works, the old one does not', async ({ page }) => {
      await page.goto('/user/login');
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await waitForHydration(page);
      await page.getByRole('textbox', { name: 'E-mail' }).fill(member.email);
      await sendCode(page);
      await page.getByLabel('Code').fill(await codeFromOutbox(member.email));
      await page.getByLabel('New password').fill('Second#2026');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Password changed, please log in again' })).toBeVisible();

      await page.goto('/user/login');
      await waitForHydration(page);
      await page.locator('input[name="account"]').fill(member.account);
      await page.locator('input[name="password"]').fill(member.password);
      await page.locator('form[action="/user/login"] button[type="submit"]').click();
      await expect(page.getByRole('alert').filter({ hasText: 'Account or password is incorrect' })).toBeVisible();
      await loginViaForm(page, { account: member.account, password: 'Second#2026' });
    });
  });
