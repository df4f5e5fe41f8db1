/**
 * Who hears of a seal's review (issue #30), inside the transaction of the change: the company
 * (main account) that owns the seal when an operator approves, rejects or revokes it, and the seal reviewers
 * (everyone whose group lists `operator/seals` explicitly) when a new seal waits for review.
 */
import type { SQL } from 'bun';
import { MESSAGE_PARAM, notify } from '~/features/notifications';
import { membersWithRule } from '~/server/permissions';

/** The member's seal centre, and the console's seal review queue. */
export const SEAL_CENTRE_LINK = '/user/file/sealfile';
export const SEAL_QUEUE_LINK = '/user/operator/seals';

type Row = Record<string, unknown>;

const REVIEW_KINDS = { approved: 'seal_approved', rejected: 'seal_rejected', revoked: 'seal_revoked' } as const;

/** The owner: `seal_approved`, or `seal_rejected` / `seal_revoked` with the operator's reason. */
export async function notifySealReviewed(tx: SQL, seal: Row, at: number): Promise<void> {
  const status = String(seal.status) as keyof typeof REVIEW_KINDS;
  const params: Record<string, string> = { name: String(seal.name) };
  if (status !== 'approved') params.reason = String(seal.reason ?? '') || '-';
  await notify(tx, {
    userId: Number(seal.user_id),
    kind: REVIEW_KINDS[status],
    params,
    link: SEAL_CENTRE_LINK,
    at,
  });
}

/** A new seal waits for review (`work_queued`, queue `seals`). */
export async function notifySealQueued(tx: SQL, seal: Row, at: number): Promise<void> {
  const params = { queue: 'seals', queue_name: `${MESSAGE_PARAM}notify.queues.seals`, ref: String(seal.name) };
  for (const op of await membersWithRule(tx, 'operator/seals')) {
    await notify(tx, { userId: op, kind: 'work_queued', params, link: SEAL_QUEUE_LINK, at });
  }
}
