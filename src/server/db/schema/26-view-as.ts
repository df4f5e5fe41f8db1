import type { Migration } from './migration';

/**
 * Migrations of "view as member" (issue #31 item 6, decision 0016). Version 26 is reserved for it.
 *
 * `view_as_session`: one operator's read-only look at one member's centre. The raw token lives
 * only in the operator's HttpOnly `ba-view-as` cookie; the row keeps its SHA-256 like `token` does.
 * `operator_token_id` binds it to the operator's own login (a view never outlives it);
 * `expires_at` is 30 minutes after `started_at`; `ended_at` and `end_reason` ('ended', 'expired',
 * 'replaced') say how it ended; `pages` is the JSON list of the member pages seen (deduplicated,
 * capped). The rule `operator/viewAs` itself arrives through the reference sync at start (it is in
 * the rule tree), granted to the operator group like every new operator rule.
 *
 * No page-cache trigger: members never see this table (the operators' audit log reads it, and
 * that page is never cached).
 */
const TABLE = `CREATE TABLE view_as_session (
  id {{id}},
  token_hash TEXT NOT NULL,
  operator_id INTEGER NOT NULL,
  operator_token_id INTEGER NOT NULL,
  member_id INTEGER NOT NULL,
  started_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  ended_at BIGINT NULL,
  end_reason TEXT NOT NULL DEFAULT '',
  pages TEXT NOT NULL DEFAULT '[]',
  ip TEXT NOT NULL DEFAULT ''
)`;

export const viewAsMigrations: Migration[] = [
  {
    version: 26,
    name: 'view as member: read-only operator sessions (hashed token, operator, member, start/end, pages seen)',
    up: [
      TABLE,
      `CREATE UNIQUE INDEX view_as_session_token ON view_as_session (token_hash)`,
      `CREATE INDEX view_as_session_operator ON view_as_session (operator_token_id, ended_at)`,
      `CREATE INDEX view_as_session_member ON view_as_session (member_id, started_at)`,
    ],
  },
];
