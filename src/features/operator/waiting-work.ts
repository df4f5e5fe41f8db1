/**
 * Waiting work of the operator console: how many rows each queue page lists by default (the
 * underwriting queue, endorsements submitted, open claims, invoices applied for, top-ups pending,
 * seals pending). Each count is the `total` of the queue's own list function with the filter its
 * page starts with, so the badge and the page can never disagree.
 */
import { listTopupsForReview } from '~/features/account';
import { listQueue } from '~/features/claims';
import { baseEndorseContext, listForOperator, runDueSandbox, siteToday } from '~/features/endorse';
import { listInvoices } from '~/features/invoices';
import { underwritingQueue } from '~/features/orders';
import { operatorListSeals } from '~/features/sealing';
import { tryRequestContext } from '~/server/context';
import { type Db, getDb } from '~/server/db/client';
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

const first = { page: 1, limit: 1 } as const;

const COUNTERS: Record<QueueName, (db: Db, timeZone: string) => Promise<number>> = {
  underwriting: async (db) => (await underwritingQueue(db, first)).total,
  endorsements: async (db) => {
    // The queue page decides due sandbox endorsements before it lists: so does its count.
    await runDueSandbox(db, baseEndorseContext());
    return (await listForOperator(db, { status: 'submitted', keyword: '', ...first }, await siteToday(db))).total;
  },
  claims: async (db, timeZone) =>
    (await listQueue(db, { status: '', type: '', keyword: '', start: '', end: '', ...first }, timeZone)).total,
  invoices: async (db) => (await listInvoices(db, null, { status: 'applied', keyword: '', ...first })).total,
  topups: async (db) => (await listTopupsForReview(db, { status: 'pending', ...first })).total,
  seals: async (db) => (await operatorListSeals(db, { status: 'pending', keyword: '', ...first })).total,
};

/** Within a page request the sidebar's badges and the landing's tiles share one count per queue. */
const countThisRequest = requestMemo<QueueName, number>();

/** The counts of the given queues (all six by default), in parallel. */
export async function waitingWork(db: Db, timeZone: string, queues: readonly QueueName[] = QUEUES): Promise<WaitingWork> {
  const ctx = tryRequestContext();
  const count = (q: QueueName) => (ctx ? countThisRequest(ctx, db, q, () => COUNTERS[q](db, timeZone)) : COUNTERS[q](db, timeZone));
  const counts = await Promise.all(queues.map(count));
  return Object.fromEntries(queues.map((q, i) => [q, counts[i]]));
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
