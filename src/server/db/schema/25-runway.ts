import type { Migration } from './migration';

/**
 * Migrations of the balance runway alert (issue #31, item 5). Version 25 is reserved for it.
 *
 * `runway_alert`: one row per (account, scope) whose runway the alert job has looked at; `low` is 1
 * while the runway is under the operator's threshold and a `balance_runway` notice went out for
 * this crossing. The job flips `low` from 0 to 1 with one conditional UPDATE in the transaction
 * that writes the notice, so a second instance (or a run after a restart) finds it already 1 and
 * sends nothing; it flips back to 0 when the runway has recovered, so the next fall notifies again.
 * scope: `company` (a main account: its balance and its sub-accounts' over all their people) or
 * `account` (a sub-account's own). Members never see the row (no page-cache trigger: the notice
 * written beside it moves the member's version).
 */
export const runwayMigrations: Migration[] = [
  {
    version: 25,
    name: 'runway: runway_alert (one row per account and scope, low while under the threshold)',
    up: [
      `CREATE TABLE runway_alert (
        user_id INTEGER NOT NULL,
        scope TEXT NOT NULL,
        low INTEGER NOT NULL DEFAULT 0,
        days INTEGER NULL,
        notification_id INTEGER NULL,
        changed_at BIGINT NOT NULL DEFAULT 0,
        PRIMARY KEY (user_id, scope)
      )`,
    ],
  },
];
