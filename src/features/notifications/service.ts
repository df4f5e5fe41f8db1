/**
 * Notifications: one row per thing a member should know (kind + params + link), rendered in the
 * reader's language when it is read, so a member who switches language sees every notification in
 * the new one. Any area may notify: it writes the row inside its own transaction with
 * {@link notify} and keeps its texts under `notify.<kind>.title` / `.body` in its messages.
 * In the same transaction it records one pending delivery per copy the member gets (e-mail where
 * an address is bound, SMS where a mobile is bound and the member opted in; mandatory kinds
 * whatever the preferences say); they are sent after the commit (`delivery.ts`) and retried with
 * backoff by the `notice-retries` job.
 */
import type { SQL } from 'bun';
import type { Locale } from '~/lib/types';
import { type Db, num, numOrNull, nowSeconds } from '~/server/db/client';
import { afterCommit } from '~/server/db/after-commit';
import { tryRequestContext } from '~/server/context';
import { dispatchDeliveries, planCopies } from './delivery';
import { MESSAGE_PARAM, parseParams, renderNotification } from './render';

export { localeOf, noteLocale, rememberLocale } from './locale';
export { MESSAGE_PARAM, renderNotification } from './render';
import type { NotificationListQuery, NotificationReadInput } from './schemas';

export interface NotificationInput {
  userId: number;
  /** Names the texts: `notify.<kind>.title` and `notify.<kind>.body` in some area's messages. */
  kind: string;
  /** Placeholders of the texts; a string `msg:<key>` is translated in the reader's language. */
  params?: Record<string, string | number>;
  /** Same-origin path the notification opens, e.g. `/user/claim/detail?id=7`. */
  link?: string;
  /** Creation time (Unix seconds), default now; for demo data. */
  at?: number;
  /** Read already at this time (demo data). */
  readAt?: number;
  /** `false`: in the bell only, no e-mail/SMS copies (imports; demo history). */
  copies?: boolean;
}

export interface NotificationView {
  id: number;
  title: string;
  body: string;
  link: string;
  read: boolean;
  created_at: number;
}

type Row = Record<string, unknown>;

/**
 * Write one notification inside the caller's transaction (or on its own), with a pending delivery
 * row per copy. Copies go out once the transaction commits (a transaction opened with
 * `inTransaction`; any other is picked up by the retry job), at once when `target` is the database.
 * Returns the notification's id.
 */
export async function notify(target: Db | SQL, n: NotificationInput): Promise<number> {
  const sql = 'sql' in target ? target.sql : target;
  const at = n.at ?? nowSeconds();
  const [row] = await sql`INSERT INTO notification (user_id, kind, params, link, read_at, created_at)
    VALUES (${n.userId}, ${n.kind}, ${JSON.stringify(n.params ?? {})}, ${n.link ?? ''}, ${n.readAt ?? null}, ${at})
    RETURNING id`;
  const id = num(row.id);
  const deliveries = n.copies === false ? [] : await planCopies(sql, id, n.userId, n.kind, at);
  if (deliveries.length) {
    if ('sql' in target) await dispatchDeliveries(target, deliveries);
    else afterCommit(sql, (db) => dispatchDeliveries(db, deliveries));
  }
  return id;
}

/** A bell entry: the view, and the values the member or staff typed (notes, names, numbers) — data, not text. */
export interface BellItem extends NotificationView {
  data: string[];
}

function toBellItem(r: Row, locale: Locale): BellItem {
  const params = parseParams(r.params);
  const data = Object.values(params).filter(
    (v): v is string => typeof v === 'string' && v !== '' && v !== '-' && !v.startsWith(MESSAGE_PARAM),
  );
  return { ...toView(r, locale), data };
}

function toView(r: Row, locale: Locale): NotificationView {
  const { title, body } = renderNotification(locale, String(r.kind), parseParams(r.params));
  return { id: num(r.id), title, body, link: String(r.link ?? ''), read: numOrNull(r.read_at) !== null, created_at: num(r.created_at) };
}

