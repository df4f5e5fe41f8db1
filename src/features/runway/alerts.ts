/**
 * The runway alert (issue #31, item 5): a `balance_runway` notice when an account's runway falls
 * under the operator's threshold (`runwayAlertDays`, default 14) — once per crossing. The
 * `runway_alert` row (migration 25) is the claim: the notice is written in the transaction whose
 * conditional UPDATE turned `low` from 0 to 1, so two instances (or a run after a restart) send
 * it once; the row turns back to 0 when the runway has recovered (at or above the threshold, or no
 * figure because nobody is covered), so the next fall notifies again.
 *
 * Who hears: a main account of its company's runway (its balance and its sub-accounts' over all
 * their people); a sub-account of its own, and its main account too (the one who allocates).
 * Params are values (the account's name, days, balance in fen, threshold), rendered when read.
 */
import type { SQL } from 'bun';
import { todayIn } from '~/features/orders';
import { MESSAGE_PARAM, notify } from '~/features/notifications';
import { inTransaction } from '~/server/db/after-commit';
import { type Db, num } from '~/server/db/client';
import { getSiteConfig } from '~/server/site-config';
import { type AccountRunway, allRunways, runwayThreshold } from './queries';
import { isLow, type Runway } from './runway';

export type RunwayScope = 'company' | 'account';

export interface RunwayAlertRun {
  /** Notices written by this call. */
  sent: number;
  /** `user_id:scope` of every runway that crossed under the threshold in this call. */
  crossed: string[];
  /** How many runways were found recovered (reset, so a next fall notifies). */
  recovered: number;
}

const toMs = (now: number | Date | undefined): number =>
  now === undefined ? Date.now() : now instanceof Date ? now.getTime() : now > 1e11 ? now : now * 1000;

const nameOf = (a: AccountRunway) => a.nickname || a.username;

interface Target {
  userId: number;
  scope: RunwayScope;
  runway: Runway;
  /** The notices to write when it crosses. */
  notices: { userId: number; link: string }[];
  account: string;
}

/** Claim the crossing and write its notices, in one transaction; false when another run claimed it first. */
async function claim(db: Db, t: Target, threshold: number, at: number): Promise<boolean> {
  const days = t.runway.days;
  return inTransaction(db, async (tx: SQL) => {
    await tx`INSERT INTO runway_alert (user_id, scope, low, days, changed_at) VALUES (${t.userId}, ${t.scope}, 0, ${days}, ${at})
      ON CONFLICT (user_id, scope) DO NOTHING`;
    const [won] = await tx`UPDATE runway_alert SET low = 1, days = ${days}, changed_at = ${at}
      WHERE user_id = ${t.userId} AND scope = ${t.scope} AND low = 0 RETURNING user_id`;
    if (!won) return false;
    const params = {
      scope: `${MESSAGE_PARAM}runway.scope.${t.scope}`,
      account: t.account,
      days: days ?? 0,
      balance: t.runway.balance,
      threshold,
    };
    let first: number | null = null;
    for (const n of t.notices) {
      const id = await notify(tx, { userId: n.userId, kind: 'balance_runway', params, link: n.link, at });
      first ??= id;
    }
    await tx`UPDATE runway_alert SET notification_id = ${first} WHERE user_id = ${t.userId} AND scope = ${t.scope}`;
    return true;
  });
}

/**
 * Look at every runway on `now`'s site day (Unix seconds, milliseconds or a Date; default now)
 * and notify the ones that crossed under the threshold since the last look. Safe to run from
 * several instances at once and as often as wanted.
 */
export async function sendRunwayAlerts(db: Db, now?: number | Date): Promise<RunwayAlertRun> {
  const nowMs = toMs(now);
  const at = Math.floor(nowMs / 1000);
  const { site } = await getSiteConfig(db);
  const today = todayIn(site.timezone, nowMs);
  const [threshold, teams] = await Promise.all([runwayThreshold(db), allRunways(db, today)]);
  const targets: Target[] = [];
  for (const { main, company, subs } of teams) {
    targets.push({
      userId: main.id,
      scope: 'company',
      runway: company,
      account: nameOf(main),
      notices: [{ userId: main.id, link: subs.length ? '/user/team/allocation' : '/user/account/balance' }],
    });
    for (const sub of subs) {
      targets.push({
        userId: sub.id,
        scope: 'account',
        runway: sub,
        account: sub.username,
        notices: [
          ...(sub.enabled ? [{ userId: sub.id, link: '/user/account/overview' }] : []),
          { userId: main.id, link: `/user/team/allocation?sub=${sub.id}` },
        ],
      });
    }
  }
  const run: RunwayAlertRun = { sent: 0, crossed: [], recovered: 0 };
  const lowNow = new Set<string>();
  for (const t of targets) {
    if (!isLow(t.runway, threshold)) continue;
    lowNow.add(`${t.userId}:${t.scope}`);
    if (await claim(db, t, threshold, at)) {
      run.sent += t.notices.length;
      run.crossed.push(`${t.userId}:${t.scope}`);
    }
  }
  // Every runway marked low that is not low now has recovered (or has no figure any more).
  const marked = await db.sql`SELECT user_id, scope FROM runway_alert WHERE low = 1`;
  const days = new Map(targets.map((t) => [`${t.userId}:${t.scope}`, t.runway.days]));
  for (const r of marked) {
    const key = `${num(r.user_id)}:${String(r.scope)}`;
    if (lowNow.has(key)) continue;
    const reset = await db.sql`UPDATE runway_alert SET low = 0, days = ${days.get(key) ?? null}, changed_at = ${at}
      WHERE user_id = ${num(r.user_id)} AND scope = ${String(r.scope)} AND low = 1 RETURNING user_id`;
    run.recovered += reset.length;
  }
  return run;
}

/** The scheduler's job (src/jobs runs it once per cluster a day; a missed or repeated run loses nothing). */
export const runwayAlertJob = {
  name: 'runway-alerts',
  everySeconds: 86_400,
  run: (db: Db, now?: number | Date) => sendRunwayAlerts(db, now),
} as const;
