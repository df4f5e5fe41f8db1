import { expect, test } from '@playwright/test';
import { DEMO, loginViaForm } from './helpers';

test('a member sees their signed-in devices and signs out everywhere else', async ({ browser }) => {
  const laptop = await browser.newContext();
  const phone = await browser.newContext({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0',
  });
  const a = await laptop.newPage();
  const b = await phone.newPage();
  await loginViaForm(b, DEMO, '/user/account/overview');
  await loginViaForm(a, DEMO, '/user/account/profile');

  const devices = a.locator('.session-item');
  await expect(a.getByRole('heading', { name: '登录设备' })).toBeVisible();
  expect(await devices.count()).toBeGreaterThanOrEqual(2);
  await expect(a.locator('.session-item', { hasText: '当前设备' })).toHaveCount(1);
  await expect(a.locator('.session-item', { hasText: 'WeChat · iOS' }).first()).toBeVisible();

  await a.getByRole('button', { name: '退出其他所有设备' }).click();
  await expect(a.getByRole('status').filter({ hasText: '已退出其他所有设备' })).toBeVisible();
  await expect(devices).toHaveCount(1);
  await expect(a.getByRole('button', { name: '退出其他所有设备' })).toHaveCount(0);

  await b.reload();
  await expect(b).toHaveURL(/\/user\/login\?to=%2Fuser%2Faccount%2Foverview$/);
  await a.reload();
  await expect(a).toHaveURL(/\/user\/account\/profile$/);
  await laptop.close();
  await phone.close();
});
