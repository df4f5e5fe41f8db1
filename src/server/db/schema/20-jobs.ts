import type { Migration } from './migration';

/**
 * Migrations of the scheduler (issue #30, item 2). Version 20 is reserved for it.
 *
 * `job_lease`: one row per scheduled job. An instance runs a job only after claiming its row with
 * one conditional UPDATE (due, and nobody holds an unexpired lease), so a cluster of N instances
 * runs each job once per period; a crashed holder's lease runs out and another instance takes the
 * job. `holder` is the instance running it now (NULL between runs), `last_holder` the last one
 * that ran it; times are Unix seconds. Not member data: no page-cache trigger.
 *
 * `policy_order.underwrite_after`: when the automatic (sandbox) insurer answers an order handed to
 * it at payment — a due row for the `insurer-answers` job instead of an in-process timer. NULL for
 * orders nobody handed over (the demo's waiting orders, manual mode): operators decide those.
 * (Endorsements have had `decide_after` since migration 16.) The row's page-cache trigger covers it.
 */
export const jobMigrations: Migration[] = [
  {
    version: 20,
    name: 'scheduler: job leases (one run per job and period across instances); due time of sandbox underwriting',
    up: [
      `CREATE TABLE job_lease (
        name TEXT PRIMARY KEY,
        holder TEXT NULL,
        lease_until BIGINT NULL,
        next_run_at BIGINT NOT NULL,
        every_seconds INTEGER NOT NULL DEFAULT 0,
        last_holder TEXT NULL,
        last_started_at BIGINT NULL,
        last_finished_at BIGINT NULL,
        last_error TEXT NULL,
        runs INTEGER NOT NULL DEFAULT 0,
        failures INTEGER NOT NULL DEFAULT 0
      )`,
      `ALTER TABLE policy_order ADD COLUMN underwrite_after BIGINT NULL`,
      `CREATE INDEX policy_order_underwrite_after ON policy_order (underwrite_after)`,
    ],
  },
];
