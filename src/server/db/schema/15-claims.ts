import type { Migration } from './migration';

/**
 * Migrations of the claims and notifications area. Version 15 is reserved for it (claims and notifications (#11)):
 * one migration, edited freely until it ships; later changes take the next free number.
 */
export const claimMigrations: Migration[] = [];
