/** Member rows: lookups and the public `userInfo` shape (spec §3). */
import { fenToYuan } from '~/lib/money';
import type { UserInfo } from '~/lib/types';
import { num, numOrNull, type Db } from '~/server/db/client';

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
  /** The owner's id for a team sub-account; null for a main account (one level only). */
  parent_id: number | null;
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
    parent_id: numOrNull(r.parent_id),
  };
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

/**
 * Whose records a member may see: a main account sees its own and its sub-accounts' (the company's
 * orders, endorsements, invoices, claims); a sub-account only its own. Every list and detail of
 * those areas filters by this one helper, so a sibling's or another company's id reads as 404.
 */
export async function visibleUserIds(db: Db, userId: number): Promise<number[]> {
  const [me] = await db.sql`SELECT parent_id FROM "user" WHERE id = ${userId}`;
  if (!me || numOrNull(me.parent_id) !== null) return [userId];
  const subs = await db.sql`SELECT id FROM "user" WHERE parent_id = ${userId} ORDER BY id`;
  return [userId, ...subs.map((r: Record<string, unknown>) => num(r.id))];
}
