/**
 * Leaving the page for the login screen. The navigation function is injectable so tests can
 * observe it instead of unloading happy-dom's window.
 */
export const LOGIN_PATH = '/user/login';

type Navigator = (url: string) => void;

const defaultNavigator: Navigator = (url) => location.assign(url);
let navigator_: Navigator = defaultNavigator;

/** Replace the full-navigation function (tests); call with no argument to restore `location.assign`. */
export function setNavigator(fn?: Navigator): void {
  navigator_ = fn ?? defaultNavigator;
}

export function navigate(url: string): void {
  navigator_(url);
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
