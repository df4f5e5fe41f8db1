import type { Migration } from './migration';

/**
 * Migrations of the claims and notifications area. Version 15 is reserved for it (claims and notifications (#11)):
 * one migration, edited freely until it ships; later changes take the next free number.
 */
export const claimMigrations: Migration[] = [
  {
    version: 15,
    name: 'claims: claims, their documents and timelines, per-day claim numbers; notifications; the language a member reads in',
    up: [
      // One row per reported claim. Money in integer fen. `open_key` holds person|date|type while the
      // claim is open (NULL once rejected or withdrawn): the unique index refuses a second open claim
      // for the same accident even when two reports race.
      `CREATE TABLE claim (
        id {{id}},
        claim_no TEXT NOT NULL,
        user_id INTEGER NOT NULL REFERENCES "user" (id),
        order_id INTEGER NOT NULL,
        policy_no TEXT NOT NULL,
        policy_type TEXT NOT NULL,
        named INTEGER NOT NULL DEFAULT 1,
        insured_id INTEGER,
        insured_name TEXT NOT NULL,
        insured_id_no TEXT NOT NULL,
        type TEXT NOT NULL,
        accident_date TEXT NOT NULL,
        accident_place TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '',
        hospital TEXT NOT NULL DEFAULT '',
        estimated_amount BIGINT NOT NULL,
        approved_amount BIGINT,
        status TEXT NOT NULL,
        round INTEGER NOT NULL DEFAULT 0,
        requested_kinds TEXT NOT NULL DEFAULT '[]',
        request_note TEXT NOT NULL DEFAULT '',
        reason TEXT NOT NULL DEFAULT '',
        payment_ref TEXT NOT NULL DEFAULT '',
        paid_at TEXT NOT NULL DEFAULT '',
        request_id TEXT,
        open_key TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      `CREATE UNIQUE INDEX claim_no ON claim (claim_no)`,
      `CREATE UNIQUE INDEX claim_request ON claim (user_id, request_id)`,
      `CREATE UNIQUE INDEX claim_open ON claim (open_key)`,
      // The member list: a company's claims newest first; the operator queue: by status, oldest first.
      `CREATE INDEX claim_user_list ON claim (user_id, created_at, id)`,
      `CREATE INDEX claim_queue ON claim (status, created_at, id)`,
      // A member's list by status; the open queue (the query names the same literal status list,
      // so SQLite can use the partial index too).
      `CREATE INDEX claim_user_status ON claim (user_id, status, created_at, id)`,
      `CREATE INDEX claim_open_queue ON claim (created_at, id) WHERE status IN ('reported', 'reviewing', 'need_documents', 'approved')`,
      `CREATE TABLE claim_document (
        id {{id}},
        claim_id INTEGER NOT NULL REFERENCES claim (id),
        kind TEXT NOT NULL,
        file_id INTEGER NOT NULL,
        round INTEGER NOT NULL DEFAULT 0,
        user_id INTEGER NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX claim_document_claim ON claim_document (claim_id, kind, id)`,
      `CREATE INDEX claim_document_file ON claim_document (file_id)`,
      `CREATE TABLE claim_event (
        id {{id}},
        claim_id INTEGER NOT NULL REFERENCES claim (id),
        from_status TEXT NOT NULL DEFAULT '',
        to_status TEXT NOT NULL,
        actor_id INTEGER,
        actor TEXT NOT NULL DEFAULT '',
        role TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX claim_event_claim ON claim_event (claim_id, id)`,
      // Claim numbers CL + yyyymmdd + 6 digits: one counter row per day, bumped with an upsert.
      `CREATE TABLE claim_counter (
        day TEXT PRIMARY KEY,
        n INTEGER NOT NULL DEFAULT 0
      )`,
      // Notifications: `kind` + `params` are rendered in the reader's language when read.
      `CREATE TABLE notification (
        id {{id}},
        user_id INTEGER NOT NULL REFERENCES "user" (id),
        kind TEXT NOT NULL,
        params TEXT NOT NULL DEFAULT '{}',
        link TEXT NOT NULL DEFAULT '',
        read_at BIGINT,
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX notification_user ON notification (user_id, id)`,
      `CREATE INDEX notification_unread ON notification (user_id, read_at)`,
      // The language a member last used (e-mail to them is written in it).
      `CREATE TABLE member_locale (
        user_id INTEGER PRIMARY KEY,
        locale TEXT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
    ],
  },
];
