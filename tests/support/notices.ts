/**
 * Test helpers for notices (issue #30): what was written after a point (who got which kind), what a
 * member's bell answers through `GET /notification/list` in a language, and a staff account whose
 * group lists only some operator rules (to prove `work_queued` reaches only the queue's staff), and
 * the accounts every notices test sets up (`noticeAccounts`).
 */
import { expect } from 'bun:test';
import { DEMO_TEAM } from '~/features/team';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { DEMO_USERS } from '~/server/db/seed';
import { apiClient } from './api-client';

export interface WrittenNotice {
  id: number;
  userId: number;
  kind: string;
  params: Record<string, string | number>;
  link: string;
}

/** The newest notification id now (count from here). */
export async function noticeMark(db: Db): Promise<number> {
  const [r] = await db.sql`SELECT COALESCE(MAX(id), 0) AS n FROM notification`;
  return num(r.n);
}

/** Every notification written after `mark`, oldest first. */
export async function noticesAfter(db: Db, mark: number): Promise<WrittenNotice[]> {
  const rows: Record<string, unknown>[] = await db.sql`SELECT * FROM notification WHERE id > ${mark} ORDER BY id`;
  return rows.map((r) => ({
    id: num(r.id),
    userId: num(r.user_id),
    kind: String(r.kind),
    params: JSON.parse(String(r.params ?? '{}')),
    link: String(r.link ?? ''),
  }));
}

/** `kind`'s recipients after `mark`, sorted: the test states exactly who (and so that nobody else did). */
export async function recipients(db: Db, mark: number, kind: string): Promise<number[]> {
  return (await noticesAfter(db, mark))
    .filter((n) => n.kind === kind)
    .map((n) => n.userId)
    .sort((a, b) => a - b);
}

export interface BellEntry {
  id: number;
  title: string;
  body: string;
  link: string;
  read: boolean;
}

/** The member's notifications newer than `mark`, as the API renders them in `lang`. */
export async function bellAfter(api: ReturnType<typeof apiClient>, token: string, mark: number, lang: string): Promise<BellEntry[]> {
  const r = await api.get('notification/list?limit=50', token, lang);
  expect(r.status).toBe(200);
  return (r.body.data.list as BellEntry[]).filter((n) => n.id > mark);
}

/** Exactly one entry of the bell after `mark` opens `link`; it is returned (title and body rendered). */
export async function oneNotice(
  api: ReturnType<typeof apiClient>,
  token: string,
  mark: number,
  lang: string,
  link: string,
): Promise<BellEntry> {
  const list = (await bellAfter(api, token, mark, lang)).filter((n) => n.link === link);
  expect(list.length).toBe(1);
  const [n] = list;
  expect(`${n.title} ${n.body}`).not.toMatch(/[{}]|notify\.|msg:|undefined|NaN/);
  return n;
}

/** A staff group listing only `rules` (by name) and one enabled member of it; returns its id. */
export async function staffWith(db: Db, username: string, password: string, rules: string[]): Promise<number> {
  const ruleIds: Record<string, unknown>[] = await db.sql`SELECT id FROM user_rule WHERE name IN ${db.sql(rules)}`;
  const now = nowSeconds();
  const [g] = await db.sql`INSERT INTO user_group (name, rules, status, created_at, updated_at)
    VALUES (${`staff ${username}`}, ${ruleIds.map((r) => String(r.id)).join(',')}, 1, ${now}, ${now}) RETURNING id`;
  const hash = await Bun.password.hash(password);
  const [u] = await db.sql`INSERT INTO "user" (group_id, username, email, password_hash, status, join_time, created_at, updated_at)
    VALUES (${num(g.id)}, ${username}, ${`${username}@example.com`}, ${hash}, 'enable', ${now}, ${now}, ${now}) RETURNING id`;
  return num(u.id);
}

/** A staff account a notices test adds: its group lists only `rules`. */
export interface StaffSpec {
  username: string;
  password: string;
  rules: string[];
}

/** The demo accounts' passwords (documented in the README). */
const DEMO_PASSWORDS: ReadonlyMap<string, string> = new Map([...DEMO_USERS, ...DEMO_TEAM].map((u) => [u.username, u.password]));

export interface NoticeAccounts {
  api: ReturnType<typeof apiClient>;
  /** Every account's id by username (the staff added too). */
  ids: Record<string, number>;
  /** A token for each account in `login`, by username. */
  tokens: Record<string, string>;
}

/**
 * The accounts a notices test sets up: the `staff` added in order (`staffWith`), every account's id by
 * username, and each account in `login` (a demo account or one of the staff) logged in.
 */
export async function noticeAccounts(db: Db, staff: readonly StaffSpec[], login: readonly string[]): Promise<NoticeAccounts> {
  const api = apiClient(db);
  for (const s of staff) await staffWith(db, s.username, s.password, s.rules);
  const ids: Record<string, number> = {};
  for (const r of await db.sql`SELECT id, username FROM "user"`) ids[String(r.username)] = num(r.id);
  const passwords = new Map([...DEMO_PASSWORDS, ...staff.map((s) => [s.username, s.password] as const)]);
  const tokens: Record<string, string> = {};
  for (const username of login) {
    const password = passwords.get(username);
    if (!password) throw new Error(`noticeAccounts: no password known for ${username}`);
    tokens[username] = await api.login(username, password);
  }
  return { api, ids, tokens };
}
