import type { Migration } from './migration';

/**
 * Migrations of the uploads area. Version 10 is reserved for it (uploads: private files, object storage (#7)):
 * one migration, edited freely until it ships; later changes take the next free number.
 */
export const uploadMigrations: Migration[] = [];
