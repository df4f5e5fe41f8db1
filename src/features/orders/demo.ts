/**
 * Demo orders, made through the domain functions (create, pay, underwrite, …) so their timelines,
 * audit entries and ledger entries are real. The ledger stays whole: each member's order money
 * is covered by one top-up of exactly the net amount, so the demo balances stay at their seeded
 * figures. Each payment (and a refusal's refund) is dated when the order was paid, so the desk's
 * "premium paid per month" spreads over the past year (issue #29); the top-up is dated before the
 * first of them, and every entry is written after the ledger's own demo history (ids chain).
 */
import { changeBalance } from '~/features/ledger';
import { listProducts, type ProductCode } from '~/features/products';
import { type Db, num } from '~/server/db/client';
import type { DemoContext } from '~/server/db/seed';
import { cancelOrder, expireOrder, surrenderOrder } from './closing';
import { createOrder } from './create';
import { addDays } from './dates';
import { DEMO_HOLDERS, demoPeople } from './demo-people';
import { payOrder } from './pay';
import type { OrderRecord } from './records';
import { siteToday } from './records';
import { surrenderRefund } from './refunds';
import type { OrderStatus, Policyholder } from './schemas';
import { markEffective, refuseOrder } from './underwriting';

const DAY = 86_400;

/** One demo order: where it ends up and what it holds. Offsets are days from today. */
export interface DemoOrderSpec {
  product: ProductCode;
  /** Index of the plan within its product (display order). */
  plan: number;
  class: number;
  months: number;
  /** Start date as days from today (negative: in the past). */
  start: number;
  /** Named people to generate (named plans) or the headcount (others). */
  people: number;
  status: Exclude<OrderStatus, 'paid'>;
  holder?: Partial<Policyholder>;
  /** Refusal reason, or the surrender date as days from today. */
  reason?: string;
  surrender?: number;
}

interface Planned {
  spec: DemoOrderSpec;
  order: OrderRecord;
  /** Days from today of each step, for the timeline's times. */
  placed: number;
}

/** The time of an order's `n`th step after it was placed: 3 hours ago (today's orders) or `placed` days back, a little apart. */
function stepTime(p: Pick<Planned, 'placed'>, now: number, n: number): number {
  const base = now + p.placed * DAY - 3 * 3600;
  return base + n * (p.placed < 0 ? 6 * 3600 : 1800);
}

/**
 * Place one demo order in its target state through the domain functions. `clock()` gives the time
 * of each ledger entry (after every earlier entry of the member); `now`/`today` the real moment.
 */
export async function demoOrder(
  db: Db,
  userId: number,
  spec: DemoOrderSpec,
  o: { now: number; today: string; clock: () => number; key: string; holder: Policyholder },
): Promise<OrderRecord> {
  const planned = await placeDemoOrder(db, userId, spec, o);
  return advanceDemoOrder(db, userId, planned, o);
}

async function placeDemoOrder(
  db: Db,
  userId: number,
  spec: DemoOrderSpec,
  o: { now: number; today: string; key: string; holder: Policyholder },
): Promise<Planned> {
  const products = await listProducts(db);
  const plan = products.find((p) => p.code === spec.product)?.plans[spec.plan];
  if (!plan) throw new Error(`demo: no plan ${spec.product}#${spec.plan}`);
  const startDate = addDays(o.today, spec.start);
  // Placed a few days before cover starts (today at the latest), at office hours.
  const placed = Math.min(0, spec.start - 4);
  const placedDay = addDays(o.today, placed);
  const at = o.now + placed * DAY - 3 * 3600;
  const named = plan.named_list;
  const { order } = await createOrder(
    db,
    userId,
    {
      request_id: `demo-${o.key}`,
      plan_id: plan.id,
      class: spec.class,
      months: spec.months,
      start_date: startDate,
      policyholder: { ...o.holder, ...spec.holder },
      insured: named ? demoPeople(spec.people, startDate, num(o.key.replace(/\D/g, '')) + 1) : undefined,
      headcount: named ? undefined : spec.people,
    },
    { today: placedDay, at, ip: '127.0.0.1' },
  );
  return { spec, order, placed };
}

/** The money an order moves once it reaches its state: + paid, − refunded (fen). */
function netCost(p: Planned, today: string): number {
  const { spec, order } = p;
  if (spec.status === 'unpaid' || spec.status === 'cancelled') return 0;
  if (spec.status === 'refused') return 0;
  if (spec.status === 'surrendered') return order.premium - surrenderRefund(order, addDays(today, spec.surrender ?? 0));
  return order.premium;
}

