import type { Migration } from './migration';

/**
 * Migrations of the account centre area. Version 9 is reserved for it (account centre: top-up requests (#8)):
 * one migration, edited freely until it ships; later changes take the next free number.
 */
export const accountMigrations: Migration[] = [];
