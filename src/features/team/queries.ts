/** Reading the team: the owner's sub-accounts, one sub-account with its pages, and what the owner may grant. */
import type { Locale } from '~/lib/types';
import { fenToYuan } from '~/lib/money';
import { type Db, num, numOrNull } from '~/server/db/client';
import { type GrantablePage, grantBase, grantablePages, parseRuleList } from './grants';
import { ownerGrant, type Row, subRow, type TeamAccount, toAccount } from './model';
import type { TeamListQuery, TeamStatus } from './schemas';

/** Whether the member is a sub-account (has an owner). */
export async function isSubAccount(db: Db, userId: number): Promise<boolean> {
  const [r] = await db.sql`SELECT parent_id FROM "user" WHERE id = ${userId}`;
  return !!r && numOrNull(r.parent_id) !== null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** One page of the owner's sub-accounts, newest first, with the owner's balance. */
export async function listTeam(
  db: Db,
  ownerId: number,
  q: TeamListQuery,
): Promise<{ list: TeamAccount[]; total: number; owner: { money: string } }> {
  const { sql } = db;
  let where = sql`u.parent_id = ${ownerId}`;
  if (q.status) where = sql`${where} AND u.status = ${q.status}`;
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword.toLowerCase())}%`;
    where = sql`${where} AND (LOWER(u.username) LIKE ${like} ESCAPE '\\' OR LOWER(u.nickname) LIKE ${like} ESCAPE '\\'
      OR COALESCE(u.mobile, '') LIKE ${like} ESCAPE '\\')`;
  }
  const [agg] = await sql`SELECT COUNT(*) AS n FROM "user" u WHERE ${where}`;
  const [owner] = await sql`SELECT money FROM "user" WHERE id = ${ownerId}`;
  const total = num(agg.n);
  const ownerView = { money: fenToYuan(num(owner?.money)) };
  if (!total) return { list: [], total, owner: ownerView };
  const rows: Row[] = await sql`SELECT u.*, g.rules AS group_rules FROM "user" u LEFT JOIN user_group g ON g.id = u.group_id
    WHERE ${where} ORDER BY u.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  const { pageIds } = await ownerGrant(db, ownerId);
  return { list: rows.map((r) => toAccount(r, pageIds)), total, owner: ownerView };
}

/** Every sub-account of the owner with its balance (for pickers), oldest first. */
export async function teamPicker(
  db: Db,
  ownerId: number,
): Promise<{ id: number; username: string; nickname: string; status: TeamStatus; money: string }[]> {
  const rows: Row[] = await db.sql`SELECT id, username, nickname, status, money FROM "user" WHERE parent_id = ${ownerId} ORDER BY id`;
  return rows.map((r) => ({
    id: num(r.id),
    username: String(r.username),
    nickname: String(r.nickname ?? ''),
    status: String(r.status) === 'enable' ? 'enable' : 'disable',
    money: fenToYuan(num(r.money)),
  }));
}

/** Pages (with buttons) the owner may grant, titles in `locale`. */
export async function grantable(db: Db, ownerId: number, locale: Locale): Promise<GrantablePage[]> {
  return grantablePages(await grantBase(db, ownerId), locale);
}

/** One sub-account and the rule ids it holds now (its grant ∩ the owner's current rules); another owner's → 404. */
export async function teamDetail(db: Db, ownerId: number, subId: number): Promise<{ account: TeamAccount; rules: number[] }> {
  const r = await subRow(db.sql, ownerId, subId);
  const { ids, pageIds } = await ownerGrant(db, ownerId);
  const rules = [...parseRuleList(String(r.group_rules ?? ''))].filter((id) => ids.has(id)).sort((a, b) => a - b);
  return { account: toAccount(r, pageIds), rules };
}
