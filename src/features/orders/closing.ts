/**
 * Closing an order: a member cancels an unpaid one or surrenders an effective one (refund and
 * roster end included); the system expires cover that has run out.
 */
import { type Db, num, nowSeconds } from '~/server/db/client';
import { DomainError } from '~/server/errors';
import { addDays, isDate } from './dates';
import { fieldError, orderNotFound, wrongState } from './errors';
import { endInsured } from './insured';
import { findOrder, findVisibleOrder, type OrderRecord, siteToday } from './records';
import { refund, surrenderRefund } from './refunds';
import { transition, type When } from './transition';

/** unpaid → cancelled, by a member who may see the order. */
export async function cancelOrder(db: Db, userId: number, orderId: number, o: When & { ip?: string } = {}): Promise<OrderRecord> {
  if (!(await findVisibleOrder(db, userId, orderId))) throw orderNotFound();
  const at = o.at ?? nowSeconds();
  return (await db.sql.begin((tx) =>
    transition(tx, orderId, ['unpaid'], 'cancelled', { kind: 'member', userId, ip: o.ip }, { set: { closed_at: at }, at }),
  )) as OrderRecord;
}

/**
 * effective → surrendered on `date` (from today to the last day of cover): the pro-rata refund to
 * the payer's balance, once; every insured row ends on that date.
 */
export async function surrenderOrder(
  db: Db,
  userId: number,
  input: { id: number; date: string },
  o: When & { ip?: string } = {},
): Promise<OrderRecord> {
  const visible = await findVisibleOrder(db, userId, input.id);
  if (!visible) throw orderNotFound();
  const today = o.today ?? (await siteToday(db));
  if (visible.status === 'effective' && visible.endDate < today) throw wrongState('expired');
  if (!isDate(input.date)) throw fieldError('date', 'order.dateInvalid');
  if (visible.status === 'effective' && (input.date < today || input.date > visible.endDate)) {
    throw fieldError('date', 'order.surrenderDateOutside', { from: today, to: visible.endDate });
  }
  const at = o.at ?? nowSeconds();
  return (await db.sql.begin(async (tx) => {
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
    await endInsured(tx, order.id, input.date < order.startDate ? addDays(order.startDate, -1) : input.date);
    await refund(tx, order, surrenderRefund(order, input.date), 'surrendered', o.ledgerAt ?? at);
    return (await findOrder(tx, input.id)) as OrderRecord;
  })) as OrderRecord;
}

/** effective → expired once the last day of cover has passed. */
export async function expireOrder(db: Db, orderId: number, o: When = {}): Promise<OrderRecord> {
  const today = o.today ?? (await siteToday(db));
  const current = await findOrder(db, orderId);
  if (!current) throw orderNotFound();
  if (current.status === 'effective' && current.endDate >= today) throw wrongState(current.status);
  return (await db.sql.begin((tx) =>
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
