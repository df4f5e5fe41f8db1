import { expect, type Page } from '@playwright/test';

export const DEMO = { account: 'demo', password: 'Demo#2026' };
export const MANAGER = { account: 'manager', password: 'Manager#2026' };

/** Logs in through the login form, as a member would; `timeout`: how long the redirect may take. */
/** Sign in through the login form; argon2id under a loaded machine can take seconds, hence the 15 s default. */
export async function loginViaForm(page: Page, who = DEMO, to?: string, { timeout = 15_000 }: { timeout?: number } = {}): Promise<void> {
  await page.goto(to ? `/user/login?to=${encodeURIComponent(to)}` : '/user/login');
  await waitForHydration(page);
  await page.locator('input[name="account"]').fill(who.account);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('form[action="/user/login"] button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/user\/login/, { timeout });
  await waitForHydration(page);
}

/** Client components answer clicks only once React has hydrated; the runtime marks <html> then. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-nav-ready]').waitFor({ state: 'attached' });
}

/** The member-centre sidebar (navigation landmark built from the server's menus). */
export const sidebar = (page: Page) => page.locator('[data-testid="member-sidebar"]');

/**
 * Solve the open click-captcha dialog as a person would: click the image at the answer's points.
 * The server is in captcha test mode, so the issue response carries `test_answer`
 * (`x1,y1-x2,y2;width;height` at the image's natural size); the clicks are scaled to the rendered size.
 */
export async function solveCaptcha(page: Page, issued: Promise<import('@playwright/test').Response>): Promise<void> {
  const body = (await (await issued).json()) as { data: { test_answer: string } };
  const [points, w, h] = body.data.test_answer.split(';');
  const stage = page.locator('.captcha-image');
  await expect(stage).toBeVisible();
  const box = (await stage.boundingBox())!;
  for (const p of points.split('-')) {
    const [x, y] = p.split(',').map(Number);
    await stage.click({ position: { x: (x / Number(w)) * box.width, y: (y / Number(h)) * box.height } });
  }
}

/** The newest code the dev outbox holds for `to` (the e2e server writes it under E2E_DATA_DIR). */
export async function codeFromOutbox(to: string): Promise<string> {
  const { readOutbox, outboxDir } = await import('../../src/server/delivery/outbox');
  for (let i = 0; i < 50; i++) {
    const hit = readOutbox(outboxDir(process.env.E2E_DATA_DIR), to)[0];
    if (hit?.code) return hit.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code in the outbox for ${to}`);
}

/**
 * Set the sandbox insurer's endorsement delay (`insurer.endorseDelaySeconds`, seconds) through the
 * operator settings API: specs that need the insurer's answer at once set 0, and put 300 back after.
 */
export async function setEndorseDelay(
  request: import('@playwright/test').APIRequestContext,
  baseURL: string,
  seconds: number,
): Promise<void> {
  const headers = { origin: baseURL, 'think-lang': 'en' };
  const login = await request.post(`${baseURL}/userapi/v1/user/login`, {
    data: { account: 'operator', password: 'Operator#2026' },
    headers,
  });
  const token = (await login.json()).data.userInfo.token as string;
  const auth = { ...headers, 'ba-user-token': token };
  const current = await (await request.get(`${baseURL}/userapi/v1/operator/settings`, { headers: auth })).json();
  const saved = await request.post(`${baseURL}/userapi/v1/operator/settings`, {
    data: { version: current.data.version, changes: { 'insurer.endorseDelaySeconds': seconds } },
    headers: auth,
  });
  expect(saved.status()).toBe(200);
}
