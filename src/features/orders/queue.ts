/** The operators' underwriting queue: orders waiting for a decision, oldest payment first. */
import { fenToYuan } from '~/lib/money';
import { type Db, num } from '~/server/db/client';
import { toOrder } from './records';

/** One order in the queue, as the operator page and API show it. */
export interface QueueItem {
  id: number;
  order_no: string;
  member: string;
  type: string;
  plan_name: string;
  plan_name_en: string;
  holder_name: string;
  credit_code: string;
  class: number;
  /** People per class as bought. */
  class_mix: Record<string, number>;
  start_date: string;
  end_date: string;
  insured_count: number;
  premium: string;
  paid_at: number | null;
}

export async function underwritingQueue(db: Db, q: { page: number; limit: number }): Promise<{ list: QueueItem[]; total: number }> {
  const [agg] = await db.sql`SELECT COUNT(*) AS n FROM policy_order WHERE status = 'underwriting'`;
  const rows = await db.sql`SELECT o.*, u.username FROM policy_order o JOIN "user" u ON u.id = o.user_id
    WHERE o.status = 'underwriting' ORDER BY o.paid_at, o.id LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return {
    list: rows.map((r: Record<string, unknown>) => {
      const o = toOrder(r);
      return {
        id: o.id,
        order_no: o.orderNo,
        member: String(r.username),
        type: o.product,
        plan_name: o.planName,
        plan_name_en: o.planNameEn,
        holder_name: o.holderName,
        credit_code: o.policyholder.credit_code ?? '',
        class: o.class,
        class_mix: o.classMix,
        start_date: o.startDate,
        end_date: o.endDate,
        insured_count: o.insuredCount,
        premium: fenToYuan(o.premium),
        paid_at: o.paidAt,
      };
    }),
    total: num(agg.n),
  };
}
