/**
 * Leaving the page for the login screen, through the navigation runtime's one seam for full page
 * loads (`documentLoad`), which tests watch instead of unloading happy-dom's window.
 */
import { documentLoad } from '~/lib/navigation/bindings';

export const LOGIN_PATH = '/user/login';

export function navigate(url: string): void {
  documentLoad.assign(url);
}

/** `/user/login?to=<current path and query>`; the login page only follows same-origin paths. */
export function loginUrl(current = `${location.pathname}${location.search}`): string {
  return `${LOGIN_PATH}?to=${encodeURIComponent(current)}`;
}

/** Full navigation to the login route, unless we are already on it. Returns whether it navigated. */
export function goToLogin(): boolean {
  if (typeof location === 'undefined') return false;
  if (location.pathname === LOGIN_PATH || location.pathname === `${LOGIN_PATH}/`) return false;
  navigate(loginUrl());
  return true;
}

/**
 * "Clear the tokens" for a browser whose tokens are HttpOnly cookies: ask the server to revoke
 * them and drop the cookies, so the login page does not bounce a still-valid cookie back to the
 * page. Best effort: never throws, gives up after 3 s.
 */
export async function endServerSession(): Promise<void> {
  if (typeof location === 'undefined' || typeof fetch === 'undefined') return;
  try {
    await fetch(new URL('/userapi/v1/index/logout', location.href), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', server: 'true', equipment: 'pc' },
      body: '{}',
      signal: AbortSignal.timeout(3000),
    });
  } catch {
    /* offline or already gone: the login page copes */
  }
}
