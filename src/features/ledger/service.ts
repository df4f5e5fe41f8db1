import type { SQL } from 'bun';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { zonedParts } from '~/lib/format';
import { fenToYuan } from '~/lib/money';
import type { Locale } from '~/lib/types';
import { describeEntry, visibleReference } from './describe';
import { LEDGER_KINDS, type LedgerKind, type LedgerQuery } from './schemas';

/** The two append-only ledgers: balance (user.money, integer fen) and points (user.score). */
export type Ledger = 'money' | 'score';

export interface LedgerChange {
  userId: number;
  /** Integer (fen for money, points for score), positive or negative, never 0. */
  amount: number;
  kind: LedgerKind;
  /** A free note (an operator's reason, a member's own words); never the text of the entry itself. */
  memo?: string;
  /** What the entry is about, as data: a topic `t` and its values; rendered in the reader's language. */
  params?: LedgerParams;
  /** What caused it (an order number, a top-up id, …). */
  reference?: string;
  /** Idempotency key, unique per member: a repeated one returns the first entry and changes nothing. */
  requestId?: string;
  /** Entry time in Unix seconds; default now. Only for demo data and imports (entries stay in order). */
  at?: number;
}

export interface LedgerEntry {
  id: number;
  userId: number;
  amount: number;
  before: number;
  after: number;
  kind: LedgerKind;
  memo: string;
  params: LedgerParams;
  reference: string;
  requestId: string | null;
  createdAt: number;
}

/** The topic of an entry and its values (plan names in both languages, numbers, an account). */
export type LedgerParams = Readonly<Record<string, string | number>>;

function parseParams(text: unknown): LedgerParams {
  try {
    const v = JSON.parse(String(text ?? '{}'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as LedgerParams) : {};
  } catch {
    return {};
  }
}

export interface ChangeResult {
  entry: LedgerEntry;
  /** True when the request id was seen before: nothing changed, `entry` is the first one. */
  replayed: boolean;
}

type Row = Record<string, unknown>;

export function toEntry(r: Row): LedgerEntry {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    amount: num(r.amount),
    before: num(r.before),
    after: num(r.after),
    kind: r.kind as LedgerKind,
    memo: String(r.memo ?? ''),
    params: parseParams(r.params),
    reference: String(r.reference ?? ''),
    requestId: r.request_id == null ? null : String(r.request_id),
    createdAt: num(r.created_at),
  };
}

/** Table and column of a ledger: fixed strings, never input. */
export const LEDGER_TABLE: Record<Ledger, string> = { money: 'user_money_log', score: 'user_score_log' };

function check(input: LedgerChange): void {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) {
    throw new DomainError('ledger.amountInvalid', { status: 400, code: Codes.VALIDATION, field: 'amount' });
  }
  if (!(LEDGER_KINDS as readonly string[]).includes(input.kind)) {
    throw new DomainError('ledger.kindInvalid', { status: 400, code: Codes.VALIDATION, field: 'kind' });
  }
}

async function bump(tx: SQL, ledger: Ledger, userId: number, amount: number): Promise<number | null> {
  // Write first: the UPDATE takes SQLite's write lock / PostgreSQL's row lock, so writers serialize
  // and `after` is the value this transaction made. The WHERE keeps the balance at or above zero.
  const rows: Row[] =
    ledger === 'money'
      ? await tx`UPDATE "user" SET money = money + ${amount} WHERE id = ${userId} AND money + ${amount} >= 0 RETURNING money AS after`
      : await tx`UPDATE "user" SET score = score + ${amount} WHERE id = ${userId} AND score + ${amount} >= 0 RETURNING score AS after`;
  return rows.length ? num(rows[0].after) : null;
}

async function findByRequest(tx: SQL, ledger: Ledger, userId: number, requestId: string): Promise<LedgerEntry | null> {
  const rows: Row[] = await tx`SELECT * FROM ${tx(LEDGER_TABLE[ledger])} WHERE user_id = ${userId} AND request_id = ${requestId}`;
  return rows.length ? toEntry(rows[0]) : null;
}

async function apply(tx: SQL, ledger: Ledger, input: LedgerChange): Promise<ChangeResult> {
  const { userId, amount } = input;
  const requestId = input.requestId || null;
  const after = await bump(tx, ledger, userId, amount);
  if (after === null) {
    if (requestId) {
      const first = await findByRequest(tx, ledger, userId, requestId);
      if (first) return { entry: first, replayed: true };
    }
    const [user] = await tx`SELECT id FROM "user" WHERE id = ${userId}`;
    if (!user) throw new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });
    throw new DomainError(ledger === 'money' ? 'ledger.insufficientBalance' : 'ledger.insufficientPoints', {
      status: 409,
      code: Codes.CONFLICT,
    });
  }
  if (requestId) {
    const first = await findByRequest(tx, ledger, userId, requestId);
    if (first) {
      await bump(tx, ledger, userId, -amount); // undo inside the same transaction: nobody saw it
      return { entry: first, replayed: true };
    }
  }
  const [row] = await tx`INSERT INTO ${tx(LEDGER_TABLE[ledger])} ${tx({
    user_id: userId,
    amount,
    before: after - amount,
    after,
    kind: input.kind,
    memo: input.memo ?? '',
    params: JSON.stringify(input.params ?? (input.memo ? { note: input.memo } : {})),
    reference: input.reference ?? '',
    request_id: requestId,
    created_at: input.at ?? nowSeconds(),
  })} RETURNING *`;
  return { entry: toEntry(row), replayed: false };
}

