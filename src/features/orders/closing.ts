/**
 * Closing an order: a member cancels an unpaid one or surrenders an effective one (refund and
 * roster end included); the system expires cover that has run out.
 */
import type { SQL } from 'bun';
import { netPremium } from '~/features/ledger';
import { inTransaction } from '~/server/db/after-commit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { DomainError } from '~/server/errors';
import { isDate } from './dates';
import { fieldError, orderNotFound, wrongState } from './errors';
import { notifyOrder } from './notices';
import { findOrder, findVisibleOrder, type OrderRecord, siteToday } from './records';
import { allRows, type SurrenderLine, settleSurrender, surrenderBreakdown } from './refunds';
import { transition, type When } from './transition';

/** unpaid → cancelled, by a member who may see the order. */
export async function cancelOrder(db: Db, userId: number, orderId: number, o: When & { ip?: string } = {}): Promise<OrderRecord> {
  if (!(await findVisibleOrder(db, userId, orderId))) throw orderNotFound();
  const at = o.at ?? nowSeconds();
  return (await inTransaction(db, (tx) =>
    transition(tx, orderId, ['unpaid'], 'cancelled', { kind: 'member', userId, ip: o.ip }, { set: { closed_at: at }, at }),
  )) as OrderRecord;
}

/**
 * What other areas settle when a policy closes early, inside the closing transaction: the
 * endorsements area cancels pending endorsements (their charges refunded) and voids approved ones
 * that would take effect after the closing day. Registered by that area at import (it depends on
 * orders, not the other way round).
 */
export interface PolicyClosingStep {
  /** Charges that closing on `date` would give back, for the quote (fen, with a reference). */
  pending(sql: SQL, orderId: number, date: string): Promise<{ ref: string; amount: number }[]>;
  /** Settle them, in the closing transaction. */
  close(tx: SQL, orderId: number, date: string, actorId: number | null, at: number): Promise<void>;
}

const closingSteps: PolicyClosingStep[] = [];

/** Register a closing step (once, at import). */
export function onPolicyClosing(step: PolicyClosingStep): void {
  if (!closingSteps.includes(step)) closingSteps.push(step);
}

/** The days a surrender may be dated: from today to the last day of cover. */
function surrenderWindow(order: OrderRecord, today: string) {
  return { from: today, to: order.endDate };
}

export interface SurrenderQuote {
  date: string;
  /** The earliest allowed day (today) and why it is the default. */
  earliest: string;
  latest: string;
  reason: 'notStarted' | 'inForce';
  lines: SurrenderLine[];
  /** Charges of pending endorsements given back as well. */
  pending: { ref: string; amount: number }[];
  /** Fen: net paid on the policy, refund in all, what the policy keeps, the payer's balance before and after. */
  net: number;
  refund: number;
  kept: number;
  balance: number;
  balance_after: number;
}

async function checkSurrenderable(db: Db, userId: number, id: number, date: string | undefined, today: string) {
  const visible = await findVisibleOrder(db, userId, id);
  if (!visible) throw orderNotFound();
  if (visible.status !== 'effective') throw wrongState(visible.status);
  if (visible.endDate < today) throw wrongState('expired');
  const window = surrenderWindow(visible, today);
  const day = date ?? window.from;
  if (!isDate(day)) throw fieldError('date', 'order.dateInvalid');
  if (day < window.from || day > window.to) throw fieldError('date', 'order.surrenderDateOutside', window);
  return { order: visible, day };
}

/**
 * What surrendering on `date` (default: the earliest allowed day) would refund, per person, with
 * the pending endorsement charges and the payer's balance after. Nothing is written.
 */
export async function surrenderQuote(db: Db, userId: number, input: { id: number; date?: string }, o: When = {}): Promise<SurrenderQuote> {
  const today = o.today ?? (await siteToday(db));
  const { order, day } = await checkSurrenderable(db, userId, input.id, input.date, today);
  const sql = db.sql;
  const pending = (await Promise.all(closingSteps.map((s) => s.pending(sql, order.id, day)))).flat();
  const pendingSum = pending.reduce((s, p) => s + p.amount, 0);
  const net = await netPremium(sql, order.id);
  const rows = order.namedList ? await allRows(sql, order.id) : [];
  const b = surrenderBreakdown(order, rows, day, net - pendingSum);
  const [u] = await sql`SELECT money FROM "user" WHERE id = ${order.payerId ?? order.userId}`;
  const balance = num(u?.money);
  const refund = b.refund + pendingSum;
  return {
    date: day,
    earliest: today,
    latest: order.endDate,
    reason: today < order.startDate ? 'notStarted' : 'inForce',
    lines: b.lines,
    pending,
    net,
    refund,
    kept: net - refund,
    balance,
    balance_after: balance + refund,
  };
}

/**
 * effective → surrendered on `date` (from today to the last day of cover; cover ends at the end
 * of that day): pending endorsements cancelled and later ones voided (closing steps), then per
 * person the part of what was paid that covers the days after `date` goes back to the payer,
 * once; rows end on `date`, rows whose cover never starts are removed.
 */
export async function surrenderOrder(
  db: Db,
  userId: number,
  input: { id: number; date: string },
  o: When & { ip?: string } = {},
): Promise<OrderRecord> {
  const today = o.today ?? (await siteToday(db));
  await checkSurrenderable(db, userId, input.id, input.date, today);
  const at = o.at ?? nowSeconds();
  return (await inTransaction(db, async (tx) => {
    const order = await transition(
      tx,
      input.id,
      ['effective'],
      'surrendered',
      { kind: 'member', userId, ip: o.ip },
      {
        note: input.date,
        set: { reason: input.date, closed_at: at },
        at,
      },
    );
    for (const step of closingSteps) await step.close(tx, order.id, input.date, userId, o.ledgerAt ?? at);
    const refund = await settleSurrender(tx, order, input.date, o.ledgerAt ?? at);
    await notifyOrder(tx, order, 'order_surrendered', { date: input.date, amount: refund }, at);
    return (await findOrder(tx, input.id)) as OrderRecord;
  })) as OrderRecord;
}

/** effective → expired once the last day of cover has passed. */
export async function expireOrder(db: Db, orderId: number, o: When = {}): Promise<OrderRecord> {
  const today = o.today ?? (await siteToday(db));
  const current = await findOrder(db, orderId);
  if (!current) throw orderNotFound();
  if (current.status === 'effective' && current.endDate >= today) throw wrongState(current.status);
  return (await inTransaction(db, (tx) =>
    transition(tx, orderId, ['effective'], 'expired', { kind: 'system', userId: null }, { at: o.at }),
  )) as OrderRecord;
}

/** Write `expired` on every effective order past its end date; returns how many. */
export async function expireDue(db: Db, o: When = {}): Promise<number> {
  const today = o.today ?? (await siteToday(db));
  const due = await db.sql`SELECT id FROM policy_order WHERE status = 'effective' AND end_date < ${today} ORDER BY id LIMIT 1000`;
  let n = 0;
  for (const r of due) {
    try {
      await expireOrder(db, num(r.id), { today, at: o.at });
      n++;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err; // someone else moved it: fine
    }
  }
  return n;
}
