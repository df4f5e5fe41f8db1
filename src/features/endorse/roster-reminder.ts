/**
 * The monthly staff-list reminder (issue #31, item 3): a `roster_reminder` notice, once a month, to
 * each member who asked for it (the opt-in switch on the profile page; off by default) and holds an
 * effective named-list policy (their own or their team's), linking to the reconciliation page.
 * The `roster_reminder` row (member, month) is the claim, written in the same transaction as the
 * notice, so two instances or a restarted job send it once. E-mail/SMS copies follow the member's
 * endorsements group preferences, after the commit.
 */
import { todayIn } from '~/features/orders';
import { notify } from '~/features/notifications';
import { inTransaction } from '~/server/db/after-commit';
import { type Db, num } from '~/server/db/client';
import { visibleUserIds } from '~/server/members';
import { getSiteConfig } from '~/server/site-config';
import { ordersPort } from './roster';

/** Policy numbers named in one notice; more are counted, not listed. */
const NAMED = 5;

const toMs = (now: number | Date | undefined): number =>
  now === undefined ? Date.now() : now instanceof Date ? now.getTime() : now > 1e11 ? now : now * 1000;

/** Send this month's reminders not sent yet (`now`: Unix seconds, milliseconds or a Date; default now). */
export async function sendRosterReminders(db: Db, now?: number | Date): Promise<{ sent: number; users: number[] }> {
  const nowMs = toMs(now);
  const at = Math.floor(nowMs / 1000);
  const { site } = await getSiteConfig(db);
  const month = todayIn(site.timezone, nowMs).slice(0, 7);
  const { sql } = db;
  const due = await sql`SELECT o.user_id FROM notice_opt_in o JOIN "user" u ON u.id = o.user_id
    WHERE o.kind = 'roster_reminder' AND o.enabled = 1 AND u.status = 'enable'
      AND NOT EXISTS (SELECT 1 FROM roster_reminder r WHERE r.user_id = o.user_id AND r.month = ${month})
    ORDER BY o.user_id`;
  const run = { sent: 0, users: [] as number[] };
  for (const r of due) {
    const userId = num(r.user_id);
    const policies = await ordersPort.eligiblePolicies(sql, await visibleUserIds(db, userId));
    if (!policies.length) continue; // nothing to reconcile this month (yet)
    const nos = policies.map((p) => p.policyNo);
    const params = {
      count: policies.length,
      policies: nos.length > NAMED ? `${nos.slice(0, NAMED).join(', ')} …` : nos.join(', '),
    };
    const link = policies.length === 1 ? `/user/endorse/reconcile?order=${policies[0].id}` : '/user/endorse/reconcile';
    const sent = await inTransaction(db, async (tx) => {
      const [claimed] = await tx`INSERT INTO roster_reminder (user_id, month, policies, sent_at)
        VALUES (${userId}, ${month}, ${policies.length}, ${at})
        ON CONFLICT (user_id, month) DO NOTHING RETURNING user_id`;
      if (!claimed) return false;
      const id = await notify(tx, { userId, kind: 'roster_reminder', params, link, at });
      await tx`UPDATE roster_reminder SET notification_id = ${id} WHERE user_id = ${userId} AND month = ${month}`;
      return true;
    });
    if (!sent) continue;
    run.sent++;
    run.users.push(userId);
  }
  return run;
}

/** The scheduler's job (src/jobs runs it once per cluster each hour; a month's reminder goes out on its first run). */
export const rosterReminderJob = {
  name: 'roster-reminders',
  everySeconds: 3600,
  run: (db: Db, now?: number | Date) => sendRosterReminders(db, now),
} as const;
