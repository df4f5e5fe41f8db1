import type { Migration } from './migration';

/**
 * Migrations of the team area. Version 13 is reserved for it (team: balance transfers (#12)):
 * one migration, edited freely until it ships; later changes take the next free number.
 */
export const teamMigrations: Migration[] = [];
