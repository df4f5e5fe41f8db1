/**
 * The orders' part of the member's desk (the account overview, #29): cover in force today, orders
 * waiting for payment and cover ending soon. Read for the records a member may see (`visibleUserIds`: a main account's team, a sub-account's own).
 */
import { type Db, num } from '~/server/db/client';
import { addDays } from './dates';

/** One order as the desk lists it. */
export interface DeskOrder {
  id: number;
  orderNo: string;
  policyNo: string;
  product: string;
  planName: string;
  planNameEn: string;
  premium: number;
  startDate: string;
  endDate: string;
}

export interface OrderDesk {
  /** Policies in force today. */
  inForce: number;
  /** People those policies cover today (named rows active today; the headcount of unnamed ones). */
  peopleCovered: number;
  unpaid: DeskOrder[];
  unpaidCount: number;
  /** Premium of all unpaid orders, fen. */
  unpaidTotal: number;
  /** Policies in force whose cover ends within `soonDays` days (soonest first). */
  endingSoon: DeskOrder[];
}

const toDeskOrder = (r: Record<string, unknown>): DeskOrder => ({
  id: num(r.id),
  orderNo: String(r.order_no),
  policyNo: String(r.policy_no ?? ''),
  product: String(r.product),
  planName: String(r.plan_name),
  planNameEn: String(r.plan_name_en ?? ''),
  premium: num(r.premium),
  startDate: String(r.start_date),
  endDate: String(r.end_date),
});

/** The desk's order facts for `userIds` on `today` (site calendar); lists hold at most `limit`. */
export async function orderDesk(db: Db, userIds: number[], today: string, { soonDays = 30, limit = 5 } = {}): Promise<OrderDesk> {
  const { sql } = db;
  const soon = addDays(today, soonDays);
  const cols = sql`id, order_no, policy_no, product, plan_name, plan_name_en, premium, start_date, end_date`;
  const [[force], [people], unpaid, [unpaidSum], ending] = await Promise.all([
    sql`SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN named_list = 0 THEN insured_count ELSE 0 END), 0) AS headcount
      FROM policy_order WHERE user_id IN ${sql(userIds)} AND status = 'effective' AND start_date <= ${today} AND end_date >= ${today}`,
    sql`SELECT COUNT(*) AS n FROM order_insured i JOIN policy_order o ON o.id = i.order_id
      WHERE o.user_id IN ${sql(userIds)} AND o.status = 'effective' AND o.named_list = 1
        AND o.start_date <= ${today} AND o.end_date >= ${today} AND i.active_from <= ${today} AND i.active_to >= ${today}`,
    sql`SELECT ${cols} FROM policy_order WHERE user_id IN ${sql(userIds)} AND status = 'unpaid' ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    sql`SELECT COUNT(*) AS n, COALESCE(SUM(premium), 0) AS total FROM policy_order WHERE user_id IN ${sql(userIds)} AND status = 'unpaid'`,
    sql`SELECT ${cols} FROM policy_order WHERE user_id IN ${sql(userIds)} AND status = 'effective'
      AND end_date >= ${today} AND end_date <= ${soon} ORDER BY end_date, id LIMIT ${limit}`,
  ]);
  return {
    inForce: num(force?.n),
    peopleCovered: num(force?.headcount) + num(people?.n),
    unpaid: unpaid.map(toDeskOrder),
    unpaidCount: num(unpaidSum?.n),
    unpaidTotal: num(unpaidSum?.total),
    endingSoon: ending.map(toDeskOrder),
  };
}
