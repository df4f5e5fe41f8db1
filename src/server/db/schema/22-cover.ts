import { postgresTriggers, sqliteTriggers } from './17-page-cache';
import type { Migration } from './migration';

/**
 * Migrations of proof of cover (在保证明, issue #30 item 4). Version 22 is reserved for it.
 *
 * `cover_certificate`: one certificate a member issued on a policy for one day. `people` is the
 * snapshot printed on it (JSON `[{insured_id, name, id_masked}]`: ID numbers masked to the first 3
 * and last 4 characters, never the full number). The check code itself is not stored: `code_hash`
 * is the SHA-256 of the normalised code (the public lookup), and the code is re-derived for a
 * re-download from `code_nonce` with the portal's signing secret (HMAC), so this table alone
 * reveals no code. `request_id` makes issuing idempotent per member. Revoking sets `revoked_at`.
 *
 * Page-cache triggers: the policy page lists its certificates, so a write moves the issuer's and
 * the policy owner's data versions.
 */
const TABLE = `CREATE TABLE cover_certificate (
  id {{id}},
  order_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  people TEXT NOT NULL DEFAULT '[]',
  code_hash TEXT NOT NULL,
  code_nonce TEXT NOT NULL,
  request_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  revoked_at BIGINT NULL
)`;

const INDEXES = [
  `CREATE UNIQUE INDEX cover_certificate_code ON cover_certificate (code_hash)`,
  `CREATE UNIQUE INDEX cover_certificate_request ON cover_certificate (user_id, request_id)`,
  `CREATE INDEX cover_certificate_order ON cover_certificate (order_id, id)`,
];

const OWNED = {
  table: 'cover_certificate',
  owners: ['r.user_id', '(SELECT p.user_id FROM policy_order p WHERE p.id = r.order_id)'],
};

export const coverMigrations: Migration[] = [
  {
    version: 22,
    name: 'proof of cover: certificates (people snapshot with masked IDs, hashed check codes)',
    sqlite: [TABLE, ...INDEXES, ...sqliteTriggers(OWNED)],
    postgres: [TABLE, ...INDEXES, ...postgresTriggers(OWNED)],
  },
];
