import type { Migration } from './migration';

/**
 * Migrations of the operator console area. Version 12 is reserved for it (operator console: config versions, audit columns (#14)):
 * one migration, edited freely until it ships; later changes take the next free number.
 */
export const operatorMigrations: Migration[] = [
  {
    version: 12,
    name: 'operator console: config versions (site, rules, groups) and audit targets',
    up: [
      // One row per cached configuration. A change bumps its row in the change's own transaction;
      // every instance reads the rows once per request (primary key) and reloads what moved.
      `CREATE TABLE config_version (
        name TEXT PRIMARY KEY,
        version BIGINT NOT NULL DEFAULT 0
      )`,
      `INSERT INTO config_version (name, version) VALUES ('site', 1), ('rules', 1), ('groups', 1)`,
      `ALTER TABLE audit_log ADD COLUMN target_type TEXT NOT NULL DEFAULT ''`,
      `ALTER TABLE audit_log ADD COLUMN target_id TEXT NOT NULL DEFAULT ''`,
      `CREATE INDEX audit_log_target ON audit_log (target_type, target_id, created_at)`,
      `CREATE INDEX audit_log_created ON audit_log (created_at)`,
      // Idempotency keys of operator writes (balance adjustments): the first body's fingerprint
      // and the entry it made; a replay answers that entry, another body with the key 409.
      `CREATE TABLE operator_request (
        request_id TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        ledger TEXT NOT NULL DEFAULT '',
        entry_id BIGINT,
        created_at BIGINT NOT NULL
      )`,
      // Member list: newest first (the page's ids come from the index alone), and the group and
      // status filters in the same order.
      `CREATE INDEX user_join ON "user" (join_time, id)`,
      `CREATE INDEX user_group_join ON "user" (group_id, join_time, id)`,
      `CREATE INDEX user_status_join ON "user" (status, join_time, id)`,
    ],
  },
];
