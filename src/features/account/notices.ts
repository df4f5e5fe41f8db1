/**
 * Who hears of a top-up (issue #30): the member when an operator credits or rejects it, and the
 * operators who check top-ups (everyone whose group lists `operator/topups` explicitly) when a
 * member asks for one. Each call runs inside the transaction of the change.
 */
import type { SQL } from 'bun';
import { MESSAGE_PARAM, notify } from '~/features/notifications';
import { membersWithRule } from '~/server/permissions';
import type { Topup } from './topup';

/** The member's page listing their top-ups, and the operators' review queue. */
export const TOPUP_MEMBER_LINK = '/user/account/balance';
export const TOPUP_QUEUE_LINK = '/user/operator/topups';

/** The member: their top-up was credited (`topup_credited`) or rejected with a reason (`topup_rejected`). */
export async function notifyTopupDecided(tx: SQL, t: Topup, at: number): Promise<void> {
  const credited = t.status === 'confirmed';
  await notify(tx, {
    userId: t.userId,
    kind: credited ? 'topup_credited' : 'topup_rejected',
    params: credited ? { amount: t.amount, payment_ref: t.paymentRef } : { amount: t.amount, payment_ref: t.paymentRef, reason: t.reason },
    link: TOPUP_MEMBER_LINK,
    at,
  });
}

/** The operators who check top-ups: a new one is waiting (`work_queued`, queue `topups`). */
export async function notifyTopupQueued(tx: SQL, t: Topup, at: number): Promise<void> {
  const params = { queue: 'topups', queue_name: `${MESSAGE_PARAM}notify.queues.topups`, ref: t.paymentRef, amount: t.amount };
  for (const op of await membersWithRule(tx, 'operator/topups')) {
    await notify(tx, { userId: op, kind: 'work_queued', params, link: TOPUP_QUEUE_LINK, at });
  }
}
