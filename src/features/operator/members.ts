/** Members in the operator console: list, detail, status, group, sessions, balance adjustments. */
import type { SQL } from 'bun';
import { createHash } from 'node:crypto';
import { changeLedger, dayStart, describeEntry, type LedgerEntry } from '~/features/ledger';
import type { Locale } from '~/lib/types';
import { fenToYuan } from '~/lib/money';
import { searchAudit, writeAudit } from '~/server/audit';
import { type Db, num, numOrNull, nowSeconds } from '~/server/db/client';
import { isDomainError } from '~/server/errors';
import { listSessions } from '~/server/session';
import { type Actor, assertConsoleReachable, conflict, invalid, notFound } from './common';
import type { AdjustInput, MemberListQuery } from './schemas';

type Row = Record<string, unknown>;

/** A member as the console lists it: money as a yuan string, never a password hash. */
export interface MemberView {
  id: number;
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  group: { id: number; name: string };
  status: string;
  money: string;
  score: number;
  last_login_time: number | null;
  join_time: number;
}

function view(r: Row): MemberView {
  return {
    id: num(r.id),
    username: String(r.username),
    nickname: String(r.nickname ?? ''),
    email: String(r.email ?? ''),
    mobile: String(r.mobile ?? ''),
    group: { id: num(r.group_id), name: String(r.group_name ?? '') },
    status: String(r.status),
    money: fenToYuan(num(r.money)),
    score: num(r.score),
    last_login_time: numOrNull(r.last_login_time),
    join_time: num(r.join_time),
  };
}

const NO_END = 253_402_300_799;

function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** One page of members, newest first; keyword matches username, nickname, e-mail, mobile or id. */
export async function listMembers(db: Db, q: MemberListQuery, timeZone: string): Promise<{ list: MemberView[]; total: number }> {
  const sql = db.sql;
  let where = sql`1 = 1`;
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const asId = /^\d{1,9}$/.test(q.keyword) ? Number(q.keyword) : -1;
    where = sql`${where} AND (u.username LIKE ${like} ESCAPE '\\' OR u.nickname LIKE ${like} ESCAPE '\\'
      OR u.email LIKE ${like} ESCAPE '\\' OR u.mobile LIKE ${like} ESCAPE '\\' OR u.id = ${asId})`;
  }
  if (q.group_id !== '') where = sql`${where} AND u.group_id = ${q.group_id}`;
  if (q.status) where = sql`${where} AND u.status = ${q.status}`;
  if (q.start || q.end) {
    const from = q.start ? dayStart(q.start, timeZone) : 0;
    const to = q.end ? dayStart(nextDay(q.end), timeZone) : NO_END;
    where = sql`${where} AND u.join_time >= ${from} AND u.join_time < ${to}`;
  }
  const [agg] = await sql`SELECT COUNT(*) AS n FROM "user" u WHERE ${where}`;
  const total = num(agg.n);
  if (!total) return { list: [], total };
  // The page's ids first (an index walk even for a deep page), then only those rows and groups.
  const rows = await sql`SELECT u.id, u.username, u.nickname, u.email, u.mobile, u.group_id, g.name AS group_name, u.status,
      u.money, u.score, u.last_login_time, u.join_time
    FROM (SELECT u.id FROM "user" u WHERE ${where} ORDER BY u.join_time DESC, u.id DESC
      LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}) p
    JOIN "user" u ON u.id = p.id LEFT JOIN user_group g ON g.id = u.group_id
    ORDER BY u.join_time DESC, u.id DESC`;
  return { list: rows.map(view), total };
}

async function memberRow(sql: SQL, id: number): Promise<Row | null> {
  const [r] = await sql`SELECT u.*, g.name AS group_name FROM "user" u LEFT JOIN user_group g ON g.id = u.group_id WHERE u.id = ${id}`;
  return r ?? null;
}

