import type { Migration } from './migration';

/**
 * Migrations of the operator console area. Version 12 is reserved for it (operator console: config versions, audit columns (#14)):
 * one migration, edited freely until it ships; later changes take the next free number.
 */
export const operatorMigrations: Migration[] = [];
