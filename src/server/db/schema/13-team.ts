import type { Migration } from './migration';

/**
 * Migrations of the team area. Version 13 is reserved for it (team: balance transfers (#12)):
 * one migration, edited freely until it ships; later changes take the next free number.
 */
export const teamMigrations: Migration[] = [
  {
    version: 13,
    name: 'team: balance transfers between a main account and its sub-accounts',
    up: [
      // One row per allocation (owner → sub) or reclaim (sub → owner); the two `allocation` ledger
      // entries of the move reference it (`team_transfer:<id>`) and are written in the same
      // transaction. (owner_id, request_id) makes a repeated submit return the first transfer.
      `CREATE TABLE team_transfer (
        id {{id}},
        owner_id INTEGER NOT NULL REFERENCES "user" (id),
        sub_id INTEGER NOT NULL REFERENCES "user" (id),
        direction TEXT NOT NULL,
        amount BIGINT NOT NULL,
        memo TEXT NOT NULL DEFAULT '',
        request_id TEXT NOT NULL,
        owner_after BIGINT NOT NULL,
        sub_after BIGINT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE UNIQUE INDEX team_transfer_request ON team_transfer (owner_id, request_id)`,
      `CREATE INDEX team_transfer_owner ON team_transfer (owner_id, created_at, id)`,
      `CREATE INDEX team_transfer_sub ON team_transfer (owner_id, sub_id, created_at, id)`,
    ],
  },
];