/** A member, their live sessions, latest ledger entries and the audit entries about them; unknown → 404. */
export async function memberDetail(db: Db, id: number, locale: Locale = 'zh-cn') {
  const r = await memberRow(db.sql, id);
  if (!r) throw notFound();
  const entry = (e: Row, money: boolean) => {
    const show = (n: unknown) => (money ? fenToYuan(num(n)) : num(n));
    return {
      id: num(e.id),
      amount: show(e.amount),
      before: show(e.before),
      after: show(e.after),
      kind: String(e.kind),
      memo: describeEntry(locale, { memo: String(e.memo ?? ''), params: JSON.parse(String(e.params ?? '{}')) }),
      created_at: num(e.created_at),
    };
  };
  const [sessions, money, score, auditPage] = await Promise.all([
    listSessions(db, id, null),
    db.sql`SELECT * FROM user_money_log WHERE user_id = ${id} ORDER BY created_at DESC, id DESC LIMIT 10`,
    db.sql`SELECT * FROM user_score_log WHERE user_id = ${id} ORDER BY created_at DESC, id DESC LIMIT 10`,
    searchAudit(db, { targetType: 'member', targetId: String(id), page: 1, limit: 20 }),
  ]);
  return {
    member: {
      ...view(r),
      gender: num(r.gender),
      motto: String(r.motto ?? ''),
      parent_id: numOrNull(r.parent_id),
      last_login_ip: String(r.last_login_ip ?? ''),
    },
    sessions: sessions.map((s) => ({
      id: s.id,
      kind: s.kind,
      created_at: s.createdAt,
      last_used_at: s.lastUsedAt,
      expires_at: s.expiresAt,
      ip: s.ip,
      user_agent: s.userAgent,
    })),
    money_log: (money as Row[]).map((e) => entry(e, true)),
    score_log: (score as Row[]).map((e) => entry(e, false)),
    audit: auditPage.list,
  };
}

async function revokeAll(tx: SQL, userId: number): Promise<number> {
  const rows = await tx`UPDATE token SET revoked_at = ${nowSeconds()} WHERE user_id = ${userId} AND revoked_at IS NULL RETURNING id`;
  return rows.length;
}

/**
 * Enable or disable a member. Disabling revokes every token of theirs in the same transaction, so
 * their next request (on any instance) answers 401001. An operator never disables itself, and
 * the last member who can reach the console stays enabled (409).
 */
export async function setMemberStatus(
  db: Db,
  actor: Actor,
  input: { id: number; status: 'enable' | 'disable'; reason: string },
): Promise<{ member: MemberView; revoked: number }> {
  if (input.id === actor.userId && input.status === 'disable') throw conflict('operator.lockout.self');
  return db.sql.begin(async (tx) => {
    const before = await memberRow(tx, input.id);
    if (!before) throw notFound();
    await tx`UPDATE "user" SET status = ${input.status}, updated_at = ${nowSeconds()} WHERE id = ${input.id}`;
    const revoked = input.status === 'disable' ? await revokeAll(tx, input.id) : 0;
    if (input.status === 'disable') await assertConsoleReachable(tx);
    await writeAudit(tx, {
      userId: actor.userId,
      action: `operator.member.${input.status}`,
      targetType: 'member',
      targetId: input.id,
      before: { status: String(before.status) },
      after: { status: input.status },
      reason: input.reason,
      detail: { revoked },
      ip: actor.ip,
    });
    const after = (await memberRow(tx, input.id)) as Row;
    return { member: view(after), revoked };
  }) as Promise<{ member: MemberView; revoked: number }>;
}

/** Move a member to an enabled site group (else 400 group_id). Never the operator's own group (409). */
export async function setMemberGroup(db: Db, actor: Actor, input: { id: number; group_id: number }): Promise<{ member: MemberView }> {
  if (input.id === actor.userId) throw conflict('operator.lockout.ownGroup');
  return db.sql.begin(async (tx) => {
    const before = await memberRow(tx, input.id);
    if (!before) throw notFound();
    const [g] = await tx`SELECT id, name FROM user_group WHERE id = ${input.group_id} AND status = 1 AND owner_id IS NULL`;
    if (!g) throw invalid('group_id', 'operator.groupInvalid');
    await tx`UPDATE "user" SET group_id = ${input.group_id}, updated_at = ${nowSeconds()} WHERE id = ${input.id}`;
    await assertConsoleReachable(tx);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'operator.member.group',
      targetType: 'member',
      targetId: input.id,
      before: { group_id: num(before.group_id), group: String(before.group_name ?? '') },
      after: { group_id: num(g.id), group: String(g.name) },
      ip: actor.ip,
    });
    return { member: view((await memberRow(tx, input.id)) as Row) };
  }) as Promise<{ member: MemberView }>;
}

