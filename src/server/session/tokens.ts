import type { SQL } from 'bun';
import { nowSeconds, type Db } from '~/server/db/client';

export type TokenType = 'access' | 'refresh' | 'signature';

/** Access token lifetime: 3 days. */
export const ACCESS_TTL = 3 * 24 * 3600;
/** Refresh token lifetime (issued only with "keep me logged in"): 30 days. */
export const REFRESH_TTL = 30 * 24 * 3600;
/** A signed link, once redeemed, works as a session for this long. */
export const SIGNATURE_SESSION_TTL = 24 * 3600;
/** last_used_at is written at most this often per token. */
export const LAST_USED_THROTTLE = 60;

/** 32 random bytes, base64url (43 chars). */
export function randomToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

/** Tokens are stored only as the SHA-256 hex of the raw value. */
export function hashToken(raw: string): string {
  return new Bun.CryptoHasher('sha256').update(raw).digest('hex');
}

export interface IssuedToken {
  id: number;
  token: string;
  expiresAt: number;
}

export interface TokenMeta {
  ip?: string;
  userAgent?: string;
}

/** Create a token row for a fresh random token; returns the raw token (the only time it exists). */
export async function issueToken(db: Db | SQL, type: TokenType, userId: number, ttl: number, meta: TokenMeta = {}): Promise<IssuedToken> {
  const sql = 'sql' in db ? db.sql : db;
  const token = randomToken();
  const now = nowSeconds();
  const expiresAt = now + ttl;
  const [row] = await sql`INSERT INTO token (token_hash, type, user_id, created_at, expires_at, ip, user_agent)
    VALUES (${hashToken(token)}, ${type}, ${userId}, ${now}, ${expiresAt}, ${meta.ip ?? ''}, ${(meta.userAgent ?? '').slice(0, 255)})
    RETURNING id`;
  return { id: Number(row.id), token, expiresAt };
}

/** Revoke the given raw tokens (any type); returns the owners of the rows revoked. */
export async function revokeTokens(db: Db | SQL, raws: (string | undefined | null)[]): Promise<number[]> {
  const sql = 'sql' in db ? db.sql : db;
  const hashes = raws.filter((r): r is string => typeof r === 'string' && r !== '').map(hashToken);
  if (!hashes.length) return [];
  const rows = await sql`UPDATE token SET revoked_at = ${nowSeconds()}
    WHERE token_hash IN ${sql(hashes)} AND revoked_at IS NULL RETURNING user_id`;
  return rows.map((r: { user_id: unknown }) => Number(r.user_id));
}

/** Revoke every live token of a member (e.g. after a password change), optionally sparing one row. */
export async function revokeAllTokens(db: Db | SQL, userId: number, exceptTokenId?: number): Promise<void> {
  const sql = 'sql' in db ? db.sql : db;
  await sql`UPDATE token SET revoked_at = ${nowSeconds()}
    WHERE user_id = ${userId} AND revoked_at IS NULL AND id <> ${exceptTokenId ?? -1}`;
}

/** Delete rows that expired more than `graceSeconds` ago (kept a while so "expired" beats "unknown"). */
export async function purgeExpiredTokens(db: Db, graceSeconds = 7 * 24 * 3600): Promise<void> {
  await db.sql`DELETE FROM token WHERE expires_at < ${nowSeconds() - graceSeconds}`;
}
