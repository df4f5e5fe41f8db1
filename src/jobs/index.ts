/**
 * The portal's scheduled jobs: ONE list, started by `scripts/start.ts` on every instance (the
 * scheduler in `src/server/jobs` makes each run once per cluster through `job_lease`). This is a
 * composition root like src/demo: it sits above the features, so core never imports an area.
 *
 * A new job: define it here (or export its definition from its area's `index.ts`) and add it to
 * PORTAL_JOBS. Jobs sweep due rows, so a run that is repeated or skipped loses nothing.
 */
import { baseEndorseContext, rosterReminderJob, runDueSandbox } from '~/features/endorse';
import { expireDue, processUnderwritingQueue } from '~/features/orders';
import { noticeRetriesJob } from '~/features/notifications';
import { renewalReminderJob } from '~/features/renewals';
import { runwayAlertJob } from '~/features/runway';
import { drainJobs } from '~/features/sealing';
import { getStorage } from '~/features/upload';
import type { Db } from '~/server/db/client';
import { defineJob, type JobDefinition, type Scheduler, type SchedulerOptions, startScheduler } from '~/server/jobs';

/**
 * The sandbox insurer's delayed answers: orders in underwriting whose delay has passed (paid_at +
 * `underwriteDelaySeconds`) and submitted endorsements whose `decide_after` has passed. Every
 * second, so an answer arrives at most about a second after its delay, on whichever instance.
 */
export const insurerAnswersJob = defineJob({
  name: 'insurer-answers',
  everySeconds: 1,
  leaseSeconds: 60,
  run: async (db) => {
    await processUnderwritingQueue(db);
    await runDueSandbox(db, baseEndorseContext());
  },
});

/**
 * Seal jobs left silent by a crashed instance (a running job without a heartbeat for 60 s) are
 * taken over; queued ones are started. Requests start the runner at once; this is the safety net.
 */
export const sealingSweepJob = defineJob({
  name: 'sealing-sweep',
  everySeconds: 30,
  leaseSeconds: 120,
  run: (db) => drainJobs(db, getStorage()),
});

/** Policies in force whose last day has passed are written `expired` (lists already show them so by date). */
export const expirePoliciesJob = defineJob({
  name: 'expire-policies',
  everySeconds: 3600,
  leaseSeconds: 300,
  run: (db) => expireDue(db),
});

/** Every scheduled job of the portal. */
export const PORTAL_JOBS: JobDefinition[] = [
  insurerAnswersJob,
  sealingSweepJob,
  expirePoliciesJob,
  // E-mail/SMS copies of notices that failed (backoff 1 min … 2 h) or were written outside inTransaction.
  defineJob({ ...noticeRetriesJob, leaseSeconds: 120 }),
  // Reminders 30/14/3 days (operator settings) before a policy ends; once per (policy, day).
  defineJob({ ...renewalReminderJob, leaseSeconds: 300 }),
  // A balance runway under `runwayAlertDays` (default 14): once per crossing per account (runway_alert).
  defineJob({ ...runwayAlertJob, leaseSeconds: 300 }),
  // The monthly staff-list reminder to members who asked for it; once per (member, month).
  defineJob({ ...rosterReminderJob, leaseSeconds: 300 }),
];

/** Start this instance's scheduler with every portal job (scripts/start.ts). */
export function startPortalJobs(db: Db, options: SchedulerOptions = {}): Scheduler {
  return startScheduler(db, PORTAL_JOBS, options);
}