/** End every session of a member (their next request answers 401001). */
export async function revokeMemberSessions(db: Db, actor: Actor, id: number): Promise<{ revoked: number }> {
  return db.sql.begin(async (tx) => {
    if (!(await memberRow(tx, id))) throw notFound();
    const revoked = await revokeAll(tx, id);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'operator.member.revokeSessions',
      targetType: 'member',
      targetId: id,
      detail: { revoked },
      ip: actor.ip,
    });
    return { revoked };
  }) as Promise<{ revoked: number }>;
}

export interface AdjustView {
  entry: { id: number; amount: string | number; before: string | number; after: string | number; memo: string };
  replayed: boolean;
}

function adjustView(kind: 'money' | 'score', e: LedgerEntry, replayed: boolean): AdjustView {
  const show = (n: number) => (kind === 'money' ? fenToYuan(n) : n);
  return { entry: { id: e.id, amount: show(e.amount), before: show(e.before), after: show(e.after), memo: e.memo }, replayed };
}

/**
 * Adjust a member's balance or points through the ledger (kind `adjust`, memo = reason), audited
 * in the same transaction. Idempotent by request_id: the same id and body answer the first entry
 * (`replayed`), the same id with another body 409. Never below zero: 400 `amount` with `{available}`.
 */
export async function adjustMember(db: Db, actor: Actor, input: AdjustInput): Promise<AdjustView> {
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([input.id, input.kind, input.units, input.reason]))
    .digest('hex');
  const ledger = input.kind;
  return db.sql.begin(async (tx) => {
    // Write first: the key row takes the write lock (SQLite) or waits for a racing twin (PostgreSQL).
    const claimed = await tx`INSERT INTO operator_request (request_id, fingerprint, created_at)
      VALUES (${input.request_id}, ${fingerprint}, ${nowSeconds()}) ON CONFLICT (request_id) DO NOTHING RETURNING request_id`;
    if (!claimed.length) {
      const [prior] = await tx`SELECT fingerprint, ledger, entry_id FROM operator_request WHERE request_id = ${input.request_id}`;
      if (!prior || String(prior.fingerprint) !== fingerprint || String(prior.ledger) !== ledger) {
        throw conflict('operator.adjust.requestReused');
      }
      const table = ledger === 'money' ? 'user_money_log' : 'user_score_log';
      const [e] = await tx`SELECT * FROM ${tx(table)} WHERE id = ${num(prior.entry_id)}`;
      const entry: LedgerEntry = {
        id: num(e.id),
        userId: num(e.user_id),
        amount: num(e.amount),
        before: num(e.before),
        after: num(e.after),
        kind: 'adjust',
        memo: String(e.memo ?? ''),
        params: JSON.parse(String(e.params ?? '{}')),
        reference: String(e.reference ?? ''),
        requestId: String(e.request_id ?? ''),
        createdAt: num(e.created_at),
      };
      return adjustView(ledger, entry, true);
    }
    const [u] = await tx`SELECT money, score FROM "user" WHERE id = ${input.id}`;
    if (!u) throw notFound();
    const available = num(ledger === 'money' ? u.money : u.score);
    const tooLow = () =>
      invalid('amount', 'operator.adjust.belowZero', { available: ledger === 'money' ? fenToYuan(available) : available });
    if (available + input.units < 0) throw tooLow();
    let result: Awaited<ReturnType<typeof changeLedger>>;
    try {
      result = await changeLedger(tx, ledger, {
        userId: input.id,
        amount: input.units,
        kind: 'adjust',
        memo: input.reason,
        reference: `operator:${actor.userId}`,
        requestId: `op-${input.request_id}`,
      });
    } catch (err) {
      if (isDomainError(err) && err.status === 409) throw tooLow();
      throw err;
    }
    await tx`UPDATE operator_request SET ledger = ${ledger}, entry_id = ${result.entry.id} WHERE request_id = ${input.request_id}`;
    const show = (n: number) => (ledger === 'money' ? fenToYuan(n) : n);
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'operator.member.adjust',
      targetType: 'member',
      targetId: input.id,
      before: { [ledger]: show(result.entry.before) },
      after: { [ledger]: show(result.entry.after) },
      reason: input.reason,
      detail: { request_id: input.request_id, kind: ledger, amount: show(result.entry.amount), entry_id: result.entry.id },
      ip: actor.ip,
    });
    return adjustView(ledger, result.entry, false);
  }) as Promise<AdjustView>;
}
