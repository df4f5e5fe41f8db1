import { expect, test } from '@playwright/test';
import { DEMO, loginViaForm } from './helpers';

const GREETING: [number, string][] = [
  [5, '夜深了'],
  [9, '早上好'],
  [12, '上午好'],
  [14, '中午好'],
  [18, '下午好'],
  [24, '晚上好'],
];
const hourIn = (tz: string) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
const greetingIn = (tz: string) => GREETING.find(([end]) => hourIn(tz) < end)![1];

// A zone whose greeting differs from the site's (Asia/Shanghai) right now.
const browserZone = ['America/New_York', 'Europe/London', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Auckland'].find(
  (tz) => greetingIn(tz) !== greetingIn('Asia/Shanghai'),
)!;

test.describe('greetings follow the member’s clock', () => {
  test.use({ timezoneId: browserZone });

  test(`the site zone until the browser tells us, then ${browserZone}`, async ({ page, context }) => {
    await context.clearCookies();
    // The first document request comes before any script ran: the server only knows the site's zone.
    const first = await page.goto('/user/login');
    expect((await first?.request().headerValue('cookie')) ?? '').not.toContain('ba-tz=');
    await loginViaForm(page, DEMO, '/user/account/overview');
    expect((await context.cookies()).find((c) => c.name === 'ba-tz')?.value).toBe(encodeURIComponent(browserZone));
    await page.reload();
    await expect(page.locator('main')).toContainText(`${greetingIn(browserZone)}`);
    await expect(page.locator('main')).toContainText('欢迎回来');
  });
});
