import { num, numOrNull, nowSeconds, type Db } from '~/server/db/client';
import { writeAudit } from '~/server/audit';
import { Codes, DomainError } from '~/server/errors';
import { hashToken } from './tokens';

/** One signed-in device as the member sees it (never the token itself). */
export interface SessionInfo {
  id: number;
  kind: 'access' | 'signature';
  createdAt: number;
  lastUsedAt: number | null;
  expiresAt: number;
  ip: string;
  userAgent: string;
  current: boolean;
}

/** The member's live sessions (login and signed-link tokens), newest activity first. */
export async function listSessions(db: Db, userId: number, currentTokenId: number | null): Promise<SessionInfo[]> {
  const rows = await db.sql`SELECT id, type, created_at, last_used_at, expires_at, ip, user_agent FROM token
    WHERE user_id = ${userId} AND type IN ('access', 'signature') AND revoked_at IS NULL AND expires_at > ${nowSeconds()}
    ORDER BY COALESCE(last_used_at, created_at) DESC, id DESC`;
  return rows.map((r: Record<string, unknown>) => ({
    id: num(r.id),
    kind: r.type === 'signature' ? 'signature' : 'access',
    createdAt: num(r.created_at),
    lastUsedAt: numOrNull(r.last_used_at),
    expiresAt: num(r.expires_at),
    ip: String(r.ip ?? ''),
    userAgent: String(r.user_agent ?? ''),
    current: num(r.id) === currentTokenId,
  }));
}

/**
 * Signs the member out everywhere else: revokes every live token of theirs except the current
 * session's token and, when given, the current browser's refresh token. Returns how many went.
 */
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  keep: { tokenId: number; refreshToken?: string | null; ip?: string },
): Promise<number> {
  const keepRefresh = keep.refreshToken ? hashToken(keep.refreshToken) : '';
  const rows = await db.sql`UPDATE token SET revoked_at = ${nowSeconds()}
    WHERE user_id = ${userId} AND revoked_at IS NULL AND id <> ${keep.tokenId} AND token_hash <> ${keepRefresh}
    RETURNING id`;
  await writeAudit(db, { userId, action: 'auth.revoke_other_sessions', detail: { revoked: rows.length }, ip: keep.ip });
  return rows.length;
}

/**
 * End one session of the member by its row id. Another member's session, or one already ended,
 * answers 404 like an unknown one: ids tell nothing about other members.
 */
export async function revokeSessionById(db: Db, userId: number, id: number, ip?: string): Promise<void> {
  const rows = await db.sql`UPDATE token SET revoked_at = ${nowSeconds()}
    WHERE id = ${id} AND user_id = ${userId} AND type IN ('access', 'signature') AND revoked_at IS NULL RETURNING id`;
  if (!rows.length) throw new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });
  await writeAudit(db, { userId, action: 'auth.revoke_session', detail: { tokenId: id }, ip });
}
