import { makeCreditCode } from '~/lib/credit-code';
import { type Db, num } from '~/server/db/client';
import type { DemoContext } from '~/server/db/seed';
import { demoOrder, siteToday } from '../orders';
import { addAccount, setStatus } from './accounts';
import { allocate } from './transfers';

/** Demo sub-accounts of `demo` (documented in the README). */
export const DEMO_TEAM = [
  { username: 'demo_site1', password: 'Site1#2026', nickname: '一号工地', mobile: '13800138001' },
  { username: 'demo_site2', password: 'Site2#2026', nickname: '二号工地', mobile: '13800138002' },
] as const;

/** demo_site1's pages: account/*, guzhu and tuanyi, group details, the claim list with its add button. */
const SITE1_RULES = ['order/guzhu', 'order/tuanyi', 'order/groupDetail', 'claim/list', 'claim/list/add'];

async function ruleIds(db: Db, names: string[], accountPages: boolean): Promise<number[]> {
  const rows = await db.sql`SELECT id, name, type FROM user_rule WHERE status = 1`;
  return rows
    .filter(
      (r: { name: string; type: string }) =>
        (accountPages && r.name.startsWith('account/') && r.type !== 'button') || names.includes(r.name),
    )
    .map((r: { id: unknown }) => num(r.id));
}

/** The company both demo accounts insure (the sub-account buys for its owner's company). */
const SITE1_HOLDER = {
  name: '上海示例建设工程有限公司',
  credit_code: makeCreditCode('91310115MA1K3YJ5X'),
  contact: '李工长',
  mobile: '13800138001',
  email: '',
  address: '上海市浦东新区世纪大道 100 号（一号工地）',
};

/**
 * Demo seeder (after the ledger and the orders): demo owns demo_site1 (enabled, 800.00 allocated
 * from demo's balance through a transfer, then one paid, in-force guzhu order of 360.00 paid from
 * its own balance, which demo sees too) and demo_site2 (disabled, balance 0, a last login three
 * days ago).
 */
export async function seedTeamDemo({ db, users, now }: DemoContext): Promise<void> {
  const ownerId = users.demo;
  if (ownerId === undefined) return;
  const actor = { ownerId, ip: '127.0.0.1' };
  const [site1, site2] = DEMO_TEAM;
  const a = await addAccount(db, actor, { ...site1, rules: await ruleIds(db, SITE1_RULES, true) });
  await allocate(
    db,
    actor,
    { id: a.account.id, direction: 'allocate', amount: 80_000, memo: '一号工地备用金', request_id: 'seed-demo-site1' },
    { at: now - 3_600 },
  );
  let tick = now - 3_000;
  await demoOrder(
    db,
    a.account.id,
    { product: 'guzhu', plan: 0, class: 1, months: 12, start: -3, people: 3, status: 'effective' },
    { now, today: await siteToday(db), clock: () => (tick += 120), key: 'demo_site1-1', holder: SITE1_HOLDER },
  );
  const b = await addAccount(db, actor, {
    ...site2,
    rules: await ruleIds(db, ['account/overview', 'account/balance', 'order/guzhu'], false),
  });
  await db.sql`UPDATE "user" SET last_login_time = ${now - 3 * 86_400}, last_login_ip = '10.8.0.23' WHERE id = ${b.account.id}`;
  await setStatus(db, actor, { id: b.account.id, status: 'disable' });
}
