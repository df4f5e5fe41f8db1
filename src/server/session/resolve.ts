import { num, numOrNull, nowSeconds, type Db } from '~/server/db/client';
import { writeAudit } from '~/server/audit';
import type { Session } from '~/server/context';
import { findUserById, toUserRow, type UserRow } from '~/server/members';
import { verifySignaturePayload } from './signature';
import { resolveViewAs } from './view-as';
import { hashToken, LAST_USED_THROTTLE, SIGNATURE_SESSION_TTL, type TokenMeta } from './tokens';

/** Why a request has no session; 'disabled' is a live token of a member who was disabled. */
export type SessionProblem = 'none' | 'missing' | 'invalid' | 'expired' | 'disabled';

export interface ResolvedSession {
  session: Session | null;
  problem: SessionProblem;
  user?: UserRow;
  /** When the credential that gave the session expires (Unix seconds). */
  expiresAt?: number;
  /** The member's data version (migration 17): moves whenever a row the member's pages show changes. */
  dataVersion?: number;
}

export interface TokenLookup {
  tokenId: number;
  type: string;
  expiresAt: number;
  revokedAt: number | null;
  lastUsedAt: number | null;
  user: UserRow;
  dataVersion: number;
}

/** The token row behind a raw token, with its member (internal to sessions and refresh). */
export async function lookupToken(db: Db, raw: string): Promise<TokenLookup | null> {
  const [r] = await db.sql`SELECT t.id AS token_id, t.type AS token_type, t.expires_at AS token_expires_at,
      t.revoked_at AS token_revoked_at, t.last_used_at AS token_last_used_at, v.version AS member_data_version, u.*
    FROM token t JOIN "user" u ON u.id = t.user_id LEFT JOIN member_data_version v ON v.user_id = u.id
    WHERE t.token_hash = ${hashToken(raw)}`;
  if (!r) return null;
  return {
    tokenId: num(r.token_id),
    type: String(r.token_type),
    expiresAt: num(r.token_expires_at),
    revokedAt: numOrNull(r.token_revoked_at),
    lastUsedAt: numOrNull(r.token_last_used_at),
    user: toUserRow(r),
    dataVersion: num(r.member_data_version),
  };
}

async function fromLookup(db: Db, hit: TokenLookup | null, type: string, via: Session['via']): Promise<ResolvedSession> {
  if (!hit || hit.type !== type || hit.revokedAt !== null) return { session: null, problem: 'invalid' };
  // A disabled member's live token: out on this request, and told why.
  if (hit.user.status !== 'enable') return { session: null, problem: 'disabled' };
  const now = nowSeconds();
  if (hit.expiresAt <= now) return { session: null, problem: 'expired' };
  // Only last_used_at, and at most once a minute: "last login" stays the real last login.
  if (hit.lastUsedAt === null || now - hit.lastUsedAt >= LAST_USED_THROTTLE) {
    await db.sql`UPDATE token SET last_used_at = ${now} WHERE id = ${hit.tokenId}`;
  }
  return {
    session: { userId: hit.user.id, tokenId: hit.tokenId, via },
    problem: 'none',
    user: hit.user,
    expiresAt: hit.expiresAt,
    dataVersion: hit.dataVersion,
  };
}

/**
 * Turn the credentials of a request into a session. The auth token is tried first, then the
 * signature. A signature seen for the first time is verified (HMAC, expiry) and stored as a
 * `signature` token row keyed by its hash, which then lives SIGNATURE_SESSION_TTL: the link's own
 * expiry only bounds when it can first be used. When nothing works, the token's problem wins
 * (so an expired token still reads 'expired').
 */
export async function resolveSession(
  db: Db,
  creds: { token?: string | null; signature?: string | null; viewAs?: string | null },
  meta: TokenMeta = {},
): Promise<ResolvedSession> {
  let tokenResult: ResolvedSession | null = null;
  if (creds.token) {
    tokenResult = await fromLookup(db, await lookupToken(db, creds.token), 'access', 'token');
    if (tokenResult.session && creds.viewAs) {
      // An operator viewing a member's centre: the request is the member's, read-only (decision 0016).
      const seen = await resolveViewAs(db, creds.viewAs, tokenResult.session);
      if (seen) return { ...tokenResult, session: seen.session, user: seen.user, dataVersion: seen.dataVersion };
    }
    if (tokenResult.session) return tokenResult;
  }
  if (creds.signature) {
    const sig = await resolveSignature(db, creds.signature, meta);
    if (sig.session) return sig;
    if (!tokenResult || tokenResult.problem === 'invalid' || sig.problem === 'disabled') return sig;
  }
  return tokenResult ?? { session: null, problem: 'missing' };
}

async function resolveSignature(db: Db, signature: string, meta: TokenMeta): Promise<ResolvedSession> {
  const existing = await lookupToken(db, signature);
  if (existing) return fromLookup(db, existing, 'signature', 'signature');
  let userId: number;
  try {
    userId = (await verifySignaturePayload(db, signature)).u;
  } catch {
    return { session: null, problem: 'invalid' };
  }
  const user = await findUserById(db, userId);
  if (user?.status !== 'enable') return { session: null, problem: 'invalid' };
  const now = nowSeconds();
  // ON CONFLICT: two first requests with the same link race to create the row; both then use it.
  const inserted = await db.sql`INSERT INTO token (token_hash, type, user_id, created_at, expires_at, last_used_at, ip, user_agent)
    VALUES (${hashToken(signature)}, 'signature', ${userId}, ${now}, ${now + SIGNATURE_SESSION_TTL}, ${now},
      ${meta.ip ?? ''}, ${(meta.userAgent ?? '').slice(0, 255)})
    ON CONFLICT (token_hash) DO NOTHING RETURNING id`;
  if (inserted.length) {
    await db.sql`UPDATE "user" SET last_login_time = ${now}, last_login_ip = ${meta.ip ?? ''} WHERE id = ${userId}`;
    await writeAudit(db, { userId, action: 'auth.signature_login', detail: { tokenId: num(inserted[0].id) }, ip: meta.ip });
  }
  return fromLookup(db, await lookupToken(db, signature), 'signature', 'signature');
}
