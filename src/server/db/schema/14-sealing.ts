import type { Migration } from './migration';

/**
 * Migrations of the sealing area. Version 14 is reserved for it (sealing: seals, jobs, sealed files (#13)):
 * one migration, edited freely until it ships; later changes take the next free number.
 */
export const sealingMigrations: Migration[] = [];
