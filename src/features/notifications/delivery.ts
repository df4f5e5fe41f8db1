/**
 * Copies of notifications outside the portal: e-mail and SMS. `notify()` records one pending
 * delivery row per copy in the caller's transaction ({@link planCopies}); after the commit
 * {@link dispatchDeliveries} sends them through `~/server/delivery`, each written in the member's
 * saved language, with an absolute link to the page (`PORTAL_URL`). A failed send is kept as
 * `failed` with `next_attempt_at` after a backoff (1 min, 5 min, 30 min, 2 h), then given up
 * (`next_attempt_at` NULL). {@link retryDueDeliveries} — the `notice-retries` job — sends every
 * delivery whose time has come; a row is claimed by a conditional UPDATE first, so two instances
 * never send the same copy twice.
 */
import type { SQL } from 'bun';
import { apiMessage } from '~/features/_shared/messages';
import { DEFAULT_LOCALE, type Locale } from '~/lib/types';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { deliver } from '~/server/delivery';
import { getSiteConfig } from '~/server/site-config';
import { noticeKind } from './kinds';
import { copyChoice } from './preferences';
import { localeOf } from './locale';
import { parseParams, renderNotification } from './render';

type Row = Record<string, unknown>;

export type DeliveryChannel = 'email' | 'sms';

/** Seconds to wait after the 1st, 2nd, 3rd and 4th failed try; after the 5th the service gives up. */
export const RETRY_BACKOFF = [60, 300, 1800, 7200] as const;

/** How long a claimed row stays with the instance sending it before another may try (a crash). */
const CLAIM_LEASE = 600;

/**
 * Record the copies a notification gets (inside the caller's transaction): e-mail where the
 * member has an address, SMS where a mobile is bound, each as the member's preference for the
 * kind's group says; a mandatory kind's copies go to every bound channel. Returns the row ids.
 */
export async function planCopies(sql: SQL, notificationId: number, userId: number, kind: string, at: number): Promise<number[]> {
  const [user] = await sql`SELECT email, mobile FROM "user" WHERE id = ${userId}`;
  if (!user) return [];
  const entry = noticeKind(kind);
  const choice = entry ? await copyChoice(sql, userId, entry.group) : { email: true, sms: false };
  const mandatory = entry?.mandatory === true;
  const channels: DeliveryChannel[] = [];
  if (user.email && (mandatory || choice.email)) channels.push('email');
  if (user.mobile && (mandatory || choice.sms)) channels.push('sms');
  const ids: number[] = [];
  const now = nowSeconds();
  for (const channel of channels) {
    const [row] = await sql`INSERT INTO notice_delivery (notification_id, user_id, channel, status, next_attempt_at, created_at, updated_at)
      VALUES (${notificationId}, ${userId}, ${channel}, 'pending', ${now}, ${at}, ${now}) RETURNING id`;
    ids.push(num(row.id));
  }
  return ids;
}

/** The portal's address for links in e-mail and SMS: `PORTAL_URL`, else the site's configured URL, else localhost. */
export async function portalUrl(db: Db): Promise<string> {
  const fromEnv = process.env.PORTAL_URL;
  if (fromEnv) return fromEnv.replace(/\/+$/, '');
  const { site } = await getSiteConfig(db);
  if (site.apiUrl) return site.apiUrl.replace(/\/+$/, '');
  return `http://localhost:${process.env.PORT ?? 3000}`;
}

/** The page a copy links to: the notification's page, never an API path (those go to the notices page). */
export function pagePath(link: string): string {
  if (!link.startsWith('/') || link.startsWith('//') || link.startsWith('/userapi') || link.startsWith('/api')) return '/user/notice';
  return link;
}

/** Claim a due row for this instance (attempts + 1, a lease); null when it is not due or another instance has it. */
async function claim(db: Db, id: number, now: number): Promise<Row | null> {
  const [row] = await db.sql`UPDATE notice_delivery SET attempts = attempts + 1, next_attempt_at = ${now + CLAIM_LEASE}, updated_at = ${now}
    WHERE id = ${id} AND status <> 'sent' AND next_attempt_at IS NOT NULL AND next_attempt_at <= ${now}
    RETURNING *`;
  return row ?? null;
}

/** Send one claimed delivery; returns whether it went out. */
async function attempt(db: Db, id: number, now: number): Promise<boolean | null> {
  const row = await claim(db, id, now);
  if (!row) return null;
  const attempts = num(row.attempts);
  let address = '';
  try {
    const [n] = await db.sql`SELECT * FROM notification WHERE id = ${num(row.notification_id)}`;
    const [u] = await db.sql`SELECT email, mobile FROM "user" WHERE id = ${num(row.user_id)}`;
    const channel = String(row.channel) as DeliveryChannel;
    address = String((channel === 'email' ? u?.email : u?.mobile) ?? '');
    if (!n || !address) throw new Error(n ? `no ${channel === 'email' ? 'e-mail address' : 'mobile'} bound` : 'notification gone');
    const locale = await localeOf(db, num(row.user_id));
    const { site } = await getSiteConfig(db, locale);
    const { title, body } = renderNotification(locale, String(n.kind), parseParams(n.params));
    const link = `${await portalUrl(db)}${pagePath(String(n.link ?? ''))}`;
    const text =
      channel === 'email'
        ? `${body}\n\n${apiMessage(locale, 'notification.mailFooter', { link })}`
        : apiMessage(locale, 'notification.sms', { site: site.siteName, title, body, link });
    await deliver({ channel, to: address, event: String(n.kind), subject: `${title} - ${site.siteName}`, text });
    await db.sql`UPDATE notice_delivery SET status = 'sent', address = ${address}, sent_at = ${now}, next_attempt_at = NULL,
      last_error = '', updated_at = ${now} WHERE id = ${id}`;
    return true;
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const wait = RETRY_BACKOFF[attempts - 1];
    const next = wait === undefined || !address ? null : now + wait;
    await db.sql`UPDATE notice_delivery SET status = 'failed', address = ${address}, last_error = ${message}, next_attempt_at = ${next},
      updated_at = ${now} WHERE id = ${id}`;
    console.error(`[notice] delivery ${id} failed (try ${attempts}${next ? ', will retry' : ', gave up'}):`, message);
    return false;
  }
}

