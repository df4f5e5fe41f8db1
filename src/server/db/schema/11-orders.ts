import type { Migration } from './migration';

/**
 * Migrations of the products, plans, orders, insured rows, timelines area. Version 11 is reserved for it (products, plans, orders, insured rows, timelines (#9)):
 * one migration, edited freely until it ships; later changes take the next free number.
 */
export const orderMigrations: Migration[] = [];