/** The member's unread count. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [r] = await db.sql`SELECT COUNT(*) AS n FROM notification WHERE user_id = ${userId} AND read_at IS NULL`;
  return num(r.n);
}

/** One member's notifications, newest first, rendered in `locale`; `unread` filters to unread ones. */
export async function listNotifications(
  db: Db,
  userId: number,
  q: NotificationListQuery,
  locale: Locale,
): Promise<{ list: NotificationView[]; total: number; unread: number }> {
  const unread = await unreadCount(db, userId);
  const where = q.unread ? db.sql`user_id = ${userId} AND read_at IS NULL` : db.sql`user_id = ${userId}`;
  let total = unread;
  if (!q.unread) {
    const [r] = await db.sql`SELECT COUNT(*) AS n FROM notification WHERE ${where}`;
    total = num(r.n);
  }
  if (total === 0) return { list: [], total, unread };
  const rows: Row[] =
    await db.sql`SELECT * FROM notification WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return { list: rows.map((r) => toView(r, locale)), total, unread };
}

/** Mark some (own ones only; others' ids are ignored) or all of a member's notifications read. Returns the unread count after. */
export async function markRead(db: Db, userId: number, input: NotificationReadInput): Promise<{ unread: number }> {
  const now = nowSeconds();
  if ('all' in input) {
    await db.sql`UPDATE notification SET read_at = ${now} WHERE user_id = ${userId} AND read_at IS NULL`;
  } else {
    await db.sql`UPDATE notification SET read_at = ${now} WHERE user_id = ${userId} AND read_at IS NULL AND id IN ${db.sql(input.ids)}`;
  }
  return { unread: await unreadCount(db, userId) };
}

/** Mark read a member's unread notifications that open `link` (the page they lead to was seen). */
export async function markReadByLink(db: Db, userId: number, link: string): Promise<void> {
  // An operator viewing the member's centre (decision 0016) leaves what the member sees as it was.
  if (tryRequestContext()?.session?.viewAs) return;
  await db.sql`UPDATE notification SET read_at = ${nowSeconds()} WHERE user_id = ${userId} AND read_at IS NULL AND link = ${link}`;
}

/** The bell's content: unread count and the latest notifications, rendered in `locale`. */
export async function bellSummary(db: Db, userId: number, locale: Locale, limit = 20): Promise<{ list: BellItem[]; unread: number }> {
  // On every member page: the unread count and the entries, unread first (what still wants the
  // member's attention is never pushed out by newer read ones), then newest; no list total.
  // Two index-backed reads (the unread ones, then the newest read ones to fill the list) instead of
  // one ORDER BY over an expression, which sorted the member's whole history on every page.
  const unread = await unreadCount(db, userId);
  const waiting: Row[] = await db.sql`SELECT * FROM notification WHERE user_id = ${userId} AND read_at IS NULL
    ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
  const room = limit - waiting.length;
  const seen: Row[] =
    room > 0
      ? await db.sql`SELECT * FROM notification WHERE user_id = ${userId} AND read_at IS NOT NULL
          ORDER BY created_at DESC, id DESC LIMIT ${room}`
      : [];
  return { list: [...waiting, ...seen].map((r) => toBellItem(r, locale)), unread };
}

/** The notices page: one page of the member's notices (with their data values), the total of the filter, and both tab counts. */
export async function listNotices(
  db: Db,
  userId: number,
  q: NotificationListQuery,
  locale: Locale,
): Promise<{ list: BellItem[]; total: number; unread: number; all: number }> {
  const unread = await unreadCount(db, userId);
  const [c] = await db.sql`SELECT COUNT(*) AS n FROM notification WHERE user_id = ${userId}`;
  const all = num(c.n);
  const total = q.unread ? unread : all;
  if (total === 0) return { list: [], total, unread, all };
  const where = q.unread ? db.sql`user_id = ${userId} AND read_at IS NULL` : db.sql`user_id = ${userId}`;
  const rows: Row[] =
    await db.sql`SELECT * FROM notification WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return { list: rows.map((r) => toBellItem(r, locale)), total, unread, all };
}
