import type { Migration } from './migration';

/**
 * Migrations of the sealing area. Version 14 is reserved for it (sealing: seals, jobs, sealed files (#13)):
 * one migration, edited freely until it ships; later changes take the next free number.
 */
export const sealingMigrations: Migration[] = [
  {
    version: 14,
    name: 'sealing: seals, sealing jobs, sealed files',
    up: [
      // A company's seal image (an upload or one we drew). `user_id` is the main account: a
      // sub-account seals with its owner's approved seals.
      `CREATE TABLE seal (
        id {{id}},
        user_id INTEGER NOT NULL REFERENCES "user" (id),
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        company_name TEXT NOT NULL,
        source TEXT NOT NULL,
        diameter_mm INTEGER NOT NULL DEFAULT 40,
        file_id INTEGER NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending',
        reason TEXT NOT NULL DEFAULT '',
        reviewed_by INTEGER,
        reviewed_at BIGINT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      `CREATE INDEX seal_user ON seal (user_id, status)`,
      `CREATE INDEX seal_status ON seal (status, created_at)`,
      // One sealing request. (user_id, request_id) makes a retried request the same job; any
      // instance claims a queued (or silent) job by a conditional UPDATE on status + heartbeat.
      `CREATE TABLE seal_job (
        id {{id}},
        user_id INTEGER NOT NULL REFERENCES "user" (id),
        request_id TEXT NOT NULL,
        body_hash TEXT NOT NULL,
        input TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'queued',
        progress INTEGER NOT NULL DEFAULT 0,
        pages_done INTEGER NOT NULL DEFAULT 0,
        pages_total INTEGER NOT NULL DEFAULT 0,
        attempts INTEGER NOT NULL DEFAULT 0,
        claimed_by TEXT NOT NULL DEFAULT '',
        heartbeat_at BIGINT NOT NULL DEFAULT 0,
        error TEXT NOT NULL DEFAULT '',
        sealed_file_id INTEGER,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      `CREATE UNIQUE INDEX seal_job_request ON seal_job (user_id, request_id)`,
      `CREATE INDEX seal_job_open ON seal_job (status, heartbeat_at)`,
      // A sealed document: what was stamped, where, and the SHA-256 of the exact bytes handed out.
      `CREATE TABLE sealed_file (
        id {{id}},
        user_id INTEGER NOT NULL REFERENCES "user" (id),
        job_id INTEGER UNIQUE,
        code TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        pages INTEGER NOT NULL,
        seal_id INTEGER NOT NULL REFERENCES seal (id),
        seal_name TEXT NOT NULL,
        company_name TEXT NOT NULL,
        stamps TEXT NOT NULL DEFAULT '{}',
        stamp_count INTEGER NOT NULL DEFAULT 0,
        cross_page INTEGER NOT NULL DEFAULT 0,
        source_file_id INTEGER NOT NULL,
        source_sha256 TEXT NOT NULL,
        file_id INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        size BIGINT NOT NULL DEFAULT 0,
        status TEXT NOT NULL DEFAULT 'sealed',
        void_reason TEXT NOT NULL DEFAULT '',
        voided_at BIGINT,
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX sealed_file_user ON sealed_file (user_id, created_at)`,
      `CREATE INDEX sealed_file_sha256 ON sealed_file (sha256)`,
    ],
  },
];
