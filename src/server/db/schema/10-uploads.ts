import type { Migration } from './migration';

/**
 * Migrations of the uploads area. Version 10 is reserved for it (uploads: private files, object storage (#7)):
 * one migration, edited freely until it ships; later changes take the next free number.
 */
export const uploadMigrations: Migration[] = [
  {
    version: 10,
    name: 'uploads: one attachment row per owner (user_id + sha1 + topic); the stored object (path) shared by identical bytes',
    up: [
      // Every member who uploads the same bytes gets a row of their own (their id, their name);
      // the bytes themselves stay stored once, at the path the first row named.
      `DROP INDEX attachment_sha1_topic`,
      `CREATE UNIQUE INDEX attachment_owner_sha1_topic ON attachment (user_id, sha1, topic)`,
      `CREATE INDEX attachment_sha1_topic ON attachment (sha1, topic, storage)`,
      `DROP INDEX attachment_path`,
      `CREATE INDEX attachment_path ON attachment (path, storage)`,
    ],
  },
];
