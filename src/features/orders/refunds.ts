/**
 * Money going back to the payer: the ledger refund of a refused or surrendered order (once per
 * order and purpose) and the pro-rata surrender amount.
 */
import type { SQL } from 'bun';
import { changeBalance } from '~/features/ledger';
import { addDays, daysBetween, periodDays } from './dates';
import type { OrderRecord } from './records';

/** Refund to the payer through the ledger, once per order and purpose (the request id says so). */
export async function refund(tx: SQL, order: OrderRecord, amount: number, purpose: 'refused' | 'surrendered', at: number): Promise<void> {
  // `at` is the ledger entry's time (see When.ledgerAt).
  if (amount <= 0 || order.payerId === null) return;
  await changeBalance(tx, {
    userId: order.payerId,
    amount,
    kind: 'refund',
    memo: purpose === 'refused' ? `${order.planName} 拒保退费` : `${order.planName} 退保退费`,
    reference: order.orderNo,
    requestId: `order-${purpose}:${order.id}`,
    at,
  });
  await tx`UPDATE policy_order SET refunded = refunded + ${amount} WHERE id = ${order.id}`;
}

/** The surrender refund: ⌊premium × days left / days in period⌋ fen; cover ends at the end of `date`. */
export function surrenderRefund(order: Pick<OrderRecord, 'premium' | 'startDate' | 'endDate'>, date: string): number {
  const total = periodDays(order.startDate, order.endDate);
  const lastCovered = date < order.startDate ? addDays(order.startDate, -1) : date;
  const left = Math.max(0, daysBetween(lastCovered, order.endDate));
  return Math.floor((order.premium * left) / total);
}
