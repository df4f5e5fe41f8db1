import type { UserInfo } from '../../../lib/types';
import { validateLoginAccount, validatePassword } from '../../../lib/validators';
import type { Session } from '../../context';
import { num, numOrNull, nowSeconds, type Db } from '../../db/client';
import { writeAudit } from '../audit';
import { Codes, DomainError, sessionExpired, validationError } from '../errors';
import { createSignature, DEFAULT_LINK_TTL, verifySignaturePayload } from './signature';
import {
  ACCESS_TTL,
  hashToken,
  issueToken,
  LAST_USED_THROTTLE,
  REFRESH_TTL,
  revokeTokens,
  SIGNATURE_SESSION_TTL,
  type TokenMeta,
} from './tokens';

export * from './tokens';
export { listSessions, revokeOtherSessions, type SessionInfo } from './sessions';
export { getSigningSecret, DEFAULT_LINK_TTL, type SignaturePayload } from './signature';

/** After this many failed logins within LOCK_WINDOW seconds the account is locked until the window passes. */
export const MAX_LOGIN_FAILURES = 10;
export const LOCK_WINDOW = 15 * 60;

/** A member row as stored (internal: holds the password hash). */
export interface UserRow {
  id: number;
  group_id: number;
  username: string;
  nickname: string;
  email: string | null;
  mobile: string | null;
  avatar: string;
  gender: number;
  birthday: string | null;
  money: number;
  score: number;
  password_hash: string;
  status: string;
  login_failure: number;
  last_failure_time: number | null;
  last_login_time: number | null;
  last_login_ip: string;
  join_time: number;
  motto: string;
}

export function toUserRow(r: Record<string, unknown>): UserRow {
  return {
    id: num(r.id),
    group_id: num(r.group_id),
    username: String(r.username),
    nickname: String(r.nickname ?? ''),
    email: (r.email as string | null) ?? null,
    mobile: (r.mobile as string | null) ?? null,
    avatar: String(r.avatar ?? ''),
    gender: num(r.gender),
    birthday: (r.birthday as string | null) ?? null,
    money: num(r.money),
    score: num(r.score),
    password_hash: String(r.password_hash),
    status: String(r.status),
    login_failure: num(r.login_failure),
    last_failure_time: numOrNull(r.last_failure_time),
    last_login_time: numOrNull(r.last_login_time),
    last_login_ip: String(r.last_login_ip ?? ''),
    join_time: num(r.join_time),
    motto: String(r.motto ?? ''),
  };
}

/** Integer fen → decimal yuan string ("12.50"), without floating-point rounding. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [r] = await db.sql`SELECT * FROM "user" WHERE id = ${id}`;
  return r ? toUserRow(r) : null;
}

/** Find by username, email (case-insensitive) or mobile. */
export async function findUserByAccount(db: Db, account: string): Promise<UserRow | null> {
  const a = account.trim();
  const [r] = await db.sql`SELECT * FROM "user" WHERE username = ${a} OR email = ${a.toLowerCase()} OR mobile = ${a} LIMIT 1`;
  return r ? toUserRow(r) : null;
}

/** The caller's tokens to echo into userInfo (never anyone else's). */
export interface OwnTokens {
  token?: string;
  refresh_token?: string;
  signature?: string;
}

/** Public member info (spec §3); never the password hash, group or status. */
export function toUserInfo(u: UserRow, tokens: OwnTokens = {}): UserInfo {
  return {
    id: u.id,
    username: u.username,
    nickname: u.nickname,
    email: u.email ?? '',
    mobile: u.mobile ?? '',
    avatar: u.avatar,
    gender: (u.gender === 1 || u.gender === 2 ? u.gender : 0) as 0 | 1 | 2,
    birthday: u.birthday,
    money: fenToYuan(u.money),
    score: u.score,
    last_login_time: u.last_login_time,
    last_login_ip: u.last_login_ip,
    join_time: u.join_time,
    motto: u.motto,
    token: tokens.token ?? '',
    refresh_token: tokens.refresh_token ?? '',
    signature: tokens.signature ?? '',
  };
}

/** UserInfo of a member, or null when the member no longer exists. */
export async function getUserInfo(db: Db, userId: number, tokens: OwnTokens = {}): Promise<UserInfo | null> {
  const u = await findUserById(db, userId);
  return u ? toUserInfo(u, tokens) : null;
}

let dummyHash: Promise<string> | undefined;

export interface LoginInput extends TokenMeta {
  account: unknown;
  password: unknown;
  keep?: boolean;
}

export interface LoginResult {
  userInfo: UserInfo;
  token: string;
  tokenExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
}

const loginFailed = () => new DomainError('auth.loginFailed', { status: 401, code: Codes.LOGIN_FAILED });

