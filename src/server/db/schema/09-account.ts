import type { Migration } from './migration';

/** Tables shared by both engines. */
const TABLES = [
  // A member's request to credit their balance from a bank transfer; an operator confirms it
  // (the ledger entry is written in the same transaction as the status change) or rejects it.
  `CREATE TABLE topup (
    id {{id}},
    user_id INTEGER NOT NULL REFERENCES "user" (id),
    amount BIGINT NOT NULL,
    payment_ref TEXT NOT NULL,
    slip_id INTEGER NOT NULL REFERENCES attachment (id),
    status TEXT NOT NULL DEFAULT 'pending',
    reason TEXT NOT NULL DEFAULT '',
    ledger_entry_id INTEGER NULL,
    decided_by INTEGER NULL,
    decided_at BIGINT NULL,
    created_at BIGINT NOT NULL
  )`,
  `CREATE INDEX topup_user ON topup (user_id, created_at)`,
  `CREATE INDEX topup_status ON topup (status, created_at)`,
  // Proof that the member just verified their current e-mail or mobile (10 minutes, single use),
  // asked for by changeBind. Stored hashed, like session tokens, but never a session.
  `CREATE TABLE account_verification (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT NULL
  )`,
  `CREATE INDEX account_verification_user ON account_verification (user_id)`,
  // The login before the current one, for the overview ("last login" must not be this very session).
  `ALTER TABLE "user" ADD COLUMN prev_login_time BIGINT NULL`,
  `ALTER TABLE "user" ADD COLUMN prev_login_ip TEXT NOT NULL DEFAULT ''`,
];

/**
 * Migrations of the account centre area. Version 9 is reserved for it (account centre: top-up requests (#8)):
 * one migration, edited freely until it ships; later changes take the next free number.
 *
 * The previous login is kept by a trigger rather than in the sign-in code, so every path that
 * records a login (password, registration, any later one) keeps it the same way.
 */
export const accountMigrations: Migration[] = [
  {
    version: 9,
    name: 'account centre: top-up requests, account verification tokens, previous login',
    sqlite: [
      ...TABLES,
      `CREATE TRIGGER user_keep_prev_login AFTER UPDATE OF last_login_time ON "user"
        FOR EACH ROW WHEN NEW.last_login_time IS NOT OLD.last_login_time
        BEGIN
          UPDATE "user" SET prev_login_time = OLD.last_login_time, prev_login_ip = OLD.last_login_ip WHERE id = NEW.id;
        END`,
    ],
    postgres: [
      ...TABLES,
      `CREATE FUNCTION user_keep_prev_login() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.last_login_time IS DISTINCT FROM OLD.last_login_time THEN
            NEW.prev_login_time := OLD.last_login_time;
            NEW.prev_login_ip := OLD.last_login_ip;
          END IF;
          RETURN NEW;
        END $$`,
      `CREATE TRIGGER user_keep_prev_login BEFORE UPDATE ON "user"
        FOR EACH ROW EXECUTE FUNCTION user_keep_prev_login()`,
    ],
  },
];
