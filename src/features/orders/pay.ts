/**
 * Paying an order (unpaid → paid → underwriting): the one ledger debit per order, replays by
 * request id, and the hand-over to the insurer once the transaction has committed.
 */
import { insurerSettings } from '~/features/insurer';
import { movePremium } from '~/features/ledger';
import { fenToYuan } from '~/lib/money';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { isDomainError } from '~/server/errors';
import { orderNotFound, shortBalance, wrongState } from './errors';
import { notifyOrder, notifyUnderwritingQueued } from './notices';
import { findOrder, findVisibleOrder, ledgerParams, type OrderRecord } from './records';
import { type Actor, transition, type When } from './transition';
import { handToInsurer, scheduleUnderwriting, submitUnderwriting } from './underwriting';
import { inTransaction } from '~/server/db/after-commit';

export interface PayResult {
  order: OrderRecord;
  replayed: boolean;
}

/**
 * unpaid → paid → underwriting: debit the payer's balance through the ledger (kind `payment`,
 * reference the order number) exactly once per order, however often it is clicked; the same
 * request id repeated answers with the order as it is now. Short balance: 400 field `balance`
 * with `{required, available}`. The insurer is asked after the transaction commits.
 */
export async function payOrder(
  db: Db,
  userId: number,
  input: { id: number; request_id: string },
  o: When & { ip?: string; underwrite?: boolean } = {},
): Promise<PayResult> {
  const visible = await findVisibleOrder(db, userId, input.id);
  if (!visible) throw orderNotFound();
  const at = o.at ?? nowSeconds();
  const actor: Actor = { kind: 'member', userId, ip: o.ip };
  const settings = await insurerSettings(db);
  const insurer = o.underwrite === false ? null : settings;
  const manual = settings.mode === 'manual';
  const result = (await inTransaction(db, async (tx) => {
    const current = await findOrder(tx, input.id);
    if (!current) throw orderNotFound();
    if (current.status !== 'unpaid') {
      if (current.payRequestId === input.request_id) return { order: current, replayed: true };
      throw wrongState(current.status);
    }
    let paid: OrderRecord;
    try {
      paid = await transition(tx, input.id, ['unpaid'], 'paid', actor, {
        set: { payer_id: userId, pay_request_id: input.request_id, paid_at: at },
        at,
      });
    } catch (err) {
      // A racing pay with the same request id won: same answer as a replay.
      const now = await findOrder(tx, input.id);
      if (now && now.status !== 'unpaid' && now.payRequestId === input.request_id) return { order: now, replayed: true };
      throw err;
    }
    const [u] = await tx`SELECT money FROM "user" WHERE id = ${userId}`;
    const available = u ? num(u.money) : 0;
    if (available < paid.premium) throw shortBalance(fenToYuan(paid.premium), fenToYuan(available));
    try {
      await movePremium(tx, {
        orderId: paid.id,
        userId,
        amount: paid.premium,
        kind: 'premium',
        source: { type: 'order', id: paid.id },
        params: ledgerParams('order.pay', paid),
        reference: paid.orderNo,
        requestId: `order-pay:${paid.id}`,
        effectiveDate: paid.startDate,
        at: o.ledgerAt ?? at,
      });
    } catch (err) {
      if (isDomainError(err) && err.key === 'ledger.insufficientBalance') throw shortBalance(fenToYuan(paid.premium), fenToYuan(available));
      throw err;
    }
    await notifyOrder(tx, paid, 'order_paid', { amount: paid.premium }, at);
    const submitted = await submitUnderwriting(tx, paid.id, { at });
    if (insurer) await handToInsurer(tx, paid.id, insurer, at);
    if (manual) await notifyUnderwritingQueued(tx, submitted, at);
    return { order: submitted, replayed: false };
  })) as PayResult;
  if (!result.replayed && insurer) await scheduleUnderwriting(db, result.order.id, insurer);
  return result;
}
