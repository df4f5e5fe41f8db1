/**
 * The demo portal: which business areas seed demo data, in which order. This is a composition
 * root (like src/server/api): it sits above the features and calls each one's public demo seeder,
 * so src/server/db never imports a feature. Each seeder writes through its area's domain
 * functions (ledgers included), so a demo member's balance always equals its entries.
 *
 * A new area adds its seeder to DEMO_SEEDERS after the areas it builds on.
 */
import { seedAccountDemo } from '~/features/account';
import { seedClaimsDemo } from '~/features/claims';
import { seedEndorseDemo } from '~/features/endorse';
import { seedInvoicesDemo } from '~/features/invoices';
import { seedLedgerDemo } from '~/features/ledger';
import { seedNoticeDemo } from '~/features/notifications';
import { seedOrdersDemo } from '~/features/orders';
import { seedOperatorDemo } from '~/features/operator';
import { seedSealingDemo } from '~/features/sealing';
import { seedTeamDemo } from '~/features/team';
import type { Db } from '~/server/db/client';
import { type DemoSeeder, type EnsureOptions, ensureDatabase } from '~/server/db/seed';

/** Every area's demo seeder, in dependency order (ledger first: later areas pay from balances). */
export const DEMO_SEEDERS: DemoSeeder[] = [
  seedLedgerDemo,
  seedAccountDemo,
  seedOrdersDemo,
  seedTeamDemo,
  seedSealingDemo,
  seedClaimsDemo,
  seedEndorseDemo,
  seedInvoicesDemo,
  seedOperatorDemo,
  seedNoticeDemo,
];

/** Migrate, sync reference data, and seed the demo portal on a fresh database. Run at every start. */
export function ensurePortalDatabase(db: Db, options: EnsureOptions = {}) {
  return ensureDatabase(db, { demoSeeders: DEMO_SEEDERS, ...options });
}
