import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { writeAudit } from '~/server/audit';
import type { Db } from '~/server/db/client';
import { clearSessionCookies } from './cookies';
import { clientIp, readCredentials, REFRESH_COOKIE } from './credentials';
import { revokeTokens } from './tokens';

/** Revoke the given access token, refresh token and/or signature session. Always succeeds. */
export async function revokeSession(
  db: Db,
  input: { token?: string | null; refreshToken?: string | null; signature?: string | null; ip?: string },
): Promise<{ revoked: number }> {
  const owners = await revokeTokens(db, [input.token, input.refreshToken, input.signature]);
  await writeAudit(db, { userId: owners[0] ?? null, action: 'auth.logout', detail: { revoked: owners.length }, ip: input.ip });
  return { revoked: owners.length };
}

/**
 * Sign this request out: revoke its token, signature and refresh token (the posted one, else the
 * refresh cookie) and clear every session cookie. The API and the no-JS form both end here.
 */
export async function signOut(c: Context, db: Db, postedRefresh?: unknown): Promise<{ revoked: number }> {
  const creds = readCredentials(c);
  const refresh = typeof postedRefresh === 'string' && postedRefresh ? postedRefresh : getCookie(c, REFRESH_COOKIE);
  const result = await revokeSession(db, {
    token: creds.token,
    signature: creds.signature,
    refreshToken: refresh ?? null,
    ip: clientIp(c),
  });
  clearSessionCookies(c);
  return result;
}
