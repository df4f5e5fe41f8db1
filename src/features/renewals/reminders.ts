/**
 * Cover-ending reminders (issue #30): a `cover_ending` notice to the policy's member when a policy
 * in force comes within the configured days of its end (default 30, 14 and 3; the operator setting
 * `renewalReminderDays`). Each (policy, threshold) goes out once: the `renewal_reminder` row is the
 * claim, written in the same transaction as the notice, so two instances (or two runs) racing send
 * it once. A policy already renewed (its renewal order paid) gets none. E-mail/SMS copies go out after
 * the transaction commits (the notifications area's deliveries).
 */
import { addDays, daysBetween, todayIn } from '~/features/orders';
import { notify } from '~/features/notifications';
import { inTransaction } from '~/server/db/after-commit';
import { type Db, num } from '~/server/db/client';
import { getSiteConfig } from '~/server/site-config';
import { RENEWED_STATES } from './quote';

/** Days before the end a reminder goes out, when the operator set none. */
export const DEFAULT_REMINDER_DAYS: readonly number[] = [30, 14, 3];
/** The site_config key of the operator's setting (a list of day counts). */
export const REMINDER_DAYS_KEY = 'renewalReminderDays';

/** The configured thresholds, largest first (whole days 1–60; anything else falls back to the default). */
export async function reminderDays(db: Db): Promise<number[]> {
  const [r] = await db.sql`SELECT value FROM site_config WHERE key = ${REMINDER_DAYS_KEY}`;
  let list: unknown = null;
  try {
    list = r ? JSON.parse(String(r.value)) : null;
  } catch {
    list = null;
  }
  const days = Array.isArray(list) ? [...new Set(list.map(Number).filter((n) => Number.isInteger(n) && n >= 1 && n <= 60))] : [];
  return (days.length ? days : [...DEFAULT_REMINDER_DAYS]).sort((a, b) => b - a);
}

/** The threshold a policy `left` days from its end is in: the smallest configured one ≥ left. */
export function thresholdFor(days: readonly number[], left: number): number | null {
  const fit = days.filter((d) => d >= left);
  return left < 0 || !fit.length ? null : Math.min(...fit);
}

const toMs = (now: number | Date | undefined): number =>
  now === undefined ? Date.now() : now instanceof Date ? now.getTime() : now > 1e11 ? now : now * 1000;

export interface ReminderRun {
  /** Notices written by this call. */
  sent: number;
  /** The policies they went to. */
  orders: number[];
}

/**
 * Send the reminders that are due at `now` (Unix seconds, milliseconds or a Date; default now).
 * Safe to run from several instances at once and as often as wanted.
 */
export async function sendCoverEndingReminders(db: Db, now?: number | Date): Promise<ReminderRun> {
  const nowMs = toMs(now);
  const at = Math.floor(nowMs / 1000);
  const { site } = await getSiteConfig(db);
  const today = todayIn(site.timezone, nowMs);
  const days = await reminderDays(db);
  const horizon = addDays(today, Math.max(...days));
  const { sql } = db;
  const due = await sql`SELECT o.id, o.user_id, o.order_no, o.policy_no, o.plan_name, o.plan_name_en, o.end_date
    FROM policy_order o
    WHERE o.status = 'effective' AND o.start_date <= ${today} AND o.end_date >= ${today} AND o.end_date <= ${horizon}
      AND NOT EXISTS (SELECT 1 FROM policy_order n WHERE n.renewal_of = o.id AND n.status IN ${sql([...RENEWED_STATES])})
    ORDER BY o.end_date, o.id`;
  const run: ReminderRun = { sent: 0, orders: [] };
  for (const r of due) {
    const endDate = String(r.end_date);
    const left = daysBetween(today, endDate);
    const threshold = thresholdFor(days, left);
    if (threshold === null) continue;
    const orderId = num(r.id);
    const userId = num(r.user_id);
    const params = {
      no: String(r.policy_no ?? r.order_no),
      plan: String(r.plan_name),
      plan_en: String(r.plan_name_en || r.plan_name),
      date: endDate,
      days: left,
    };
    const link = `/user/renewal?id=${orderId}`;
    // inTransaction: the notice's e-mail/SMS copies go out once this transaction commits.
    const sent = await inTransaction(db, async (tx) => {
      // The claim: only the transaction whose insert lands sends the notice.
      const [claimed] = await tx`INSERT INTO renewal_reminder (order_id, days, user_id, end_date, days_left, sent_at)
        VALUES (${orderId}, ${threshold}, ${userId}, ${endDate}, ${left}, ${at})
        ON CONFLICT (order_id, days) DO NOTHING RETURNING order_id`;
      if (!claimed) return false;
      const id = await notify(tx, { userId, kind: 'cover_ending', params, link, at });
      await tx`UPDATE renewal_reminder SET notification_id = ${id} WHERE order_id = ${orderId} AND days = ${threshold}`;
      return true;
    });
    if (!sent) continue;
    run.sent++;
    run.orders.push(orderId);
  }
  return run;
}

/** The scheduler's job (the jobs area runs it once per cluster each hour). */
export const renewalReminderJob = {
  name: 'renewal-reminders',
  everySeconds: 3600,
  run: (db: Db, now?: number | Date) => sendCoverEndingReminders(db, now),
} as const;
