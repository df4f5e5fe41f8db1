import type { Context } from 'hono';
import { parse as parseCookies } from 'hono/utils/cookie';
import { isHttps as requestIsHttps } from '~/server/http/security-headers';

/** Base path of the JSON API; the refresh cookie is only sent there. */
export const API_BASE = '/userapi/v1';
/** Cookie and header names (spec §6: auth token and signature token). */
export const TOKEN_COOKIE = 'ba-user-token';
export const SIGNATURE_COOKIE = 'ba-user-signature';
/** Refresh token cookie, only sent to the API. */
export const REFRESH_COOKIE = 'ba-user-refresh';
/** The view-as token's cookie (decision 0016). */
export const VIEW_AS_COOKIE = 'ba-view-as';

/** Where a credential came from; cookie-borne ones need same-origin writes. */
export interface Credentials {
  token: string | null;
  tokenFrom: 'header' | 'cookie' | null;
  signature: string | null;
  signatureFrom: 'header' | 'cookie' | null;
  /** The view-as token (decision 0016), only ever from its HttpOnly cookie. */
  viewAs: string | null;
}

/** Credentials of a request: headers first (API clients), then the HttpOnly cookies (browser). */
export function readCredentials(c: Context): Credentials {
  return credentialsFrom(c.req.raw.headers);
}

/** {@link readCredentials} over bare headers (the page cache runs before Hono). */
export function credentialsFrom(
  headers: Headers,
  cookies: Record<string, string> = parseCookies(headers.get('cookie') ?? ''),
): Credentials {
  const hToken = headers.get(TOKEN_COOKIE) || null;
  const cToken = hToken ? null : cookies[TOKEN_COOKIE] || null;
  const hSig = headers.get(SIGNATURE_COOKIE) || null;
  const cSig = hSig ? null : cookies[SIGNATURE_COOKIE] || null;
  return {
    token: hToken ?? cToken,
    tokenFrom: hToken ? 'header' : cToken ? 'cookie' : null,
    signature: hSig ?? cSig,
    signatureFrom: hSig ? 'header' : cSig ? 'cookie' : null,
    // Only next to a cookie token: a header-token client never views as anyone.
    viewAs: (cToken && cookies[VIEW_AS_COOKIE]) || null,
  };
}

/** Whether a cookie (not a header) carries the credentials: such writes must be same-origin. */
export const usesCookieAuth = (creds: Credentials): boolean => creds.tokenFrom === 'cookie' || creds.signatureFrom === 'cookie';

/** https as seen by the browser (directly or via a TLS-terminating proxy). */
export const isHttps = (c: Context): boolean => requestIsHttps(c.req.raw);

/**
 * Client IP: the socket address when the app is served by Bun (`fetch(req, server)` puts the
 * server in `c.env`), else ''. `X-Forwarded-For` is believed only with TRUST_PROXY=1: anyone can
 * send it, and per-IP limits and the session list count this value.
 */
export function clientIp(c: Context): string {
  if (process.env.TRUST_PROXY === '1') {
    const xff = c.req.header('x-forwarded-for')?.split(',')[0].trim();
    if (xff) return xff.slice(0, 64);
  }
  const env = c.env as { requestIP?: (r: Request) => { address: string } | null } | undefined;
  try {
    return env?.requestIP?.(c.req.raw)?.address ?? '';
  } catch {
    return '';
  }
}

/** What a session row records about the device that asked. */
export const requestMeta = (c: Context) => ({ ip: clientIp(c), userAgent: c.req.header('user-agent') ?? '' });
