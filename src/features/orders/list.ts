/** Order lists and the API's views of an order (money as yuan strings). */
import { viewPlan } from '~/features/products';
import { fenToYuan } from '~/lib/money';
import { type Db, num } from '~/server/db/client';
import { visibleUserIds } from '~/server/members';
import { displayStatus, type OrderRecord, toOrder } from './records';
import type { OrderListQuery, OrderStatus } from './schemas';

export interface OrderPage {
  list: OrderRecord[];
  total: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The SQL filters of an order list: who, type, status (as displayed), policy start range, keyword. */
async function orderFilters(db: Db, userId: number, q: OrderListQuery, today: string) {
  const ids = await visibleUserIds(db, userId);
  const sql = db.sql;
  const who = ids.length === 1 ? sql`user_id = ${ids[0]}` : sql`user_id IN ${sql(ids)}`;
  const type = q.type === 'withoutDetail' ? sql`AND named_list = 0` : q.type ? sql`AND product = ${q.type}` : sql``;
  const status =
    q.status === 'expired'
      ? sql`AND (status = 'expired' OR (status = 'effective' AND end_date < ${today}))`
      : q.status === 'effective'
        ? sql`AND status = 'effective' AND end_date >= ${today}`
        : q.status
          ? sql`AND status = ${q.status}`
          : sql``;
  const range = sql`${q.start ? sql`AND start_date >= ${q.start}` : sql``} ${q.end ? sql`AND start_date <= ${q.end}` : sql``}`;
  const kw = q.keyword.trim();
  const like = `%${escapeLike(kw)}%`;
  const keyword = kw
    ? sql`AND (order_no LIKE ${like} ESCAPE '\\' OR policy_no LIKE ${like} ESCAPE '\\' OR holder_name LIKE ${like} ESCAPE '\\')`
    : sql``;
  return { sql, who, type, status, range, kw, keyword };
}

/**
 * The orders a member may see (its own; a team owner's sub-accounts' too), newest first. `type` a
 * product or `withoutDetail` (no named list); `status` as displayed (`expired` includes effective
 * orders past their end); `start`/`end` bound the policy start date; `keyword` matches the order
 * number, policy number or policyholder.
 */
export async function listOrders(db: Db, userId: number, q: OrderListQuery, today: string): Promise<OrderPage> {
  const { sql, who, type, status, range, kw, keyword } = await orderFilters(db, userId, q, today);
  if (/^[A-Za-z0-9-]{6,40}$/.test(kw)) {
    // An order or policy number: its unique index answers at once (members paste whole numbers).
    const exact =
      await sql`SELECT * FROM policy_order WHERE (order_no = ${kw.toUpperCase()} OR policy_no = ${kw.toUpperCase()}) AND ${who} ${type} ${status}`;
    if (exact.length) return { list: exact.map(toOrder).slice((q.page - 1) * q.limit, q.page * q.limit), total: exact.length };
  }
  const where = sql`${who} ${type} ${status} ${range} ${keyword}`;
  const [agg] = await sql`SELECT COUNT(*) AS n FROM policy_order WHERE ${where}`;
  const total = num(agg.n);
  if (total === 0) return { list: [], total };
  // With a status or date filter the narrow index (status, end_date / start_date) finds the few rows
  // and they are sorted; ordering by the bare column would make SQLite walk the type index instead.
  const narrowed = Boolean(q.status || q.start || q.end);
  const offset = (q.page - 1) * q.limit;
  const rows = narrowed
    ? await sql`SELECT * FROM policy_order WHERE ${where} ORDER BY created_at + 0 DESC, id DESC LIMIT ${q.limit} OFFSET ${offset}`
    : await sql`SELECT * FROM policy_order WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${q.limit} OFFSET ${offset}`;
  return { list: rows.map(toOrder), total };
}

/**
 * How many orders the list's filters (all but the status) find in each displayed status (an
 * effective order past its end counts as `expired`): the list's status tabs.
 */
export async function countOrderStatuses(db: Db, userId: number, q: OrderListQuery, today: string): Promise<Record<string, number>> {
  const { sql, who, type, range, keyword } = await orderFilters(db, userId, { ...q, status: '' }, today);
  const rows = await sql`SELECT CASE WHEN status = 'effective' AND end_date < ${today} THEN 'expired' ELSE status END AS shown,
    COUNT(*) AS n FROM policy_order WHERE ${who} ${type} ${range} ${keyword} GROUP BY 1`;
  return Object.fromEntries(rows.map((r: Record<string, unknown>) => [String(r.shown), num(r.n)]));
}

/** The list type an order shows under (its product; `withoutDetail` pages list the unnamed ones too). */
export function listItemView(o: OrderRecord, today: string) {
  return {
    id: o.id,
    order_no: o.orderNo,
    policy_no: o.policyNo,
    type: o.product,
    plan_name: o.planName,
    plan_name_en: o.planNameEn,
    named_list: o.namedList,
    status: displayStatus(o, today),
    start_date: o.startDate,
    end_date: o.endDate,
    insured_count: o.insuredCount,
    premium: fenToYuan(o.premium),
    created_at: o.createdAt,
  };
}

/** What the member may do with the order now (the detail page shows these buttons). */
export function orderActions(o: OrderRecord, today: string): string[] {
  const status: OrderStatus = displayStatus(o, today);
  const actions: string[] = [];
  if (status === 'unpaid') actions.push('pay', 'cancel');
  if (status === 'effective') actions.push('surrender', 'policy');
  if (status === 'expired' || status === 'surrendered') actions.push('policy');
  if (o.namedList && ['underwriting', 'effective', 'expired', 'surrendered'].includes(status)) actions.push('exportInsured');
  return actions;
}

/** GET /order/detail's order part. */
export function orderView(o: OrderRecord, today: string) {
  return {
    ...listItemView(o, today),
    class: o.class,
    months: o.months,
    per_person: fenToYuan(o.perPerson),
    rate: o.rate / 100,
    refunded: fenToYuan(o.refunded),
    reason: o.reason,
    paid_at: o.paidAt,
    effective_at: o.effectiveAt,
    closed_at: o.closedAt,
  };
}

export function planView(o: OrderRecord, locale: 'zh-cn' | 'en') {
  return viewPlan(o.plan, locale);
}
