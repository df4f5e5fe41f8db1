/**
 * Who hears of an endorsement's changes (issue #30), inside the transaction of the change: the
 * member who owns it (its money moves on their balance), and the endorsement reviewers (everyone
 * whose group lists `operator/endorsements` explicitly) when one waits for a person's decision.
 */
import type { SQL } from 'bun';
import { MESSAGE_PARAM, notify } from '~/features/notifications';
import { membersWithRule } from '~/server/permissions';
import type { Endorsement } from './model';

/** The endorsement's page for its member, and for the reviewers. */
export const endorseLink = (id: number) => `/user/order/endorseDetail?id=${id}`;
export const endorseReviewLink = (id: number) => `/user/operator/endorseDetail?id=${id}`;

export type EndorseNoticeKind = 'endorse_submitted' | 'endorse_approved' | 'endorse_rejected' | 'endorse_withdrawn';

/** The owner hears of `kind`; amounts in fen (charged on submit, refunded on reject/withdraw/approve). */
export async function notifyEndorse(
  tx: SQL,
  e: Endorsement,
  kind: EndorseNoticeKind,
  params: Record<string, string | number> = {},
): Promise<void> {
  const all = { apply_no: e.applyNo, endorse_no: e.endorseNo ?? '', policy_no: e.policyNo, effective_date: e.effectiveDate, ...params };
  await notify(tx, { userId: e.userId, kind, params: all, link: endorseLink(e.id) });
}

/** A submitted endorsement waits for a reviewer (`work_queued`, queue `endorsements`). */
export async function notifyEndorseQueued(tx: SQL, e: Endorsement): Promise<void> {
  const params = { queue: 'endorsements', queue_name: `${MESSAGE_PARAM}notify.queues.endorsements`, ref: e.applyNo, policy_no: e.policyNo };
  for (const op of await membersWithRule(tx, 'operator/endorsements')) {
    await notify(tx, { userId: op, kind: 'work_queued', params, link: endorseReviewLink(e.id) });
  }
}
