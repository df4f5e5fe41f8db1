/**
 * The overview's facts: balance and points, the previous login (not the one of this session),
 * which contacts are filled in, and the daily net change of both ledgers for the last 7 or 30 days.
 */
import { zonedParts } from '~/lib/format';
import { fenToYuan } from '~/lib/money';
import { type Db, num, numOrNull } from '~/server/db/client';
import { dayStart } from '../ledger';

export interface DailyChanges {
  /** `YYYY-MM-DD`, oldest first, ending today in the given time zone. */
  days: string[];
  /** Net balance change per day, integer fen. */
  money: number[];
  /** Net points change per day. */
  score: number[];
}

export interface Overview extends DailyChanges {
  money_balance: number;
  score_balance: number;
  prevLoginTime: number | null;
  prevLoginIp: string;
  emailFilled: boolean;
  mobileFilled: boolean;
}

/** The `n` days ending today in `timeZone`, oldest first. */
export function lastDays(n: number, timeZone: string, nowMs = Date.now()): string[] {
  const p = zonedParts(nowMs, timeZone);
  const today = Date.UTC(+p.YYYY, +p.MM - 1, +p.DD);
  return Array.from({ length: n }, (_, i) => new Date(today - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

async function sumsByDay(
  db: Db,
  table: 'user_money_log' | 'user_score_log',
  userId: number,
  starts: number[],
  end: number,
): Promise<number[]> {
  const out = starts.map(() => 0);
  // The (user_id, created_at, amount) index answers this without touching the table.
  const rows = await db.sql`SELECT created_at, amount FROM ${db.sql(table)}
    WHERE user_id = ${userId} AND created_at >= ${starts[0]} AND created_at < ${end}`;
  for (const r of rows) {
    const at = num(r.created_at);
    let i = starts.length - 1;
    while (i > 0 && at < starts[i]) i--;
    out[i] += num(r.amount);
  }
  return out;
}

/** Daily net changes of both ledgers over the last `n` days (day boundaries in `timeZone`). */
export async function dailyChanges(db: Db, userId: number, n: number, timeZone: string, nowMs = Date.now()): Promise<DailyChanges> {
  const days = lastDays(n + 1, timeZone, nowMs);
  const bounds = days.map((d) => dayStart(d, timeZone));
  // `days` holds one day more than shown: tomorrow's midnight is the end of the range.
  const tomorrow = new Date(Date.parse(`${days.at(-1)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const end = dayStart(tomorrow, timeZone);
  const starts = bounds.slice(1);
  const [money, score] = await Promise.all([
    sumsByDay(db, 'user_money_log', userId, starts, end),
    sumsByDay(db, 'user_score_log', userId, starts, end),
  ]);
  return { days: days.slice(1), money, score };
}

/** Everything the overview shows, for one member. */
export async function loadOverview(db: Db, userId: number, n: 7 | 30, timeZone: string): Promise<Overview> {
  const [u] = await db.sql`SELECT money, score, email, mobile, prev_login_time, prev_login_ip FROM "user" WHERE id = ${userId}`;
  const changes = await dailyChanges(db, userId, n, timeZone);
  return {
    ...changes,
    money_balance: num(u?.money),
    score_balance: num(u?.score),
    prevLoginTime: numOrNull(u?.prev_login_time),
    prevLoginIp: String(u?.prev_login_ip ?? ''),
    emailFilled: !!u?.email,
    mobileFilled: !!u?.mobile,
  };
}

/** The overview as the API answers it (money as yuan strings). */
export function viewOverview(o: Overview) {
  return {
    days: o.days,
    money: o.money.map(fenToYuan),
    score: o.score,
    balance: fenToYuan(o.money_balance),
    points: o.score_balance,
    last_login_time: o.prevLoginTime,
    last_login_ip: o.prevLoginIp,
    email_filled: o.emailFilled,
    mobile_filled: o.mobileFilled,
  };
}
