import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { nowSeconds } from '~/server/db/client';
import { API_BASE, isHttps, REFRESH_COOKIE, SIGNATURE_COOKIE, TOKEN_COOKIE } from './credentials';

function base(c: Context) {
  return { httpOnly: true, sameSite: 'Lax' as const, path: '/', secure: isHttps(c) };
}

const maxAge = (expiresAt: number) => Math.max(0, expiresAt - nowSeconds());

/** Set the HttpOnly auth-token cookie (and drop any signature cookie: one session per browser). */
export function setTokenCookie(c: Context, token: string, expiresAt: number): void {
  setCookie(c, TOKEN_COOKIE, token, { ...base(c), maxAge: maxAge(expiresAt) });
  deleteCookie(c, SIGNATURE_COOKIE, { path: '/', secure: isHttps(c) });
}

/** Set the refresh cookie (API path only), or remove it when there is no refresh token. */
export function setRefreshCookie(c: Context, token: string, expiresAt: number): void {
  if (token) setCookie(c, REFRESH_COOKIE, token, { ...base(c), path: API_BASE, maxAge: maxAge(expiresAt) });
  else deleteCookie(c, REFRESH_COOKIE, { path: API_BASE, secure: isHttps(c) });
}

/** A redeemed signed link becomes the signature cookie and replaces any auth-token cookie. */
export function setSignatureCookie(c: Context, signature: string, expiresAt: number): void {
  setCookie(c, SIGNATURE_COOKIE, signature, { ...base(c), maxAge: maxAge(expiresAt) });
  deleteCookie(c, TOKEN_COOKIE, { path: '/', secure: isHttps(c) });
}

/** Remove every session cookie. */
export function clearSessionCookies(c: Context): void {
  const secure = isHttps(c);
  deleteCookie(c, TOKEN_COOKIE, { path: '/', secure });
  deleteCookie(c, SIGNATURE_COOKIE, { path: '/', secure });
  deleteCookie(c, REFRESH_COOKIE, { path: API_BASE, secure });
}
