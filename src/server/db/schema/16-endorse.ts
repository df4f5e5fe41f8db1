import type { Migration } from './migration';

/**
 * Migrations of the endorsements and invoices area. Version 16 is reserved for it (endorsements and invoices (#10)):
 * one migration, edited freely until it ships; later changes take the next free number.
 */
export const endorseMigrations: Migration[] = [];
