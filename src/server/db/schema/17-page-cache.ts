import type { Migration } from './migration';

/**
 * Migrations of the page cache (issue #15, docs/decisions/0009-member-page-cache.md). Version 17
 * is reserved for it.
 *
 * A member's cached pages stay valid while `member_data_version` for that member does not move.
 * The database moves it: a trigger on every table whose rows a member's pages show bumps the
 * owner's version (and the team owner's, who sees a sub-account's rows) in the writing
 * transaction itself, so no write path can forget it and every instance on the database sees the
 * change on its next request. Product and plan changes bump the `catalogue` config version.
 *
 * Not covered, on purpose (pages that show them must not use the page cache): `token` (sessions;
 * last_used_at moves every minute), audit_log, captcha, verification_code, rate_counter,
 * operator_request and the counters.
 */

/** A table a member's pages show, and how to find the owning member(s) of one of its rows. */
export interface OwnedTable {
  table: string;
  /** Owner expressions over the row alias `r` (NEW / OLD row), e.g. `r.user_id`. */
  owners: string[];
}

const via = (parent: string, key: string) => `(SELECT p.user_id FROM ${parent} p WHERE p.id = r.${key})`;

/** Exported for the tests, which write each table through the domain and expect a bump. */
export const OWNED_TABLES: OwnedTable[] = [
  { table: '"user"', owners: ['r.id'] },
  { table: 'member_locale', owners: ['r.user_id'] },
  { table: 'account_verification', owners: ['r.user_id'] },
  { table: 'notification', owners: ['r.user_id'] },
  { table: 'user_money_log', owners: ['r.user_id'] },
  { table: 'user_score_log', owners: ['r.user_id'] },
  { table: 'topup', owners: ['r.user_id'] },
  { table: 'attachment', owners: ['r.user_id'] },
  { table: 'user_group', owners: ['r.owner_id'] },
  { table: 'team_transfer', owners: ['r.owner_id', 'r.sub_id'] },
  { table: 'policy_order', owners: ['r.user_id', 'r.payer_id'] },
  { table: 'order_insured', owners: [via('policy_order', 'order_id')] },
  { table: 'order_timeline', owners: [via('policy_order', 'order_id')] },
  { table: 'claim', owners: ['r.user_id'] },
  { table: 'claim_document', owners: ['r.user_id'] },
  { table: 'claim_event', owners: [via('claim', 'claim_id')] },
  { table: 'endorsement', owners: ['r.user_id'] },
  { table: 'endorsement_item', owners: [via('endorsement', 'endorsement_id')] },
  { table: 'endorsement_document', owners: [via('endorsement', 'endorsement_id')] },
  { table: 'endorsement_event', owners: [via('endorsement', 'endorsement_id')] },
  { table: 'invoice', owners: ['r.user_id'] },
  { table: 'invoice_item', owners: [via('invoice', 'invoice_id')] },
  { table: 'invoice_event', owners: [via('invoice', 'invoice_id')] },
  { table: 'seal', owners: ['r.user_id'] },
  { table: 'seal_job', owners: ['r.user_id'] },
  { table: 'sealed_file', owners: ['r.user_id'] },
];

const CATALOGUE_TABLES = ['product', 'product_plan'];

const bare = (table: string) => table.replaceAll('"', '');

/** One statement that bumps the team owner (first: one lock order for all writers) and the member. */
function sqliteBump(owner: string): string[] {
  return [
    `INSERT INTO member_data_version (user_id, version)
      SELECT u.parent_id, 1 FROM "user" u WHERE u.id = ${owner} AND u.parent_id > 0
      ON CONFLICT (user_id) DO UPDATE SET version = version + 1;`,
    `INSERT INTO member_data_version (user_id, version)
      SELECT u.id, 1 FROM "user" u WHERE u.id = ${owner}
      ON CONFLICT (user_id) DO UPDATE SET version = version + 1;`,
  ];
}

