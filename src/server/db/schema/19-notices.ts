import type { Migration } from './migration';
import { type OwnedTable, postgresTriggers, sqliteTriggers } from './17-page-cache';

/**
 * Migrations of the notification service (issue #30, item 1). Version 19 is reserved for it.
 *
 * - `notice_delivery`: one row per copy of a notification sent outside the portal (channel `email`
 *   or `sms`), written in the transaction that wrote the notification. `status` pending → sent, or
 *   failed: with `next_attempt_at` set it is retried then (backoff), with it NULL the service gave
 *   up. `attempts` counts tries; `address` is where the last try went; `last_error` why it failed.
 * - `notice_preference`: a member's choice per preference group (kinds.ts): e-mail copies (default
 *   on) and SMS copies (default off). No row = the defaults. Mandatory kinds ignore it.
 *
 * The profile page shows the preferences, so a change moves the member's page-cache version.
 */

const OWNED: OwnedTable = { table: 'notice_preference', owners: ['r.user_id'] };

const COMMON = [
  `CREATE TABLE notice_delivery (
    id {{id}},
    notification_id INTEGER NOT NULL REFERENCES notification (id),
    user_id INTEGER NOT NULL,
    channel TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    address TEXT NOT NULL DEFAULT '',
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT NOT NULL DEFAULT '',
    next_attempt_at BIGINT NULL,
    sent_at BIGINT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
  )`,
  `CREATE INDEX notice_delivery_due ON notice_delivery (next_attempt_at)`,
  `CREATE INDEX notice_delivery_notification ON notice_delivery (notification_id)`,
  `CREATE INDEX notice_delivery_user ON notice_delivery (user_id, id)`,
  `CREATE TABLE notice_preference (
    user_id INTEGER NOT NULL,
    notice_group TEXT NOT NULL,
    email INTEGER NOT NULL DEFAULT 1,
    sms INTEGER NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, notice_group)
  )`,
];

export const noticeMigrations: Migration[] = [
  {
    version: 19,
    name: 'notices: delivery records of e-mail and SMS copies (retries with backoff), preferences per group',
    sqlite: [...COMMON, ...sqliteTriggers(OWNED)],
    postgres: [...COMMON, ...postgresTriggers(OWNED)],
  },
];
