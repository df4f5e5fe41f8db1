/**
 * Balance runway, the reads: who is covered today and by whose balance, for one member's view (a
 * fixed three queries however many sub-accounts: the accounts, the stretches, the threshold) and
 * for the whole site (the alert job).
 */
import type { SQL } from 'bun';
import { siteToday } from '~/features/orders';
import { type Db, num, numOrNull } from '~/server/db/client';
import { visibleUserIds } from '~/server/members';
import { companyRunway, type CoverStretch, coverByAccount, type Runway, runwayOf } from './runway';

/** The site_config key of the operator's threshold (whole days). */
export const RUNWAY_DAYS_KEY = 'runwayAlertDays';
export const DEFAULT_RUNWAY_DAYS = 14;

const sqlOf = (db: Db | SQL): SQL => ('sql' in db ? db.sql : db);

/** The alert threshold in days (1–365; anything else falls back to 14). */
export async function runwayThreshold(db: Db | SQL): Promise<number> {
  const [r] = await sqlOf(db)`SELECT value FROM site_config WHERE key = ${RUNWAY_DAYS_KEY}`;
  let v: unknown = null;
  try {
    v = r ? JSON.parse(String(r.value)) : null;
  } catch {
    v = null;
  }
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 365 ? n : DEFAULT_RUNWAY_DAYS;
}

/**
 * Paid cover active on `today`: one stretch per named insured row (its premium over its own active
 * days), and one per headcount policy (its premium over its period, `insured_count` people). Only
 * policies in force (effective, `today` within the period). The account is the policy's payer (the
 * balance that bought it). `accounts`: only policies placed or paid by these members; none → all.
 */
export async function coverToday(db: Db | SQL, today: string, accounts?: readonly number[]): Promise<CoverStretch[]> {
  const sql = sqlOf(db);
  if (accounts && !accounts.length) return [];
  const mine = accounts ? sql`AND (o.user_id IN ${sql([...accounts])} OR o.payer_id IN ${sql([...accounts])})` : sql``;
  const rows =
    await sql`SELECT COALESCE(o.payer_id, o.user_id) AS account_id, i.premium, i.active_from AS from_day, i.active_to AS to_day, 1 AS people
      FROM policy_order o JOIN order_insured i ON i.order_id = o.id
      WHERE o.status = 'effective' AND o.named_list = 1 AND o.start_date <= ${today} AND o.end_date >= ${today}
        AND i.active_from <= ${today} AND i.active_to >= ${today} ${mine}
    UNION ALL
    SELECT COALESCE(o.payer_id, o.user_id) AS account_id, o.premium, o.start_date AS from_day, o.end_date AS to_day, o.insured_count AS people
      FROM policy_order o
      WHERE o.status = 'effective' AND o.named_list = 0 AND o.start_date <= ${today} AND o.end_date >= ${today} ${mine}`;
  const keep = accounts ? new Set(accounts) : null;
  return rows
    .map((r: Record<string, unknown>) => ({
      accountId: num(r.account_id),
      premium: num(r.premium),
      from: String(r.from_day),
      to: String(r.to_day),
      people: num(r.people),
    }))
    .filter((s: CoverStretch) => !keep || keep.has(s.accountId));
}

/** One account's runway with who it is. */
export interface AccountRunway extends Runway {
  id: number;
  username: string;
  nickname: string;
  /** The main account of a team (or a member without one); false for a sub-account. */
  main: boolean;
  enabled: boolean;
}

/** What a member sees: their headline figure and, for a main account, every account of the team. */
export interface RunwayView {
  today: string;
  threshold: number;
  /** `company`: the headline is the main account's and all its sub-accounts' together; `account`: a sub-account's own. */
  scope: 'company' | 'account';
  headline: Runway;
  /** The main account first, then its sub-accounts by id (a sub-account: itself only). */
  accounts: AccountRunway[];
}

type UserRow = Record<string, unknown>;

function accountRunway(u: UserRow, cover: ReturnType<typeof coverByAccount>): AccountRunway {
  const id = num(u.id);
  return {
    ...runwayOf(num(u.money), cover.get(id)),
    id,
    username: String(u.username),
    nickname: String(u.nickname ?? ''),
    main: numOrNull(u.parent_id) === null,
    enabled: String(u.status) === 'enable',
  };
}

/** The runway a member sees (a main account: the company's and each account's; a sub-account: its own). */
export async function loadRunway(db: Db, userId: number, today?: string): Promise<RunwayView> {
  const ids = await visibleUserIds(db, userId);
  const day = today ?? (await siteToday(db));
  const [users, stretches, threshold] = await Promise.all([
    db.sql`SELECT id, username, nickname, money, parent_id, status FROM "user" WHERE id IN ${db.sql(ids)}`,
    coverToday(db, day, ids),
    runwayThreshold(db),
  ]);
  const cover = coverByAccount(stretches);
  const order = new Map(ids.map((id, i) => [id, i]));
  const accounts = users
    .map((u: UserRow) => accountRunway(u, cover))
    .sort((a: AccountRunway, b: AccountRunway) => order.get(a.id)! - order.get(b.id)!);
  const sub = accounts.length === 1 && !accounts[0].main;
  return {
    today: day,
    threshold,
    scope: sub ? 'account' : 'company',
    headline: sub ? accounts[0] : companyRunway(accounts),
    accounts,
  };
}

/** Every team's (and lone member's) runways on `today`, for the alert job: main accounts with their sub-accounts. */
export async function allRunways(db: Db | SQL, today: string): Promise<{ main: AccountRunway; company: Runway; subs: AccountRunway[] }[]> {
  const sql = sqlOf(db);
  const stretches = await coverToday(sql, today);
  if (!stretches.length) return [];
  const payers = [...new Set(stretches.map((s) => s.accountId))];
  // The payers' main accounts, then every account of those teams (two queries for the whole site).
  const heads = await sql`SELECT DISTINCT COALESCE(parent_id, id) AS main_id FROM "user" WHERE id IN ${sql(payers)}`;
  const mains = heads.map((r: UserRow) => num(r.main_id));
  const users = await sql`SELECT id, username, nickname, money, parent_id, status FROM "user"
    WHERE id IN ${sql(mains)} OR parent_id IN ${sql(mains)} ORDER BY id`;
  const cover = coverByAccount(stretches);
  const all: AccountRunway[] = users.map((u: UserRow) => accountRunway(u, cover));
  const parentOf = new Map(users.map((u: UserRow) => [num(u.id), numOrNull(u.parent_id)]));
  return mains.flatMap((mainId: number) => {
    const main = all.find((a) => a.id === mainId);
    if (!main) return [];
    const subs = all.filter((a) => parentOf.get(a.id) === mainId);
    return [{ main, company: companyRunway([main, ...subs]), subs }];
  });
}
