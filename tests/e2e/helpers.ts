import { expect, type Page } from '@playwright/test';

export const DEMO = { account: 'demo', password: 'Demo#2026' };
export const MANAGER = { account: 'manager', password: 'Manager#2026' };

/** Logs in through the login form, as a member would. */
export async function loginViaForm(page: Page, who = DEMO, to?: string): Promise<void> {
  await page.goto(to ? `/user/login?to=${encodeURIComponent(to)}` : '/user/login');
  await waitForHydration(page);
  await page.locator('input[name="account"]').fill(who.account);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('form[action="/user/login"] button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/user\/login/);
  await waitForHydration(page);
}

/** Islands answer clicks only once React has hydrated; the runtime marks <html> then. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-nav-ready]').waitFor({ state: 'attached' });
}

/** The member-centre sidebar (navigation landmark built from the server's menus). */
export const sidebar = (page: Page) => page.locator('[data-testid="member-sidebar"]');
