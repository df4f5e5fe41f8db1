import type { SQL } from 'bun';
import { DEMO_USERS, type DemoContext } from '~/server/db/seed';
import { changeBalance, changeScore } from './service';

const DAY = 86_400;

type Params = Record<string, string | number>;
const GZ = { plan: '雇主责任险 基础版', plan_en: "Employer's liability, basic" };
const TY = { plan: '团体意外险 具名基础版', plan_en: 'Group accident, named list basic' };

/** A few realistic entries for the demo member: [days ago, ledger, amount, kind, params, reference]. */
const HISTORY: [number, 'money' | 'score', number, 'topup' | 'payment' | 'refund' | 'allocation', Params, string][] = [
  [26, 'money', 500_000, 'topup', { t: 'topup', ref: 'TOPUP-20261029-001' }, 'TOPUP-20261029-001'],
  [24, 'money', -186_000, 'payment', { t: 'order.pay', ...GZ, no: 'POL-GZ-2026-00318' }, 'POL-GZ-2026-00318'],
  [24, 'score', 186, 'allocation', { t: 'points.earned', no: 'POL-GZ-2026-00318' }, 'POL-GZ-2026-00318'],
  [19, 'money', -42_350, 'payment', { t: 'order.pay', ...TY, no: 'POL-TY-2026-01102' }, 'POL-TY-2026-01102'],
  [19, 'score', 42, 'allocation', { t: 'points.earned', no: 'POL-TY-2026-01102' }, 'POL-TY-2026-01102'],
  [15, 'money', 6_350, 'refund', { t: 'endorse.refund', endorse: 'END-2026-00471' }, 'END-2026-00471'],
  [9, 'money', 200_000, 'topup', { t: 'topup', ref: 'TOPUP-20261115-004' }, 'TOPUP-20261115-004'],
  [6, 'money', -98_800, 'payment', { t: 'order.renewal', ...GZ, no: 'POL-GZ-2026-00402' }, 'POL-GZ-2026-00402'],
  [6, 'score', 98, 'allocation', { t: 'points.earned', no: 'POL-GZ-2026-00402' }, 'POL-GZ-2026-00402'],
  [2, 'money', -12_000, 'payment', { t: 'seal.fee', no: 'SEAL-2026-00093' }, 'SEAL-2026-00093'],
  [1, 'score', -100, 'payment', { t: 'points.spent', no: 'SEAL-2026-00093' }, 'SEAL-2026-00093'],
];

/**
 * Demo balances reach `user.money`/`user.score` only through the ledgers: an opening entry
 * ('adjust', 'Opening balance') and, for the demo member, a short history, ending at the given
 * balance and points. Runs inside the seed's transaction.
 */
export async function seedDemoLedger(
  tx: SQL,
  o: { userId: number; money: number; score: number; history: boolean; now: number },
): Promise<void> {
  const history = o.history ? HISTORY : [];
  const moved = (ledger: 'money' | 'score') => history.filter((h) => h[1] === ledger).reduce((s, h) => s + h[2], 0);
  const openMoney = o.money - moved('money');
  const openScore = o.score - moved('score');
  // Before every later demo entry: the orders' demo payments are dated when each was paid, up to ~17 months back.
  const at = o.now - 600 * DAY;
  const opening = { userId: o.userId, kind: 'adjust' as const, params: { t: 'opening' }, reference: 'seed', at };
  if (openMoney !== 0) await changeBalance(tx, { ...opening, amount: openMoney });
  if (openScore !== 0) await changeScore(tx, { ...opening, amount: openScore });
  for (const [daysAgo, ledger, amount, kind, params, reference] of history) {
    const entry = { userId: o.userId, amount, kind, params, reference, at: o.now - daysAgo * DAY + 3_600 * ((daysAgo % 7) + 2) };
    await (ledger === 'money' ? changeBalance(tx, entry) : changeScore(tx, entry));
  }
}

/** Demo seeder: each demo member's opening balance and points, and the demo member's history. */
export async function seedLedgerDemo({ db, users, now }: DemoContext): Promise<void> {
  for (const u of DEMO_USERS) {
    const userId = users[u.username];
    if (userId === undefined) continue;
    await db.sql.begin((tx) => seedDemoLedger(tx, { userId, money: u.money, score: u.score, history: u.username === 'demo', now }));
  }
}
