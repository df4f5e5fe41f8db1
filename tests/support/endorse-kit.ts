/**
 * Test helpers of the endorsement and invoice tests (not shipped code paths): an API client over
 * `createApi()`, logins, and policies placed through the orders area's demo function.
 */
import { afterAll, beforeAll } from 'bun:test';
import { demoOrder, type DemoOrderSpec, type OrderRecord, siteToday } from '~/features/orders';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { seedLedgerDemo } from '~/features/ledger';
import { ensureDatabase } from '~/server/db/seed';
import { setConfigValue } from '~/server/site-config';
import { apiClient } from './api-client';
import { type Engine, freshDatabase, type TestDatabase } from './test-db';

export { apiClient, type Reply } from './api-client';

export async function userId(db: Db, username: string): Promise<number> {
  const [u] = await db.sql`SELECT id FROM "user" WHERE username = ${username}`;
  return num(u.id);
}

const HOLDER = {
  name: '上海示例科技有限公司',
  credit_code: '91310115MA1K4ABC18',
  contact: '张经理',
  mobile: '13800138000',
  email: 'hr@example.com',
  address: '上海市浦东新区世纪大道100号',
};

let seq = 0;

/** Place an order in a state through the orders area's demo function (real domain functions, ledger included). */
export async function placePolicy(db: Db, uid: number, spec: Partial<DemoOrderSpec> = {}): Promise<OrderRecord> {
  const today = await siteToday(db);
  let tick = nowSeconds() - 3600;
  seq += 1;
  return demoOrder(
    db,
    uid,
    { product: 'guzhu', plan: 0, class: 2, months: 12, start: -30, people: 5, status: 'effective', ...spec },
    {
      now: nowSeconds(),
      today,
      clock: () => (tick += 1),
      key: `t${process.pid}${seq}${Math.random().toString(36).slice(2, 6)}`,
      holder: HOLDER,
    },
  );
}

/** Insurer settings for a test: manual (operators decide) or the sandbox with no delay. */
export const setInsurer = (db: Db, mode: 'manual' | 'sandbox') =>
  setConfigValue(db, 'insurer', { mode, underwriteDelaySeconds: 0, endorseDelaySeconds: 0 });

/**
 * A migrated database with the demo members and their ledgers only: these tests place their own
 * policies, so other areas' demo data (and its cost) stays out.
 */
export async function ledgerSeededDatabase(engine: Engine): Promise<TestDatabase> {
  const t = await freshDatabase(engine);
  await ensureDatabase(t.db, { demo: true, demoSeeders: [seedLedgerDemo] });
  return t;
}

/** What the money tests start from: see `moneyWorld`. */
export interface MoneyWorld {
  t: TestDatabase;
  api: ReturnType<typeof apiClient>;
  /** The demo member's and the operator's API tokens. */
  demo: string;
  operator: string;
  demoId: number;
}

/**
 * A ledger-seeded database with the insurer set to manual (operators decide underwriting and
 * endorsements), an API client over it, and the demo member and operator signed in.
 */
export async function moneyWorld(engine: Engine): Promise<MoneyWorld> {
  const t = await ledgerSeededDatabase(engine);
  const api = apiClient(t.db);
  await setInsurer(t.db, 'manual');
  return {
    t,
    api,
    demo: await api.login('demo', 'Demo#2026'),
    operator: await api.login('operator', 'Operator#2026'),
    demoId: await userId(t.db, 'demo'),
  };
}

/** What the endorsement tests start from: see `endorseWorld`. */
export interface EndorseWorld extends MoneyWorld {
  /** `t.db`, the database's first connection. */
  db: Db;
  /** The site manager's API token: another member (their orders are not the demo member's) without endorsement rights. */
  manager: string;
  managerId: number;
  /** Today in the site's time zone, read once the world is set up. */
  today: string;
}

/**
 * Call inside a `describe`: registers its `beforeAll` (a `moneyWorld`, then the site manager signed
 * in and the site's today) and its `afterAll` (the database dropped). The object returned is filled
 * in by that `beforeAll`: read its fields in later hooks and in tests, not while the `describe` runs.
 */
export function endorseWorld(engine: Engine): EndorseWorld {
  const world = {} as EndorseWorld;
  beforeAll(async () => {
    const money = await moneyWorld(engine);
    Object.assign(world, money, {
      db: money.t.db,
      manager: await money.api.login('manager', 'Manager#2026'),
      managerId: await userId(money.t.db, 'manager'),
      today: await siteToday(money.t.db),
    });
  }, 60_000);
  afterAll(async () => {
    await world.t?.drop();
  });
  return world;
}