function isDb(target: Db | SQL): target is Db {
  return typeof (target as Db).dialect === 'string' && 'sql' in target;
}

/**
 * Change a ledger and append its entry in one transaction (or inside the caller's transaction when
 * given one). Refuses with 409 when the result would be below zero; nothing is written then.
 */
export async function changeLedger(target: Db | SQL, ledger: Ledger, input: LedgerChange): Promise<ChangeResult> {
  check(input);
  if (!isDb(target)) return apply(target, ledger, input);
  return (await target.sql.begin((tx) => apply(tx, ledger, input))) as ChangeResult;
}

/** Change a member's balance (integer fen). */
export const changeBalance = (target: Db | SQL, input: LedgerChange) => changeLedger(target, 'money', input);
/** Change a member's points. */
export const changeScore = (target: Db | SQL, input: LedgerChange) => changeLedger(target, 'score', input);

/** Unix seconds of 00:00 on a `YYYY-MM-DD` day in a time zone (DST-safe: corrected twice). */
export function dayStart(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(guess, timeZone);
    const seen = Date.UTC(+p.YYYY, +p.MM - 1, +p.DD, +p.HH, +p.mm, +p.ss);
    guess = guess - (seen - wall);
  }
  return Math.floor(guess / 1000);
}

/** The day after a `YYYY-MM-DD` day. */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

export interface LedgerPage {
  list: LedgerEntry[];
  /** Entries matching the filters. */
  total: number;
  /** Sum of the amounts matching the filters. */
  sum: number;
}

const NO_END = 253_402_300_799; // 9999-12-31

/**
 * One member's entries, newest first, filtered by kind and an inclusive day range in the site's
 * time zone. Only ever the given member's rows.
 */
export async function listLedger(db: Db, ledger: Ledger, userId: number, q: LedgerQuery, timeZone: string): Promise<LedgerPage> {
  const from = q.start ? dayStart(q.start, timeZone) : 0;
  const to = q.end ? dayStart(nextDay(q.end), timeZone) : NO_END;
  const kind = q.kind ?? '';
  const table = db.sql(LEDGER_TABLE[ledger]);
  // A kind filter only when given, so the (user_id, kind, created_at, amount) index can answer it.
  const where = kind
    ? db.sql`user_id = ${userId} AND kind = ${kind} AND created_at >= ${from} AND created_at < ${to}`
    : db.sql`user_id = ${userId} AND created_at >= ${from} AND created_at < ${to}`;
  let total: number;
  let sum: number;
  if (!q.start && !q.end && !kind) {
    // Whole history: the sum is the balance itself (the ledger's invariant), and COUNT reads only the index.
    const [agg] = await db.sql`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ${userId}`;
    const [u] = await db.sql`SELECT money, score FROM "user" WHERE id = ${userId}`;
    total = num(agg.n);
    sum = u ? num(u[ledger]) : 0;
  } else {
    const [agg] = await db.sql`SELECT COUNT(*) AS n, COALESCE(SUM(amount), 0) AS s FROM ${table} WHERE ${where}`;
    total = num(agg.n);
    sum = num(agg.s);
  }
  if (total === 0) return { list: [], total, sum: 0 };
  const offset = (q.page - 1) * q.limit;
  const rows: Row[] =
    await db.sql`SELECT * FROM ${table} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${q.limit} OFFSET ${offset}`;
  return { list: rows.map(toEntry), total, sum };
}

/** An entry as the API answers it: money as yuan strings ('12.50'), points as integers. */
export interface LedgerItemView {
  id: number;
  amount: string | number;
  before: string | number;
  after: string | number;
  kind: LedgerKind;
  /** The entry in the request's language. */
  memo: string;
  params: LedgerParams;
  reference: string;
  created_at: number;
}

export function viewLedgerPage(
  ledger: Ledger,
  page: LedgerPage,
  locale: Locale,
): { list: LedgerItemView[]; total: number; sum: string | number } {
  const show = (n: number) => (ledger === 'money' ? fenToYuan(n) : n);
  return {
    list: page.list.map((e) => ({
      id: e.id,
      amount: show(e.amount),
      before: show(e.before),
      after: show(e.after),
      kind: e.kind,
      memo: describeEntry(locale, e),
      params: e.params,
      reference: visibleReference(e.reference),
      created_at: e.createdAt,
    })),
    total: page.total,
    sum: show(page.sum),
  };
}
