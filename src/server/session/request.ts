import type { Context } from 'hono';
import type { Db } from '~/server/db/client';
import { setSignatureCookie } from './cookies';
import { readCredentials, requestMeta } from './credentials';
import { resolveSession, type ResolvedSession } from './resolve';

/** The session of a request from its header or cookie credentials. */
export function resolveRequestSession(c: Context, db: Db): Promise<ResolvedSession> {
  const creds = readCredentials(c);
  if (!creds.token && !creds.signature) return Promise.resolve({ session: null, problem: 'missing' });
  return resolveSession(db, { token: creds.token, signature: creds.signature, viewAs: creds.viewAs }, requestMeta(c));
}

/**
 * Log in with a signed link's signature (from `?signature=`): on success the signature becomes
 * the HttpOnly `ba-user-signature` cookie and the auth-token cookie is cleared (spec §4). On
 * failure nothing is set; the caller answers 401001 or shows the login page.
 */
export async function redeemSignature(c: Context, db: Db, signature: string): Promise<ResolvedSession> {
  const auth = await resolveSession(db, { signature }, requestMeta(c));
  if (auth.session) setSignatureCookie(c, signature, auth.expiresAt ?? 0);
  return auth;
}
