/**
 * Becoming a member in a request: password login (with the failure lock), token refresh and
 * signed links. Token rows and cookies belong to the session module; this is the identity check.
 */
import type { UserInfo } from '~/lib/types';
import { writeAudit } from '~/server/audit';
import { num, nowSeconds, type Db } from '~/server/db/client';
import { Codes, DomainError, sessionExpired } from '~/server/errors';
import { findUserByAccount, findUserById, toUserInfo, type UserRow } from '~/server/members';
import {
  ACCESS_TTL,
  createSignature,
  DEFAULT_LINK_TTL,
  hashToken,
  issueToken,
  lookupToken,
  REFRESH_TTL,
  verifySignaturePayload,
  type TokenMeta,
} from '~/server/session';
import { assertWithin, hit, peek, type Limit } from '~/server/rate-limit';
import { parseInput } from '~/server/validate';
import { loginSchema } from './schemas';

/** After this many failed logins within LOCK_WINDOW seconds the account is locked until the window passes. */
export const MAX_LOGIN_FAILURES = 10;
export const LOCK_WINDOW = 15 * 60;

let dummyHash: Promise<string> | undefined;

export interface LoginInput extends TokenMeta {
  account: unknown;
  password: unknown;
  keep?: boolean;
  /** Asked once the password checked out, before any session exists: throws to refuse this member. */
  admit?: (userId: number) => Promise<void>;
}

export interface LoginResult {
  userInfo: UserInfo;
  token: string;
  tokenExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
}

const loginFailed = () => new DomainError('auth.loginFailed', { status: 401, code: Codes.LOGIN_FAILED });

/** Failed logins allowed per IP within LOCK_WINDOW, across all accounts (`LOGIN_FAILURES_PER_IP`). */
export const maxLoginFailuresPerIp = () => Number(process.env.LOGIN_FAILURES_PER_IP) || 30;

/** Per typed account, and per IP when the request has one (a caller outside HTTP has none). */
const loginLimits = (account: string, ip: string): Limit[] => [
  { key: `login:account:${account.toLowerCase()}`, max: MAX_LOGIN_FAILURES, window: LOCK_WINDOW },
  ...(ip ? [{ key: `login:ip:${ip}`, max: maxLoginFailuresPerIp(), window: LOCK_WINDOW }] : []),
];

/** 429 'Too many failed login attempts, please try again in {minutes} minutes' (+ Retry-After). */
const lockedFor = (seconds: number) =>
  new DomainError('auth.locked', {
    status: 429,
    code: Codes.TOO_MANY,
    params: { minutes: Math.max(1, Math.ceil(seconds / 60)), seconds: Math.max(1, seconds) },
  });

/**
 * Log in by username, email or mobile. An unknown account and a wrong password give the same
 * error (and take about as long). After MAX_LOGIN_FAILURES failures within LOCK_WINDOW the account
 * is locked until LOCK_WINDOW has passed since the last failure; attempts while locked do not
 * extend the lock. Disabled accounts are refused only after a correct password.
 */
export async function login(db: Db, input: LoginInput): Promise<LoginResult> {
  const { account, password } = parseInput(loginSchema, { account: input.account, password: input.password });
  const ip = input.ip ?? '';
  const now = nowSeconds();

  // Failures are also counted per typed account and per IP, so guesses against accounts that do
  // not exist, and one address trying many accounts, are limited like guesses against real ones.
  const limits = loginLimits(account, ip);
  const byAccount = await peek(db, limits[0], now);
  if (!byAccount.allowed) throw lockedFor(byAccount.retryAfter);
  await assertWithin(db, limits.slice(1), now);
  const failed = async () => {
    await Promise.all(limits.map((l) => hit(db, l, now)));
    return loginFailed();
  };

  const user = await findUserByAccount(db, account);
  if (!user) {
    dummyHash ??= Bun.password.hash('not-a-real-password');
    await Bun.password.verify(password, await dummyHash);
    await writeAudit(db, { userId: null, action: 'auth.login_failed', detail: { account, reason: 'unknown' }, ip });
    throw await failed();
  }
  const recentFailure = user.last_failure_time !== null && now - user.last_failure_time < LOCK_WINDOW;
  if (recentFailure && user.login_failure >= MAX_LOGIN_FAILURES) {
    await writeAudit(db, { userId: user.id, action: 'auth.login_locked', detail: { account }, ip });
    throw lockedFor(user.last_failure_time! + LOCK_WINDOW - now);
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
    throw await failed();
  }
  // A team sub-account of a disabled owner is refused like a disabled account (#12).
  const [owner] = user.parent_id === null ? [] : await db.sql`SELECT status FROM "user" WHERE id = ${user.parent_id}`;
  if (user.status !== 'enable' || (owner && owner.status !== 'enable')) {
    await writeAudit(db, { userId: user.id, action: 'auth.login_failed', detail: { account, reason: 'disabled' }, ip });
    throw new DomainError('auth.accountDisabled', { status: 403, code: Codes.ACCOUNT_DISABLED });
  }
  if (input.admit) await input.admit(user.id);

  return openSession(db, user, { keep: !!input.keep, ip, userAgent: input.userAgent }, 'auth.login');
}

/**
 * Start a session for a member who proved who they are (password, or a code at registration):
 * an access token, a refresh token with "keep", the login time and IP, an audit entry.
 */
export async function openSession(
  db: Db,
  user: UserRow,
  opts: { keep: boolean; ip: string; userAgent?: string },
  action: string,
): Promise<LoginResult> {
  const now = nowSeconds();
  const meta = { ip: opts.ip, userAgent: opts.userAgent };
  const access = await issueToken(db, 'access', user.id, ACCESS_TTL, meta);
  const refresh = opts.keep ? await issueToken(db, 'refresh', user.id, REFRESH_TTL, meta) : null;
  await db.sql`UPDATE "user" SET login_failure = 0, last_failure_time = NULL, last_login_time = ${now},
    last_login_ip = ${opts.ip}, updated_at = ${now} WHERE id = ${user.id}`;
  await writeAudit(db, { userId: user.id, action, detail: { keep: opts.keep, tokenId: access.id }, ip: opts.ip });
  const fresh = { ...user, last_login_time: now, last_login_ip: opts.ip, login_failure: 0 };
  return {
    userInfo: toUserInfo(fresh, { token: access.token, refresh_token: refresh?.token ?? '' }),
    token: access.token,
    tokenExpiresAt: access.expiresAt,
    refreshToken: refresh?.token ?? '',
    refreshExpiresAt: refresh?.expiresAt ?? 0,
  };
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
  if (hit?.type !== 'refresh' || hit.revokedAt !== null || hit.expiresAt <= nowSeconds() || hit.user.status !== 'enable') {
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
  if (user?.status !== 'enable') {
    throw new DomainError('auth.signatureInvalid', { status: 401, code: Codes.NEED_LOGIN });
  }
  return user;
}