/** Send the given pending deliveries now (after the transaction that recorded them committed). */
export async function dispatchDeliveries(db: Db, ids: number[], now = nowSeconds()): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const id of ids) {
    const done = await attempt(db, id, now);
    if (done === true) sent++;
    else if (done === false) failed++;
  }
  return { sent, failed };
}

/** Send every delivery whose next try is due at `now` (oldest first, at most `limit` a run). */
export async function retryDueDeliveries(db: Db, now = nowSeconds(), limit = 200): Promise<{ sent: number; failed: number }> {
  const rows: Row[] = await db.sql`SELECT id FROM notice_delivery
    WHERE status <> 'sent' AND next_attempt_at IS NOT NULL AND next_attempt_at <= ${now}
    ORDER BY next_attempt_at, id LIMIT ${limit}`;
  return dispatchDeliveries(
    db,
    rows.map((r) => num(r.id)),
    now,
  );
}

/** The scheduler's job: every minute, send the copies that are due (first tries left behind and retries). */
export const noticeRetriesJob = {
  name: 'notice-retries',
  everySeconds: 60,
  run: (db: Db, now: number) => retryDueDeliveries(db, now),
} as const;

/** A delivery as the operator's list shows it. */
export interface DeliveryView {
  id: number;
  notification_id: number;
  user_id: number;
  username: string;
  kind: string;
  /** The notice's title in the reader's language. */
  title: string;
  channel: DeliveryChannel;
  /** `retrying`: failed, another try is due at `next_attempt_at`. */
  status: 'pending' | 'sent' | 'failed' | 'retrying';
  address: string;
  attempts: number;
  last_error: string;
  next_attempt_at: number | null;
  sent_at: number | null;
  created_at: number;
}

/** Recent deliveries, newest first, optionally of one status (operators). */
export async function listDeliveries(
  db: Db,
  q: { status: string; page: number; limit: number },
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ list: DeliveryView[]; total: number }> {
  const where =
    q.status === 'retrying'
      ? db.sql`d.status = 'failed' AND d.next_attempt_at IS NOT NULL`
      : q.status === 'failed'
        ? db.sql`d.status = 'failed' AND d.next_attempt_at IS NULL`
        : q.status
          ? db.sql`d.status = ${q.status}`
          : db.sql`1 = 1`;
  const [c] = await db.sql`SELECT COUNT(*) AS n FROM notice_delivery d WHERE ${where}`;
  const total = num(c.n);
  if (!total) return { list: [], total };
  const rows: Row[] = await db.sql`SELECT d.*, n.kind, n.params, u.username FROM notice_delivery d
    JOIN notification n ON n.id = d.notification_id LEFT JOIN "user" u ON u.id = d.user_id
    WHERE ${where} ORDER BY d.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return {
    list: rows.map((r) => {
      const retrying = r.status === 'failed' && r.next_attempt_at !== null && r.next_attempt_at !== undefined;
      return {
        id: num(r.id),
        notification_id: num(r.notification_id),
        user_id: num(r.user_id),
        username: String(r.username ?? ''),
        kind: String(r.kind),
        title: renderNotification(locale, String(r.kind), parseParams(r.params)).title,
        channel: String(r.channel) as DeliveryChannel,
        status: retrying ? 'retrying' : (String(r.status) as DeliveryView['status']),
        address: String(r.address ?? ''),
        attempts: num(r.attempts),
        last_error: String(r.last_error ?? ''),
        next_attempt_at: r.next_attempt_at === null || r.next_attempt_at === undefined ? null : num(r.next_attempt_at),
        sent_at: r.sent_at === null || r.sent_at === undefined ? null : num(r.sent_at),
        created_at: num(r.created_at),
      };
    }),
    total,
  };
}

/** How many deliveries are in each status (the operator page's tabs). */
export async function deliveryCounts(db: Db): Promise<Record<'pending' | 'sent' | 'failed' | 'retrying', number>> {
  const rows: Row[] = await db.sql`SELECT status, CASE WHEN next_attempt_at IS NULL THEN 0 ELSE 1 END AS due, COUNT(*) AS n
    FROM notice_delivery GROUP BY status, CASE WHEN next_attempt_at IS NULL THEN 0 ELSE 1 END`;
  const out = { pending: 0, sent: 0, failed: 0, retrying: 0 };
  for (const r of rows) {
    const n = num(r.n);
    if (r.status === 'failed') out[num(r.due) ? 'retrying' : 'failed'] += n;
    else if (r.status === 'sent') out.sent += n;
    else out.pending += n;
  }
  return out;
}
