/**
 * The schema's history, as data: every migration, oldest first. Never edit one that has shipped:
 * append a new one. The runner is ./migrations.ts.
 *
 * Each business area owns one file in ./schema (its version numbers are reserved there, so areas
 * built side by side never collide): 09 account, 10 uploads, 11 orders, 12 operator, 13 team,
 * 14 sealing, 15 claims, 16 endorsements and invoices, 17 the page cache, 18 the premium account;
 * reserved for issue #30: 19 notice deliveries and preferences, 20 scheduled jobs, 21 renewals,
 * 22 proof-of-cover certificates; issue #31: 23 plan rules, 24 roster reconciliation, 25 the balance
 * runway alert, 26 view as member; issue #32: 27 the notices' date index.
 */
import type { Migration } from './schema/migration';
import { accountMigrations } from './schema/09-account';
import { uploadMigrations } from './schema/10-uploads';
import { orderMigrations } from './schema/11-orders';
import { operatorMigrations } from './schema/12-operator';
import { teamMigrations } from './schema/13-team';
import { sealingMigrations } from './schema/14-sealing';
import { claimMigrations } from './schema/15-claims';
import { endorseMigrations } from './schema/16-endorse';
import { premiumAccountMigrations } from './schema/18-premium-account';
import { noticeMigrations } from './schema/19-notices';
import { pageCacheMigrations } from './schema/17-page-cache';
import { coverMigrations } from './schema/22-cover';
import { renewalMigrations } from './schema/21-renewals';
import { jobMigrations } from './schema/20-jobs';
import { viewAsMigrations } from './schema/26-view-as';
import { runwayMigrations } from './schema/25-runway';
import { rosterReconcileMigrations } from './schema/24-roster-reconcile';
import { planRuleMigrations } from './schema/23-plan-rules';
import { notificationOrderMigrations } from './schema/27-notification-order';

export type { Migration };

/**
 * Version 5's ledger table and its indexes: the balance (money) and points (score) logs have one
 * shape. The statements are exactly those version 5 shipped with.
 */
function ledgerLog(table: 'user_money_log' | 'user_score_log'): string[] {
  return [
    `CREATE TABLE ${table} (
        id {{id}},
        user_id INTEGER NOT NULL REFERENCES "user" (id),
        amount BIGINT NOT NULL,
        before BIGINT NOT NULL,
        after BIGINT NOT NULL,
        kind TEXT NOT NULL,
        memo TEXT NOT NULL DEFAULT '',
        reference TEXT NOT NULL DEFAULT '',
        request_id TEXT,
        created_at BIGINT NOT NULL
      )`,
    `CREATE INDEX ${table}_user ON ${table} (user_id, created_at, id)`,
    `CREATE UNIQUE INDEX ${table}_request ON ${table} (user_id, request_id)`,
  ];
}

