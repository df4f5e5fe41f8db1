/**
 * The operators' renewals list: policies in force ending within 30 days, soonest first, each with
 * its renewal state — not reminded, reminded (the smallest threshold sent), renewal order created
 * (unpaid), renewed (the renewal order paid).
 */
import { addDays, daysBetween, siteToday } from '~/features/orders';
import { type Db, num } from '~/server/db/client';
import { LIVE_SUCCESSOR_STATES, RENEWED_STATES } from './quote';
import type { RenewalListQuery, RenewalState } from './schemas';

/** How far ahead the list looks (days). */
export const CONSOLE_DAYS = 30;

export interface RenewalRow {
  id: number;
  orderNo: string;
  policyNo: string;
  product: string;
  planName: string;
  planNameEn: string;
  holderName: string;
  member: string;
  endDate: string;
  daysLeft: number;
  premium: number;
  state: RenewalState;
  /** The smallest reminder threshold sent (days), or null. */
  remindedDays: number | null;
  /** When that reminder went out (Unix seconds). */
  remindedAt: number | null;
  /** The renewal order, when one stands. */
  renewal: { id: number; orderNo: string; status: string } | null;
}

/** The list, one page of it, and its total. */
export async function renewalConsole(
  db: Db,
  q: RenewalListQuery,
  o: { today?: string } = {},
): Promise<{ list: RenewalRow[]; total: number; today: string }> {
  const today = o.today ?? (await siteToday(db));
  const { sql } = db;
  const until = addDays(today, CONSOLE_DAYS);
  const renewed = sql`EXISTS (SELECT 1 FROM policy_order n WHERE n.renewal_of = o.id AND n.status IN ${sql([...RENEWED_STATES])})`;
  const ordered = sql`EXISTS (SELECT 1 FROM policy_order n WHERE n.renewal_of = o.id AND n.status = 'unpaid')`;
  const reminded = sql`EXISTS (SELECT 1 FROM renewal_reminder r WHERE r.order_id = o.id)`;
  const byState =
    q.state === 'renewed'
      ? sql`AND ${renewed}`
      : q.state === 'ordered'
        ? sql`AND ${ordered} AND NOT ${renewed}`
        : q.state === 'reminded'
          ? sql`AND ${reminded} AND NOT ${ordered} AND NOT ${renewed}`
          : q.state === 'none'
            ? sql`AND NOT ${reminded} AND NOT ${ordered} AND NOT ${renewed}`
            : sql``;
  const where = sql`o.status = 'effective' AND o.end_date >= ${today} AND o.end_date <= ${until} ${byState}`;
  const [agg] = await sql`SELECT COUNT(*) AS n FROM policy_order o WHERE ${where}`;
  const total = num(agg.n);
  if (!total) return { list: [], total, today };
  const rows = await sql`SELECT o.id, o.order_no, o.policy_no, o.product, o.plan_name, o.plan_name_en, o.holder_name, o.end_date,
      o.premium, u.username
    FROM policy_order o JOIN "user" u ON u.id = o.user_id
    WHERE ${where} ORDER BY o.end_date, o.id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  const ids = rows.map((r: Record<string, unknown>) => num(r.id));
  const [reminders, successors] = await Promise.all([
    sql`SELECT order_id, days, sent_at FROM renewal_reminder WHERE order_id IN ${sql(ids)}`,
    sql`SELECT id, order_no, status, renewal_of FROM policy_order WHERE renewal_of IN ${sql(ids)}
      AND status IN ${sql([...LIVE_SUCCESSOR_STATES])} ORDER BY id`,
  ]);
  const list = rows.map((r: Record<string, unknown>): RenewalRow => {
    const id = num(r.id);
    const sent = reminders
      .filter((m: Record<string, unknown>) => num(m.order_id) === id)
      .sort((a: Record<string, unknown>, b: Record<string, unknown>) => num(a.days) - num(b.days))[0];
    const next = successors.filter((s: Record<string, unknown>) => num(s.renewal_of) === id).at(-1);
    const renewal = next ? { id: num(next.id), orderNo: String(next.order_no), status: String(next.status) } : null;
    const state: RenewalState = renewal ? (renewal.status === 'unpaid' ? 'ordered' : 'renewed') : sent ? 'reminded' : 'none';
    return {
      id,
      orderNo: String(r.order_no),
      policyNo: String(r.policy_no ?? ''),
      product: String(r.product),
      planName: String(r.plan_name),
      planNameEn: String(r.plan_name_en || r.plan_name),
      holderName: String(r.holder_name ?? ''),
      member: String(r.username),
      endDate: String(r.end_date),
      daysLeft: daysBetween(today, String(r.end_date)),
      premium: num(r.premium),
      state,
      remindedDays: sent ? num(sent.days) : null,
      remindedAt: sent ? num(sent.sent_at) : null,
      renewal,
    };
  });
  return { list, total, today };
}