async function advanceDemoOrder(
  db: Db,
  userId: number,
  p: Planned,
  o: { now: number; today: string; clock: () => number; key: string },
): Promise<OrderRecord> {
  const { spec, order } = p;
  // Each later step a little after the last, never in the future and, for past cover, before the start date.
  const step = (n: number) => stepTime(p, o.now, n);
  if (spec.status === 'unpaid') return order;
  if (spec.status === 'cancelled') return cancelOrder(db, userId, order.id, { at: step(1) });
  const paid = await payOrder(
    db,
    userId,
    { id: order.id, request_id: `demo-pay-${o.key}` },
    { at: step(1), ledgerAt: step(1), underwrite: false },
  );
  if (spec.status === 'underwriting') return paid.order;
  const insurer = { kind: 'insurer' as const, userId: null };
  if (spec.status === 'refused')
    return refuseOrder(db, order.id, insurer, spec.reason ?? '职业类别与实际工种不符', { at: step(2), ledgerAt: step(2) });
  const effective = await markEffective(db, order.id, insurer, { at: step(2) });
  if (spec.status === 'expired') return expireOrder(db, order.id, { today: o.today, at: o.now + (spec.start + spec.months * 30) * DAY });
  if (spec.status === 'surrendered') {
    const date = addDays(o.today, spec.surrender ?? 0);
    return surrenderOrder(db, userId, { id: order.id, date }, { today: date, at: o.now - 3600, ledgerAt: o.clock() });
  }
  return effective;
}

/** The demo member's orders: ≥ 24, every state, the named-list sizes the issue lists. */
export const DEMO_ORDERS: DemoOrderSpec[] = [
  { product: 'guzhu', plan: 1, class: 2, months: 12, start: -75, people: 25, status: 'effective' },
  { product: 'tuanyi', plan: 0, class: 1, months: 12, start: -40, people: 12, status: 'effective' },
  { product: 'anze', plan: 0, class: 2, months: 12, start: -100, people: 40, status: 'effective' },
  { product: 'personal', plan: 0, class: 1, months: 12, start: -20, people: 1, status: 'effective', holder: { name: '王建国' } },
  { product: 'guzhu', plan: 0, class: 1, months: 6, start: 5, people: 8, status: 'unpaid' },
  { product: 'tuanyi', plan: 1, class: 2, months: 12, start: 3, people: 6, status: 'underwriting' },
  { product: 'guzhu', plan: 0, class: 3, months: 3, start: 10, people: 5, status: 'cancelled' },
  {
    product: 'tuanyi',
    plan: 2,
    class: 1,
    months: 12,
    start: 6,
    people: 30,
    status: 'refused',
    reason: '按人数投保需提供工种说明，资料不全',
  },
  { product: 'guzhu', plan: 0, class: 1, months: 12, start: -400, people: 6, status: 'expired' },
  {
    product: 'personal',
    plan: 1,
    class: 1,
    months: 12,
    start: -90,
    people: 1,
    status: 'surrendered',
    surrender: 0,
    holder: { name: '王建国' },
  },
  { product: 'guzhu', plan: 0, class: 1, months: 12, start: -200, people: 4, status: 'effective' },
  { product: 'guzhu', plan: 0, class: 2, months: 6, start: -30, people: 3, status: 'effective' },
  { product: 'guzhu', plan: 1, class: 3, months: 12, start: -15, people: 5, status: 'effective' },
  { product: 'guzhu', plan: 2, class: 1, months: 12, start: -10, people: 6, status: 'effective' },
  { product: 'guzhu', plan: 0, class: 4, months: 3, start: 12, people: 3, status: 'unpaid' },
  { product: 'guzhu', plan: 1, class: 1, months: 12, start: 20, people: 4, status: 'cancelled' },
  { product: 'guzhu', plan: 0, class: 2, months: 12, start: -380, people: 3, status: 'expired' },
  { product: 'guzhu', plan: 1, class: 2, months: 12, start: -150, people: 4, status: 'surrendered', surrender: 0 },
  { product: 'guzhu', plan: 0, class: 1, months: 1, start: 2, people: 3, status: 'underwriting' },
  { product: 'tuanyi', plan: 0, class: 2, months: 6, start: -60, people: 8, status: 'effective' },
  { product: 'tuanyi', plan: 0, class: 1, months: 12, start: 15, people: 4, status: 'unpaid' },
  { product: 'anze', plan: 1, class: 1, months: 12, start: -300, people: 25, status: 'effective' },
  { product: 'anze', plan: 0, class: 3, months: 12, start: 30, people: 60, status: 'unpaid' },
  // Cover that ends in about ten days: the overview's "ending within 30 days" and renewals have one to show.
  { product: 'anze', plan: 0, class: 1, months: 12, start: -355, people: 10, status: 'effective' },
  { product: 'personal', plan: 0, class: 2, months: 12, start: -420, people: 1, status: 'expired', holder: { name: '王建国' } },
  { product: 'personal', plan: 1, class: 1, months: 6, start: 7, people: 1, status: 'unpaid', holder: { name: '王建国' } },
  { product: 'tuanyi', plan: 2, class: 2, months: 12, start: -45, people: 50, status: 'effective' },
  // Short site policies of earlier projects: a page of 20 employer's-liability orders (the list the
  // performance issue measures) and a history to page through.
  { product: 'guzhu', plan: 0, class: 1, months: 3, start: -500, people: 5, status: 'expired' },
  { product: 'guzhu', plan: 1, class: 2, months: 6, start: -470, people: 7, status: 'expired' },
  { product: 'guzhu', plan: 0, class: 3, months: 2, start: -430, people: 4, status: 'expired' },
  { product: 'guzhu', plan: 2, class: 1, months: 1, start: -360, people: 6, status: 'expired' },
  { product: 'guzhu', plan: 0, class: 2, months: 4, start: -330, people: 3, status: 'expired' },
  { product: 'guzhu', plan: 1, class: 1, months: 3, start: -260, people: 5, status: 'expired' },
  { product: 'guzhu', plan: 0, class: 1, months: 2, start: -180, people: 4, status: 'expired' },
];