export function sqliteTriggers({ table, owners }: OwnedTable): string[] {
  const body = (alias: 'NEW' | 'OLD') => owners.flatMap((o) => sqliteBump(o.replaceAll('r.', `${alias}.`))).join('\n');
  const name = `mdv_${bare(table)}`;
  return [
    `CREATE TRIGGER ${name}_ins AFTER INSERT ON ${table} FOR EACH ROW BEGIN\n${body('NEW')}\nEND`,
    `CREATE TRIGGER ${name}_upd AFTER UPDATE ON ${table} FOR EACH ROW BEGIN\n${body('NEW')}\n${body('OLD')}\nEND`,
    `CREATE TRIGGER ${name}_del AFTER DELETE ON ${table} FOR EACH ROW BEGIN\n${body('OLD')}\nEND`,
  ];
}

/**
 * PostgreSQL: statement-level triggers over transition tables, so a 10 000-row insert bumps each
 * owner once instead of 10 000 times; owners in id order, team owner before member.
 */
export function postgresTriggers({ table, owners }: OwnedTable): string[] {
  const name = `mdv_${bare(table)}`;
  const ownersOf = (rows: string) => owners.map((o) => `SELECT ${o} AS uid FROM ${rows} r`).join(' UNION ');
  const fn = (suffix: string, sources: string[]) =>
    `CREATE FUNCTION ${name}_${suffix}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM bump_member_version(s.uid)
          FROM (SELECT DISTINCT uid FROM (${sources.map(ownersOf).join(' UNION ')}) o WHERE uid IS NOT NULL ORDER BY uid) s;
        RETURN NULL;
      END $$`;
  return [
    fn('ins', ['new_rows']),
    fn('upd', ['new_rows', 'old_rows']),
    fn('del', ['old_rows']),
    `CREATE TRIGGER ${name}_ins AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${name}_ins()`,
    `CREATE TRIGGER ${name}_upd AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${name}_upd()`,
    `CREATE TRIGGER ${name}_del AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${name}_del()`,
  ];
}

const VERSION_TABLE = `CREATE TABLE member_data_version (
  user_id INTEGER PRIMARY KEY,
  version BIGINT NOT NULL DEFAULT 0
)`;

const CATALOGUE_ROW = `INSERT INTO config_version (name, version) VALUES ('catalogue', 1) ON CONFLICT (name) DO NOTHING`;

export const pageCacheMigrations: Migration[] = [
  {
    version: 17,
    name: 'page cache: member data versions kept by triggers, catalogue config version',
    sqlite: [
      VERSION_TABLE,
      CATALOGUE_ROW,
      ...OWNED_TABLES.flatMap(sqliteTriggers),
      ...CATALOGUE_TABLES.flatMap((t) =>
        ['INSERT', 'UPDATE', 'DELETE'].map(
          (op) => `CREATE TRIGGER cv_${t}_${op.toLowerCase()} AFTER ${op} ON ${t} FOR EACH ROW BEGIN
            UPDATE config_version SET version = version + 1 WHERE name = 'catalogue';
          END`,
        ),
      ),
    ],
    postgres: [
      VERSION_TABLE,
      CATALOGUE_ROW,
      `CREATE FUNCTION bump_member_version(uid BIGINT) RETURNS void LANGUAGE plpgsql AS $$
        DECLARE owner_id BIGINT;
        BEGIN
          SELECT parent_id INTO owner_id FROM "user" WHERE id = uid;
          IF NOT FOUND THEN RETURN; END IF;
          IF owner_id > 0 THEN
            INSERT INTO member_data_version (user_id, version) VALUES (owner_id, 1)
              ON CONFLICT (user_id) DO UPDATE SET version = member_data_version.version + 1;
          END IF;
          INSERT INTO member_data_version (user_id, version) VALUES (uid, 1)
            ON CONFLICT (user_id) DO UPDATE SET version = member_data_version.version + 1;
        END $$`,
      ...OWNED_TABLES.flatMap(postgresTriggers),
      `CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE config_version SET version = version + 1 WHERE name = 'catalogue';
          RETURN NULL;
        END $$`,
      ...CATALOGUE_TABLES.map(
        (t) => `CREATE TRIGGER cv_${t} AFTER INSERT OR UPDATE OR DELETE ON ${t}
          FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`,
      ),
    ],
  },
];
