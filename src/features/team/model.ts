/** The sub-account row, the owner's grant and the small helpers every team module shares. */
import type { SQL } from 'bun';
import { fenToYuan } from '~/lib/money';
import { type Db, num, numOrNull } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { grantBase, parseRuleList } from './grants';
import type { TeamStatus } from './schemas';

export type Row = Record<string, unknown>;

/** A sub-account as the API and pages show it (money as a yuan string). */
export interface TeamAccount {
  id: number;
  username: string;
  nickname: string;
  mobile: string;
  status: TeamStatus;
  money: string;
  last_login_time: number | null;
  last_login_ip: string;
  /** Pages (menu rules) it may open now: its grant ∩ the owner's current rules. */
  pages: number;
  created_at: number;
}

/** Another owner's sub-account (or none) reads as not found. */
export const notFound = () => new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });

/** A write transaction: SQLite takes the write lock at BEGIN (IMMEDIATE), so readers inside see the final state. */
export function writeTx<T>(db: Db, fn: (tx: SQL) => Promise<T>): Promise<T> {
  return (db.dialect === 'sqlite' ? db.sql.begin('IMMEDIATE', fn) : db.sql.begin(fn)) as Promise<T>;
}

/** The owner's current rule ids (as a Set) and the pages among them. */
export async function ownerGrant(db: Db, ownerId: number) {
  const base = await grantBase(db, ownerId);
  return { base, ids: new Set(base.map((r) => r.id)), pageIds: new Set(base.filter((r) => r.type === 'menu').map((r) => r.id)) };
}

/** A sub-account row (with its group's rules as `group_rules`) as the API shows it. */
export function toAccount(r: Row, pageIds: Set<number>): TeamAccount {
  const granted = parseRuleList(String(r.group_rules ?? ''));
  let pages = 0;
  for (const id of granted) if (pageIds.has(id)) pages++;
  return {
    id: num(r.id),
    username: String(r.username),
    nickname: String(r.nickname ?? ''),
    mobile: String(r.mobile ?? ''),
    status: String(r.status) === 'enable' ? 'enable' : 'disable',
    money: fenToYuan(num(r.money)),
    last_login_time: numOrNull(r.last_login_time),
    last_login_ip: String(r.last_login_ip ?? ''),
    pages,
    created_at: num(r.created_at),
  };
}

/** The owner's sub-account with its group's rules, read through `sql` (a transaction or the pool); another owner's → 404. */
export async function subRow(sql: SQL, ownerId: number, subId: number): Promise<Row> {
  const [r] = await sql`SELECT u.*, g.rules AS group_rules FROM "user" u LEFT JOIN user_group g ON g.id = u.group_id
    WHERE u.id = ${subId} AND u.parent_id = ${ownerId}`;
  if (!r) throw notFound();
  return r;
}

/** Who acts on the team: the owner, and the request's IP for the audit log. */
export interface Actor {
  ownerId: number;
  ip?: string;
}