/** The foundation's migrations (1–8); business areas keep theirs in ./schema/NN-<area>.ts. */
const FOUNDATION: Migration[] = [
  {
    version: 1,
    name: 'foundation: site config, groups, rules, users, tokens, audit log',
    up: [
      `CREATE TABLE site_config (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at BIGINT NOT NULL DEFAULT 0
      )`,
      `CREATE TABLE user_group (
        id {{id}},
        name TEXT NOT NULL,
        rules TEXT NOT NULL DEFAULT '',
        status INTEGER NOT NULL DEFAULT 1,
        created_at BIGINT NOT NULL DEFAULT 0,
        updated_at BIGINT NOT NULL DEFAULT 0
      )`,
      `CREATE TABLE user_rule (
        id {{id}},
        pid INTEGER NOT NULL DEFAULT 0,
        type TEXT NOT NULL DEFAULT 'menu',
        title TEXT NOT NULL,
        title_en TEXT NOT NULL DEFAULT '',
        name TEXT NOT NULL,
        path TEXT NOT NULL DEFAULT '',
        icon TEXT NOT NULL DEFAULT '',
        menu_type TEXT NOT NULL DEFAULT 'tab',
        url TEXT NOT NULL DEFAULT '',
        extend TEXT NOT NULL DEFAULT 'none',
        no_login_valid INTEGER NOT NULL DEFAULT 0,
        weigh INTEGER NOT NULL DEFAULT 0,
        status INTEGER NOT NULL DEFAULT 1,
        remark TEXT NOT NULL DEFAULT '',
        created_at BIGINT NOT NULL DEFAULT 0,
        updated_at BIGINT NOT NULL DEFAULT 0
      )`,
      `CREATE UNIQUE INDEX user_rule_name ON user_rule (name)`,
      `CREATE INDEX user_rule_pid ON user_rule (pid)`,
      `CREATE TABLE "user" (
        id {{id}},
        group_id INTEGER NOT NULL REFERENCES user_group (id),
        username TEXT NOT NULL UNIQUE,
        nickname TEXT NOT NULL DEFAULT '',
        email TEXT UNIQUE,
        mobile TEXT UNIQUE,
        avatar TEXT NOT NULL DEFAULT '',
        gender INTEGER NOT NULL DEFAULT 0,
        birthday TEXT,
        money BIGINT NOT NULL DEFAULT 0,
        score INTEGER NOT NULL DEFAULT 0,
        password_hash TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'enable',
        login_failure INTEGER NOT NULL DEFAULT 0,
        last_failure_time BIGINT,
        last_login_time BIGINT,
        last_login_ip TEXT NOT NULL DEFAULT '',
        join_time BIGINT NOT NULL DEFAULT 0,
        join_ip TEXT NOT NULL DEFAULT '',
        motto TEXT NOT NULL DEFAULT '',
        created_at BIGINT NOT NULL DEFAULT 0,
        updated_at BIGINT NOT NULL DEFAULT 0
      )`,
      `CREATE TABLE token (
        id {{id}},
        token_hash TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL,
        user_id INTEGER NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        last_used_at BIGINT,
        ip TEXT NOT NULL DEFAULT '',
        user_agent TEXT NOT NULL DEFAULT '',
        revoked_at BIGINT
      )`,
      `CREATE INDEX token_user ON token (user_id, type)`,
      `CREATE INDEX token_expires ON token (expires_at)`,
      `CREATE TABLE audit_log (
        id {{id}},
        user_id INTEGER,
        action TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '{}',
        ip TEXT NOT NULL DEFAULT '',
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX audit_log_user ON audit_log (user_id, created_at)`,
      `CREATE INDEX audit_log_action ON audit_log (action, created_at)`,
    ],
  },
  {
    version: 2,
    name: 'reference data: built-in group codes and the ledger of synced rule names',
    up: [
      `ALTER TABLE user_group ADD COLUMN code TEXT`,
      `CREATE UNIQUE INDEX user_group_code ON user_group (code)`,
      // Every reference rule name the sync has written: one that is gone from user_rule was
      // deleted by an operator and is not brought back.
      `CREATE TABLE reference_rule (
        name TEXT PRIMARY KEY,
        synced_at BIGINT NOT NULL
      )`,
    ],
  },
  {
    version: 3,
    name: 'click captcha: what is needed to check an answer, never sent to the client',
    up: [
      // `answer`: JSON {w, h, boxes: [[cx, cy, half], …]} in click order. One row per issued image;
      // re-issuing an id replaces its row; a consumed, expired or worn-out row is deleted.
      `CREATE TABLE captcha (
        id TEXT PRIMARY KEY,
        answer TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        ip TEXT NOT NULL DEFAULT '',
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      `CREATE INDEX captcha_expires ON captcha (expires_at)`,
    ],
  },
  {
    version: 4,
    name: 'identity: rate-limit counters and e-mail/SMS verification codes',
    up: [
      // One row per limited key and window; hits are counted with an atomic upsert.
      `CREATE TABLE rate_counter (
        key TEXT NOT NULL,
        window_start BIGINT NOT NULL,
        count INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (key, window_start)
      )`,
      `CREATE INDEX rate_counter_window ON rate_counter (window_start)`,
      `CREATE TABLE verification_code (
        id {{id}},
        channel TEXT NOT NULL,
        address TEXT NOT NULL,
        event TEXT NOT NULL,
        code_hash TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        consumed_at BIGINT,
        attempts INTEGER NOT NULL DEFAULT 0,
        ip TEXT NOT NULL DEFAULT ''
      )`,
      `CREATE INDEX verification_code_target ON verification_code (address, event, created_at)`,
    ],
  },
  {
    version: 5,
    name: 'ledger: append-only balance (money) and points (score) logs',
    up: [
      // Append-only: one row per change of user.money (user.score), written in the same transaction as the change.
      ...ledgerLog('user_money_log'),
      ...ledgerLog('user_score_log'),
    ],
  },
  {
    version: 6,
    name: 'uploads: attachments, one row per sha1 + topic',
    up: [
      `CREATE TABLE attachment (
        id {{id}},
        user_id INTEGER NOT NULL REFERENCES "user" (id),
        topic TEXT NOT NULL,
        name TEXT NOT NULL,
        mime TEXT NOT NULL,
        size BIGINT NOT NULL,
        sha1 TEXT NOT NULL,
        storage TEXT NOT NULL DEFAULT 'local',
        path TEXT NOT NULL,
        width INTEGER NOT NULL DEFAULT 0,
        height INTEGER NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL
      )`,
      // The same bytes in the same topic are stored once, even when two uploads race.
      `CREATE UNIQUE INDEX attachment_sha1_topic ON attachment (sha1, topic)`,
      `CREATE UNIQUE INDEX attachment_path ON attachment (path)`,
      `CREATE INDEX attachment_user ON attachment (user_id, created_at)`,
    ],
  },
  {
    version: 7,
    name: 'ledger: covering indexes for totals by day range and by kind',
    up: [
      `CREATE INDEX user_money_log_range ON user_money_log (user_id, created_at, amount)`,
      `CREATE INDEX user_money_log_kind ON user_money_log (user_id, kind, created_at, amount)`,
      `CREATE INDEX user_score_log_range ON user_score_log (user_id, created_at, amount)`,
      `CREATE INDEX user_score_log_kind ON user_score_log (user_id, kind, created_at, amount)`,
    ],
  },
  {
    version: 8,
    name: 'team: sub-accounts (user.parent_id) and their private groups (user_group.owner_id)',
    up: [
      `ALTER TABLE "user" ADD COLUMN parent_id INTEGER NULL`,
      `CREATE INDEX user_parent ON "user" (parent_id)`,
      `ALTER TABLE user_group ADD COLUMN owner_id INTEGER NULL`,
    ],
  },
];

/** Every migration, oldest first. Never edit one that has shipped: add a new one. */
export const migrations: Migration[] = [
  ...FOUNDATION,
  ...accountMigrations,
  ...uploadMigrations,
  ...orderMigrations,
  ...operatorMigrations,
  ...teamMigrations,
  ...sealingMigrations,
  ...claimMigrations,
  ...endorseMigrations,
  ...pageCacheMigrations,
  ...premiumAccountMigrations,
  ...coverMigrations,
  ...renewalMigrations,
  ...jobMigrations,
  ...noticeMigrations,
  ...viewAsMigrations,
  ...runwayMigrations,
  ...rosterReconcileMigrations,
  ...planRuleMigrations,
  ...notificationOrderMigrations,
].sort((a, b) => a.version - b.version);
