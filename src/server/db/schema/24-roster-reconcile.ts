import type { Migration } from './migration';
import { type OwnedTable, postgresTriggers, sqliteTriggers } from './17-page-cache';

/**
 * Migrations of the roster reconciliation's monthly reminder (issue #31, item 3). Version 24 is
 * reserved for it.
 *
 * - `notice_opt_in`: a member's yes to a notice kind that is off until asked for (`optIn` in the
 *   notifications registry, kinds.ts): one row per (member, kind); no row means off. The profile
 *   page shows it, so a change moves the member's page-cache version.
 * - `roster_reminder`: one row per (member, month `YYYY-MM` in the site's time zone) a reminder went
 *   to. The primary key is the claim: the row and the notice are written in one transaction, so a
 *   second sender (another instance, a restarted job) finds the month taken and sends nothing.
 *   Members never see it (no trigger: the notice written beside it moves the member's version).
 */

const OWNED: OwnedTable = { table: 'notice_opt_in', owners: ['r.user_id'] };

const COMMON = [
  `CREATE TABLE notice_opt_in (
    user_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind)
  )`,
  `CREATE INDEX notice_opt_in_kind ON notice_opt_in (kind, enabled)`,
  `CREATE TABLE roster_reminder (
    user_id INTEGER NOT NULL,
    month TEXT NOT NULL,
    policies INTEGER NOT NULL DEFAULT 0,
    notification_id INTEGER NULL,
    sent_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, month)
  )`,
];

export const rosterReconcileMigrations: Migration[] = [
  {
    version: 24,
    name: 'roster reconcile: notice_opt_in (opt-in notice kinds), roster_reminder (one row per member and month)',
    sqlite: [...COMMON, ...sqliteTriggers(OWNED)],
    postgres: [...COMMON, ...postgresTriggers(OWNED)],
  },
];
