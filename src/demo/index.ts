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
import { seedCoverDemo } from '~/features/cover';
import { seedEndorseDemo } from '~/features/endorse';
import { seedInvoicesDemo } from '~/features/invoices';
import { seedLedgerDemo } from '~/features/ledger';
import { seedNoticeDemo } from '~/features/notifications';
import { seedOrdersDemo } from '~/features/orders';
import { seedOperatorDemo } from '~/features/operator';
import { seedRenewalsDemo } from '~/features/renewals';
import { seedSealingDemo } from '~/features/sealing';
import { seedTeamDemo } from '~/features/team';
import { type Db, num } from '~/server/db/client';
import { type DemoSeeder, type EnsureOptions, ensureDatabase } from '~/server/db/seed';

/**
 * The notices a seeder's changes write (issue #30) tell of demo history: they start read. The claims
 * seeder leaves its own two newest unread on purpose.
 */
function asHistory(seed: DemoSeeder): DemoSeeder {
  return async (ctx) => {
    const [mark] = await ctx.db.sql`SELECT COALESCE(MAX(id), 0) AS n FROM notification`;
    await seed(ctx);
    await ctx.db.sql`UPDATE notification SET read_at = created_at WHERE id > ${num(mark.n)} AND read_at IS NULL`;
  };
}

/** Every area's demo seeder, in dependency order (ledger first: later areas pay from balances). */
export const DEMO_SEEDERS: DemoSeeder[] = [
  seedLedgerDemo,
  asHistory(seedAccountDemo),
  asHistory(seedOrdersDemo),
  asHistory(seedTeamDemo),
  asHistory(seedSealingDemo),
  seedClaimsDemo,
  asHistory(seedEndorseDemo),
  asHistory(seedInvoicesDemo),
  seedOperatorDemo,
  seedCoverDemo,
  seedRenewalsDemo,
  seedNoticeDemo,
];

/** Migrate, sync reference data, and seed the demo portal on a fresh database. Run at every start. */
export function ensurePortalDatabase(db: Db, options: EnsureOptions = {}) {
  return ensureDatabase(db, { demoSeeders: DEMO_SEEDERS, ...options });
}
