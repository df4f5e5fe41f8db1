import type { Migration } from './migration';

/**
 * Migrations of the endorsements and invoices area. Version 16 is reserved for it (endorsements and invoices (#10)):
 * one migration, edited freely until it ships; later changes take the next free number.
 */
export const endorseMigrations: Migration[] = [
  {
    version: 16,
    name: 'endorsements (items, timeline, documents) and VAT invoice applications (items, timeline)',
    up: [
      // order_id has no REFERENCES clause: the orders area owns its table and its migration may
      // land after this one in a fresh database's history; the service checks the order itself.
      `CREATE TABLE endorsement (
        id {{id}},
        apply_no TEXT NOT NULL,
        endorse_no TEXT NULL,
        user_id INTEGER NOT NULL REFERENCES "user" (id),
        order_id INTEGER NOT NULL,
        policy_no TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL DEFAULT 'draft',
        effective_date TEXT NOT NULL,
        remark TEXT NOT NULL DEFAULT '',
        premium_delta BIGINT NOT NULL DEFAULT 0,
        charged BIGINT NOT NULL DEFAULT 0,
        refunded BIGINT NOT NULL DEFAULT 0,
        add_count INTEGER NOT NULL DEFAULT 0,
        remove_count INTEGER NOT NULL DEFAULT 0,
        replace_count INTEGER NOT NULL DEFAULT 0,
        correct_count INTEGER NOT NULL DEFAULT 0,
        has_id_fix INTEGER NOT NULL DEFAULT 0,
        reason TEXT NOT NULL DEFAULT '',
        note TEXT NOT NULL DEFAULT '',
        notice_path TEXT NOT NULL DEFAULT '',
        request_id TEXT NULL,
        decide_after BIGINT NULL,
        submitted_at BIGINT NULL,
        decided_at BIGINT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      `CREATE UNIQUE INDEX endorsement_apply_no ON endorsement (apply_no)`,
      `CREATE UNIQUE INDEX endorsement_endorse_no ON endorsement (endorse_no)`,
      `CREATE UNIQUE INDEX endorsement_request ON endorsement (user_id, request_id)`,
      // One open (draft or submitted) endorsement per policy: the database, not a read-then-write, decides.
      `CREATE UNIQUE INDEX endorsement_open ON endorsement (order_id) WHERE status IN ('draft', 'submitted')`,
      `CREATE INDEX endorsement_user ON endorsement (user_id, created_at, id)`,
      `CREATE INDEX endorsement_order ON endorsement (order_id, status)`,
      `CREATE INDEX endorsement_status ON endorsement (status, submitted_at, id)`,
      `CREATE TABLE endorsement_item (
        id {{id}},
        endorsement_id INTEGER NOT NULL REFERENCES endorsement (id),
        kind TEXT NOT NULL,
        insured_id INTEGER NULL,
        before_json TEXT NOT NULL DEFAULT '{}',
        after_json TEXT NOT NULL DEFAULT '{}',
        id_no TEXT NOT NULL DEFAULT '',
        days INTEGER NOT NULL DEFAULT 0,
        premium BIGINT NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX endorsement_item_endorsement ON endorsement_item (endorsement_id, id)`,
      `CREATE TABLE endorsement_event (
        id {{id}},
        endorsement_id INTEGER NOT NULL REFERENCES endorsement (id),
        from_status TEXT NOT NULL DEFAULT '',
        to_status TEXT NOT NULL,
        actor_id INTEGER NULL,
        note TEXT NOT NULL DEFAULT '',
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX endorsement_event_endorsement ON endorsement_event (endorsement_id, id)`,
      `CREATE TABLE endorsement_document (
        id {{id}},
        endorsement_id INTEGER NOT NULL REFERENCES endorsement (id),
        kind TEXT NOT NULL,
        file_id TEXT NOT NULL,
        name TEXT NOT NULL DEFAULT '',
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX endorsement_document_endorsement ON endorsement_document (endorsement_id, id)`,
      `CREATE TABLE invoice (
        id {{id}},
        apply_no TEXT NOT NULL,
        user_id INTEGER NOT NULL REFERENCES "user" (id),
        status TEXT NOT NULL DEFAULT 'applied',
        kind TEXT NOT NULL,
        title_type TEXT NOT NULL,
        title TEXT NOT NULL,
        taxpayer_id TEXT NOT NULL DEFAULT '',
        address TEXT NOT NULL DEFAULT '',
        phone TEXT NOT NULL DEFAULT '',
        bank TEXT NOT NULL DEFAULT '',
        account TEXT NOT NULL DEFAULT '',
        email TEXT NOT NULL DEFAULT '',
        amount BIGINT NOT NULL,
        invoice_no TEXT NOT NULL DEFAULT '',
        file_path TEXT NOT NULL DEFAULT '',
        reason TEXT NOT NULL DEFAULT '',
        request_id TEXT NULL,
        issued_at BIGINT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      `CREATE UNIQUE INDEX invoice_apply_no ON invoice (apply_no)`,
      `CREATE UNIQUE INDEX invoice_request ON invoice (user_id, request_id)`,
      `CREATE INDEX invoice_user ON invoice (user_id, created_at, id)`,
      `CREATE INDEX invoice_status ON invoice (status, created_at, id)`,
      `CREATE TABLE invoice_item (
        id {{id}},
        invoice_id INTEGER NOT NULL REFERENCES invoice (id),
        source_type TEXT NOT NULL,
        source_id INTEGER NOT NULL,
        ref_no TEXT NOT NULL DEFAULT '',
        amount BIGINT NOT NULL,
        active INTEGER NOT NULL DEFAULT 1
      )`,
      // One active (applied or issued) item per source: of parallel applications exactly one wins.
      `CREATE UNIQUE INDEX invoice_item_active ON invoice_item (source_type, source_id) WHERE active = 1`,
      `CREATE INDEX invoice_item_invoice ON invoice_item (invoice_id)`,
      `CREATE INDEX invoice_item_source ON invoice_item (source_type, source_id)`,
      `CREATE TABLE invoice_event (
        id {{id}},
        invoice_id INTEGER NOT NULL REFERENCES invoice (id),
        from_status TEXT NOT NULL DEFAULT '',
        to_status TEXT NOT NULL,
        actor_id INTEGER NULL,
        note TEXT NOT NULL DEFAULT '',
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX invoice_event_invoice ON invoice_event (invoice_id, id)`,
    ],
  },
];
