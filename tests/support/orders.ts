/**
 * Test helpers of the orders area: a fresh database with only the seeders orders build on (the
 * ledger's and ours), so these tests do not depend on later areas' demo data.
 */
import { seedLedgerDemo } from '~/features/ledger';
import type { Db } from '~/server/db/client';
import { num } from '~/server/db/client';
import { ensureDatabase } from '~/server/db/seed';
import { type Engine, freshDatabase, type TestDatabase } from './test-db';
import { seedOrdersDemo } from '~/features/orders/demo';

export async function ordersDatabase(engine: Engine, opts: { demoOrders?: boolean } = {}): Promise<TestDatabase> {
  const t = await freshDatabase(engine);
  await ensureDatabase(t.db, { demo: true, demoSeeders: opts.demoOrders === false ? [seedLedgerDemo] : [seedLedgerDemo, seedOrdersDemo] });
  return t;
}

export async function userId(db: Db, username: string): Promise<number> {
  const [u] = await db.sql`SELECT id FROM "user" WHERE username = ${username}`;
  return num(u.id);
}

export async function money(db: Db, id: number): Promise<number> {
  const [u] = await db.sql`SELECT money FROM "user" WHERE id = ${id}`;
  return num(u.money);
}

/** Balance equals the sum of its entries (the ledger's invariant). */
export async function ledgerSum(db: Db, id: number): Promise<number> {
  const [s] = await db.sql`SELECT COALESCE(SUM(amount), 0) AS s FROM user_money_log WHERE user_id = ${id}`;
  return num(s.s);
}
