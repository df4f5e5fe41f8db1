/**
 * Notifications: one row per thing a member should know (kind + params + link), rendered in the
 * reader's language when it is read, so a member who switches language sees every notification in
 * the new one. Any area may notify: it writes the row inside its own transaction with
 * {@link notify} and keeps its texts under `notify.<kind>.title` / `.body` in its messages.
 * E-mail copies are sent after the transaction commits ({@link sendNotificationMail}).
 */
import type { SQL } from 'bun';
import { apiMessage } from '~/features/_shared/messages';
import { isLocale } from '~/lib/i18n';
import { DEFAULT_LOCALE, type Locale } from '~/lib/types';
import { type Db, num, numOrNull, nowSeconds } from '~/server/db/client';
import { deliver } from '~/server/delivery';
import { getSiteConfig } from '~/server/site-config';
import type { NotificationListQuery, NotificationReadInput } from './schemas';

/** A parameter value that is itself a message key, translated when the notification is rendered. */
export const MESSAGE_PARAM = 'msg:';

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

/** Write one notification inside the caller's transaction (or on its own). Returns its id. */
export async function notify(target: Db | SQL, n: NotificationInput): Promise<number> {
  const sql = 'sql' in target ? target.sql : target;
  const [row] = await sql`INSERT INTO notification (user_id, kind, params, link, read_at, created_at)
    VALUES (${n.userId}, ${n.kind}, ${JSON.stringify(n.params ?? {})}, ${n.link ?? ''}, ${n.readAt ?? null}, ${n.at ?? nowSeconds()})
    RETURNING id`;
  return num(row.id);
}

function parseParams(raw: unknown): Record<string, string | number> {
  try {
    const p = JSON.parse(String(raw ?? '{}'));
    return p && typeof p === 'object' && !Array.isArray(p) ? p : {};
  } catch {
    return {};
  }
}

/** Title and body of a notification kind in a language. */
export function renderNotification(locale: Locale, kind: string, params: Record<string, string | number>): { title: string; body: string } {
  const p: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    p[k] = typeof v === 'string' && v.startsWith(MESSAGE_PARAM) ? apiMessage(locale, v.slice(MESSAGE_PARAM.length)) : v;
  }
  return { title: apiMessage(locale, `notify.${kind}.title`, p), body: apiMessage(locale, `notify.${kind}.body`, p) };
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
    await db.sql`SELECT * FROM notification WHERE ${where} ORDER BY id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
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
  await db.sql`UPDATE notification SET read_at = ${nowSeconds()} WHERE user_id = ${userId} AND read_at IS NULL AND link = ${link}`;
}

/** Remember the language a member uses (e-mail to them is written in it). */
export async function rememberLocale(db: Db, userId: number, locale: Locale): Promise<void> {
  const now = nowSeconds();
  await db.sql`INSERT INTO member_locale (user_id, locale, updated_at) VALUES (${userId}, ${locale}, ${now})
    ON CONFLICT (user_id) DO UPDATE SET locale = ${locale}, updated_at = ${now}`;
}

/**
 * Remember the language only when it changed (a read, and a write only on a change): the member
 * centre calls it on every page, so the saved language follows the one the member reads in.
 */
export async function noteLocale(db: Db, userId: number, locale: Locale): Promise<void> {
  const [r] = await db.sql`SELECT locale FROM member_locale WHERE user_id = ${userId}`;
  if (r?.locale !== locale) await rememberLocale(db, userId, locale);
}

/** The language saved for a member, else the default (zh-cn). */
export async function localeOf(db: Db, userId: number): Promise<Locale> {
  const [r] = await db.sql`SELECT locale FROM member_locale WHERE user_id = ${userId}`;
  return r && isLocale(r.locale) ? r.locale : DEFAULT_LOCALE;
}

/** An e-mail copy of a notification, queued by a transaction and sent after it commits. */
export interface NotificationMail {
  userId: number;
  /** The outbox event, e.g. `claim_status`. */
  event: string;
  kind: string;
  params: Record<string, string | number>;
  link: string;
}

/**
 * Send e-mail copies of notifications, each in its member's saved language, to members who have
 * an e-mail address. Call after the transaction that wrote the notifications committed; a failed
 * delivery is logged and never undoes the change (the bell still has it).
 */
export async function sendNotificationMail(db: Db, mails: NotificationMail[]): Promise<number> {
  let sent = 0;
  for (const m of mails) {
    try {
      const [u] = await db.sql`SELECT email FROM "user" WHERE id = ${m.userId}`;
      const to = u?.email ? String(u.email) : '';
      if (!to) continue;
      const locale = await localeOf(db, m.userId);
      const { site } = await getSiteConfig(db, locale);
      const { title, body } = renderNotification(locale, m.kind, m.params);
      const link = `${site.apiUrl.replace(/\/+$/, '')}${m.link}`;
      await deliver({
        channel: 'email',
        to,
        event: m.event,
        subject: `${title} - ${site.siteName}`,
        text: `${body}\n\n${apiMessage(locale, 'notification.mailFooter', { link })}`,
      });
      sent++;
    } catch (err) {
      console.error('[notification] e-mail failed:', err instanceof Error ? err.message : err);
    }
  }
  return sent;
}

/** The bell's content: unread count and the latest notifications, rendered in `locale`. */
export async function bellSummary(db: Db, userId: number, locale: Locale, limit = 20): Promise<{ list: BellItem[]; unread: number }> {
  // On every member page: the unread count and the latest entries, without the list's total.
  const unread = await unreadCount(db, userId);
  const rows: Row[] = await db.sql`SELECT * FROM notification WHERE user_id = ${userId} ORDER BY id DESC LIMIT ${limit}`;
  return { list: rows.map((r) => toBellItem(r, locale)), unread };
}
