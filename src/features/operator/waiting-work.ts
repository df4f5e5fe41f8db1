/**
 * Waiting work of the operator console: how many rows each queue page lists by default (the
 * underwriting queue, endorsements submitted, open claims, invoices applied for, top-ups pending,
 * seals pending): one COUNT per queue, with the filter the queue's page starts with, in one
 * statement per request.
 */
import { OPEN_STATUSES } from '~/features/claims/schemas';
import { baseEndorseContext, runDueSandbox } from '~/features/endorse';
import { tryRequestContext } from '~/server/context';
import { type Db, getDb, num } from '~/server/db/client';
import { refusePageCache } from '~/server/page-cache';
import { isOperatorMember } from '~/server/permissions';
import { getSiteConfig } from '~/server/site-config';
import { requestMemo } from '~/server/request-memo';

export const QUEUES = ['underwriting', 'endorsements', 'claims', 'invoices', 'topups', 'seals'] as const;
export type QueueName = (typeof QUEUES)[number];
export type WaitingWork = Partial<Record<QueueName, number>>;

/** The page of each queue and the query that lists exactly the counted rows. */
export const QUEUE_PAGES: Record<QueueName, { path: string; query: string }> = {
  underwriting: { path: '/user/operator/underwriting', query: '' },
  endorsements: { path: '/user/operator/endorsements', query: '' },
  claims: { path: '/user/operator/claims', query: '' },
  invoices: { path: '/user/operator/invoices', query: '' },
  // The top-up page lists every request (pending first): the count is its pending filter.
  topups: { path: '/user/operator/topups', query: 'status=pending' },
  seals: { path: '/user/operator/seals', query: '' },
};

/** The queue whose page is `href` (`/user/operator/claims`), if any. */
export function queueOf(href: string): QueueName | undefined {
  const path = href.split('?')[0];
  return QUEUES.find((q) => QUEUE_PAGES[q].path === path);
}

/** Where a queue's count links: its page, filtered to the counted rows. */
export const queueHref = (q: QueueName): string => QUEUE_PAGES[q].path + (QUEUE_PAGES[q].query ? `?${QUEUE_PAGES[q].query}` : '');

/**
 * All six counts in one statement, one COUNT per queue, each with the filter its page starts with
 * (the list functions' default filters: the waiting-work test holds them equal to the lists' totals).
 */
async function countQueues(db: Db): Promise<Record<QueueName, number>> {
  const sql = db.sql;
  const [r] = await sql`SELECT
    (SELECT COUNT(*) FROM policy_order WHERE status = 'underwriting') AS underwriting,
    (SELECT COUNT(*) FROM endorsement WHERE status = 'submitted') AS endorsements,
    (SELECT COUNT(*) FROM claim WHERE status IN ${sql([...OPEN_STATUSES])}) AS claims,
    (SELECT COUNT(*) FROM invoice WHERE status = 'applied') AS invoices,
    (SELECT COUNT(*) FROM topup WHERE status = 'pending') AS topups,
    (SELECT COUNT(*) FROM seal s JOIN "user" u ON u.id = s.user_id WHERE s.status = 'pending') AS seals`;
  return Object.fromEntries(QUEUES.map((q) => [q, num(r[q])])) as Record<QueueName, number>;
}

/** The counts of the request, once: the sidebar's badges and the landing's tiles share them. */
const countThisRequest = requestMemo<'all' | 'all-decided', Record<QueueName, number>>();

/**
 * The counts of the given queues (all six by default). Due sandbox endorsements are decided first,
 * as the endorsement queue's page does before it lists. A page that shows the counts is never kept
 * by the page cache (decision 0009): a decision in a queue changes another member's data, not the
 * operator's, so nothing in the cache key would move; staff's pages are rendered fresh instead.
 */
export async function waitingWork(db: Db, _timeZone: string, queues: readonly QueueName[] = QUEUES): Promise<WaitingWork> {
  const ctx = tryRequestContext();
  if (ctx) refusePageCache();
  const decide = queues.includes('endorsements');
  const load = async () => {
    if (decide) await runDueSandbox(db, baseEndorseContext());
    return countQueues(db);
  };
  const counts = ctx ? await countThisRequest(ctx, db, decide ? 'all-decided' : 'all', load) : await load();
  return Object.fromEntries(queues.map((q) => [q, counts[q]]));
}

/**
 * A part of the member-centre shell's tag for staff: the counts their sidebar shows, so an in-app
 * navigation after a decision brings a sidebar with the new counts (members: '').
 */
export async function waitingWorkTag(): Promise<string> {
  const ctx = tryRequestContext();
  if (!ctx?.session) return '';
  const db = getDb();
  if (!(await isOperatorMember(db, ctx.session.userId))) return '';
  const counts = await waitingWork(db, (await getSiteConfig(db)).site.timezone);
  return `-w${QUEUES.map((q) => counts[q] ?? 0).join('.')}`;
}