/**
 * Log in by username, email or mobile. An unknown account and a wrong password give the same
 * error (and take about as long). After MAX_LOGIN_FAILURES failures within LOCK_WINDOW the account
 * is locked until LOCK_WINDOW has passed since the last failure; attempts while locked do not
 * extend the lock. Disabled accounts are refused only after a correct password.
 */
export async function login(db: Db, input: LoginInput): Promise<LoginResult> {
  const errors: Record<string, string> = {};
  const accountError = validateLoginAccount(input.account);
  if (accountError) errors.account = accountError;
  const passwordError = validatePassword(input.password);
  if (passwordError) errors.password = passwordError;
  if (Object.keys(errors).length) throw validationError(errors);
  const account = String(input.account).trim();
  const password = String(input.password);
  const ip = input.ip ?? '';
  const now = nowSeconds();

  const user = await findUserByAccount(db, account);
  if (!user) {
    dummyHash ??= Bun.password.hash('not-a-real-password');
    await Bun.password.verify(password, await dummyHash);
    await writeAudit(db, { userId: null, action: 'auth.login_failed', detail: { account, reason: 'unknown' }, ip });
    throw loginFailed();
  }
  const recentFailure = user.last_failure_time !== null && now - user.last_failure_time < LOCK_WINDOW;
  if (recentFailure && user.login_failure >= MAX_LOGIN_FAILURES) {
    const minutes = Math.max(1, Math.ceil((user.last_failure_time! + LOCK_WINDOW - now) / 60));
    await writeAudit(db, { userId: user.id, action: 'auth.login_locked', detail: { account }, ip });
    throw new DomainError('auth.locked', { status: 429, code: Codes.TOO_MANY, params: { minutes } });
  }
  if (!(await Bun.password.verify(password, user.password_hash))) {
    // Counted in SQL, not read-modify-write: parallel guesses must each count towards the lock.
    const [row] = await db.sql`UPDATE "user" SET
        login_failure = CASE WHEN last_failure_time IS NOT NULL AND last_failure_time > ${now - LOCK_WINDOW}
          THEN login_failure + 1 ELSE 1 END,
        last_failure_time = ${now}
      WHERE id = ${user.id} RETURNING login_failure`;
    const failures = num(row?.login_failure);
    await writeAudit(db, { userId: user.id, action: 'auth.login_failed', detail: { account, failures }, ip });
    throw loginFailed();
  }
  if (user.status !== 'enable') {
    await writeAudit(db, { userId: user.id, action: 'auth.login_failed', detail: { account, reason: 'disabled' }, ip });
    throw new DomainError('auth.accountDisabled', { status: 403, code: Codes.ACCOUNT_DISABLED });
  }

  const meta = { ip, userAgent: input.userAgent };
  const access = await issueToken(db, 'access', user.id, ACCESS_TTL, meta);
  const refresh = input.keep ? await issueToken(db, 'refresh', user.id, REFRESH_TTL, meta) : null;
  await db.sql`UPDATE "user" SET login_failure = 0, last_failure_time = NULL, last_login_time = ${now},
    last_login_ip = ${ip}, updated_at = ${now} WHERE id = ${user.id}`;
  await writeAudit(db, { userId: user.id, action: 'auth.login', detail: { keep: !!input.keep, tokenId: access.id }, ip });
  const fresh = { ...user, last_login_time: now, last_login_ip: ip, login_failure: 0 };
  return {
    userInfo: toUserInfo(fresh, { token: access.token, refresh_token: refresh?.token ?? '' }),
    token: access.token,
    tokenExpiresAt: access.expiresAt,
    refreshToken: refresh?.token ?? '',
    refreshExpiresAt: refresh?.expiresAt ?? 0,
  };
}

export type SessionProblem = 'none' | 'missing' | 'invalid' | 'expired';

export interface ResolvedSession {
  session: Session | null;
  problem: SessionProblem;
  user?: UserRow;
  /** When the credential that gave the session expires (Unix seconds). */
  expiresAt?: number;
}

interface TokenLookup {
  tokenId: number;
  type: string;
  expiresAt: number;
  revokedAt: number | null;
  lastUsedAt: number | null;
  user: UserRow;
}

async function lookupToken(db: Db, raw: string): Promise<TokenLookup | null> {
  const [r] = await db.sql`SELECT t.id AS token_id, t.type AS token_type, t.expires_at AS token_expires_at,
      t.revoked_at AS token_revoked_at, t.last_used_at AS token_last_used_at, u.*
    FROM token t JOIN "user" u ON u.id = t.user_id WHERE t.token_hash = ${hashToken(raw)}`;
  if (!r) return null;
  return {
    tokenId: num(r.token_id),
    type: String(r.token_type),
    expiresAt: num(r.token_expires_at),
    revokedAt: numOrNull(r.token_revoked_at),
    lastUsedAt: numOrNull(r.token_last_used_at),
    user: toUserRow(r),
  };
}

