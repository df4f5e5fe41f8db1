/**
 * Who hears of an order's changes (issue #30), inside the transaction of the change:
 * - the member who owns the order, and the payer too when another account paid it (a main account
 *   paying a sub-account's order): the owner cares about the cover, the payer about the money;
 * - the underwriters (everyone whose group lists `operator/underwriting` explicitly) when a paid
 *   order waits for a manual decision (insurer mode `manual`).
 */
import type { SQL } from 'bun';
import { MESSAGE_PARAM, notify } from '~/features/notifications';
import { membersWithRule } from '~/server/permissions';
import type { OrderRecord } from './records';

/** The order's page for its member, and the underwriting queue of the console. */
export const orderLink = (id: number) => `/user/order/groupDetail?id=${id}`;
export const UNDERWRITING_LINK = '/user/operator/underwriting';

export type OrderNoticeKind = 'order_paid' | 'order_issued' | 'order_refused' | 'order_surrendered';

/** The owner (and a different payer) of `order` hear of `kind`; params are values (fen, numbers, dates). */
export async function notifyOrder(
  tx: SQL,
  order: OrderRecord,
  kind: OrderNoticeKind,
  params: Record<string, string | number>,
  at: number,
): Promise<void> {
  const recipients = new Set([order.userId, order.payerId ?? order.userId]);
  const all = { order_no: order.orderNo, policy_no: order.policyNo ?? '', ...params };
  for (const userId of recipients) await notify(tx, { userId, kind, params: all, link: orderLink(order.id), at });
}

/** A paid order waits for an underwriter (insurer mode `manual`): `work_queued`, queue `underwriting`. */
export async function notifyUnderwritingQueued(tx: SQL, order: OrderRecord, at: number): Promise<void> {
  const params = {
    queue: 'underwriting',
    queue_name: `${MESSAGE_PARAM}notify.queues.underwriting`,
    ref: order.orderNo,
    amount: order.premium,
  };
  for (const op of await membersWithRule(tx, 'operator/underwriting')) {
    await notify(tx, { userId: op, kind: 'work_queued', params, link: UNDERWRITING_LINK, at });
  }
}