/** The site manager's three orders (it has no Add buttons: these come from before). */
export const MANAGER_ORDERS: DemoOrderSpec[] = [
  { product: 'guzhu', plan: 0, class: 2, months: 12, start: -30, people: 4, status: 'effective' },
  { product: 'guzhu', plan: 0, class: 1, months: 6, start: 9, people: 3, status: 'unpaid' },
  { product: 'tuanyi', plan: 0, class: 1, months: 12, start: -5, people: 5, status: 'effective' },
];

async function seedMember(db: Db, userId: number, specs: DemoOrderSpec[], name: string, now: number, today: string): Promise<void> {
  // Ledger entries go after the ledger's own demo history (its last entry is under a day old).
  let tick = now - 20 * 3600;
  const clock = () => (tick += 240);
  const holder = DEMO_HOLDERS[name];
  const placed: Planned[] = [];
  for (const [i, spec] of specs.entries())
    placed.push(await placeDemoOrder(db, userId, spec, { now, today, key: `${name}-${i + 1}`, holder }));
  const net = placed.reduce((sum, p) => sum + netCost(p, today), 0);
  // The top-up that covers them is dated an hour before the first payment.
  const paidAt = placed.filter((p) => netCost(p, today) > 0 || p.spec.status === 'refused').map((p) => stepTime(p, now, 1));
  const topupAt = Math.min(tick, ...paidAt) - 3600;
  if (net > 0) {
    await changeBalance(db, {
      userId,
      amount: net,
      kind: 'topup',
      params: { t: 'topup', ref: `TOPUP-${name.toUpperCase()}-ORDERS` },
      reference: `TOPUP-${name.toUpperCase()}-ORDERS`,
      at: topupAt,
    });
  }
  for (const [i, p] of placed.entries()) await advanceDemoOrder(db, userId, p, { now, today, clock, key: `${name}-${i + 1}` });
}

/**
 * Demo seeder (DEMO_SEEDERS, after the ledger): the demo member's 26 orders in every state and the
 * site manager's three. Balances end where the ledger's demo left them.
 */
export async function seedOrdersDemo({ db, users, now }: DemoContext): Promise<void> {
  const today = await siteToday(db);
  if (users.demo !== undefined) await seedMember(db, users.demo, DEMO_ORDERS, 'demo', now, today);
  if (users.manager !== undefined) await seedMember(db, users.manager, MANAGER_ORDERS, 'manager', now, today);
}