async function fromLookup(db: Db, hit: TokenLookup | null, type: string, via: Session['via']): Promise<ResolvedSession> {
  if (!hit || hit.type !== type || hit.revokedAt !== null || hit.user.status !== 'enable') {
    return { session: null, problem: 'invalid' };
  }
  const now = nowSeconds();
  if (hit.expiresAt <= now) return { session: null, problem: 'expired' };
  // Only last_used_at, and at most once a minute: "last login" stays the real last login.
  if (hit.lastUsedAt === null || now - hit.lastUsedAt >= LAST_USED_THROTTLE) {
    await db.sql`UPDATE token SET last_used_at = ${now} WHERE id = ${hit.tokenId}`;
  }
  return { session: { userId: hit.user.id, tokenId: hit.tokenId, via }, problem: 'none', user: hit.user, expiresAt: hit.expiresAt };
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
  creds: { token?: string | null; signature?: string | null },
  meta: TokenMeta = {},
): Promise<ResolvedSession> {
  let tokenResult: ResolvedSession | null = null;
  if (creds.token) {
    tokenResult = await fromLookup(db, await lookupToken(db, creds.token), 'access', 'token');
    if (tokenResult.session) return tokenResult;
  }
  if (creds.signature) {
    const sig = await resolveSignature(db, creds.signature, meta);
    if (sig.session) return sig;
    if (!tokenResult || tokenResult.problem === 'invalid') return sig;
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
  if (!user || user.status !== 'enable') return { session: null, problem: 'invalid' };
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

/**
 * A new access token for a valid refresh token (not rotated). If the caller's current access
 * token is given and belongs to the same member, it is revoked. Unknown, revoked or expired → 401200.
 */
export async function refreshToken(
  db: Db,
  refresh: unknown,
  currentAccessToken?: string | null,
  meta: TokenMeta = {},
): Promise<{ token: string; expiresAt: number; userId: number }> {
  if (typeof refresh !== 'string' || refresh === '') throw sessionExpired();
  const hit = await lookupToken(db, refresh);
  if (!hit || hit.type !== 'refresh' || hit.revokedAt !== null || hit.expiresAt <= nowSeconds() || hit.user.status !== 'enable') {
    throw sessionExpired();
  }
  const userId = hit.user.id;
  if (currentAccessToken) {
    await db.sql`UPDATE token SET revoked_at = ${nowSeconds()}
      WHERE token_hash = ${hashToken(currentAccessToken)} AND user_id = ${userId} AND type = 'access' AND revoked_at IS NULL`;
  }
  const access = await issueToken(db, 'access', userId, ACCESS_TTL, meta);
  await db.sql`UPDATE token SET last_used_at = ${nowSeconds()} WHERE id = ${hit.tokenId}`;
  await writeAudit(db, { userId, action: 'auth.refresh', detail: { tokenId: access.id }, ip: meta.ip });
  return { token: access.token, expiresAt: access.expiresAt, userId };
}

/** Revoke the given access token, refresh token and/or signature session. Always succeeds. */
export async function logout(
  db: Db,
  input: { token?: string | null; refreshToken?: string | null; signature?: string | null; ip?: string },
): Promise<{ revoked: number }> {
  const owners = await revokeTokens(db, [input.token, input.refreshToken, input.signature]);
  const userId = owners[0] ?? null;
  await writeAudit(db, { userId, action: 'auth.logout', detail: { revoked: owners.length }, ip: input.ip });
  return { revoked: owners.length };
}

/** A signed login link's token for `username` (spec §4/§6 signature). Unknown member → 404. */
export async function signLink(db: Db, username: string, ttlSeconds: number = DEFAULT_LINK_TTL): Promise<string> {
  const [r] = await db.sql`SELECT id, status FROM "user" WHERE username = ${username}`;
  if (!r) throw new DomainError('auth.unknownUser', { status: 404, code: Codes.NOT_FOUND, params: { username } });
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) {
    throw new DomainError('badRequest', { status: 400, code: Codes.VALIDATION, field: 'ttl' });
  }
  return createSignature(db, num(r.id), ttlSeconds);
}

/** The member a signature names; tampered, expired or for a disabled member → 401001. */
export async function verifySignature(db: Db, signature: string): Promise<UserRow> {
  const payload = await verifySignaturePayload(db, signature);
  const user = await findUserById(db, payload.u);
  if (!user || user.status !== 'enable') {
    throw new DomainError('auth.signatureInvalid', { status: 401, code: Codes.NEED_LOGIN });
  }
  return user;
}
