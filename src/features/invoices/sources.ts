/**
 * Invoice sources: paid amounts, from effective (or later) orders and approved endorsement charges.
 * `invoiceable` = paid − its refunds − amounts in applied/issued invoices, never below 0.
 */
import type { SQL } from 'bun';
import { approvedChargeSources } from '~/features/endorse';
import { sourceTotals } from '~/features/ledger';
import { findOrder } from '~/features/orders';
import { type Db, num } from '~/server/db/client';
import type { SourceType } from './schemas';

type Row = Record<string, unknown>;

/** Order statuses whose premium was paid and kept (in part, after a surrender). */
const PAID_ORDER_STATUSES = ['effective', 'expired', 'surrendered'];

/** One paid source and what is left to invoice on it (fen). */
export interface Source {
  type: SourceType;
  id: number;
  userId: number;
  refNo: string;
  paid: number;
  refunded: number;
  /** In applied or issued invoices. */
  taken: number;
  invoiceable: number;
  /** The policy it belongs to (an endorsement charge: the endorsed policy), for grouping. */
  policy: SourcePolicy;
}

/** A source's policy: its order id, policy number (else order number), product and plan names. */
export interface SourcePolicy {
  orderId: number;
  no: string;
  product: string;
  planName: string;
  planNameEn: string;
}

/** What active invoice items hold per source id: invoiced (applied or issued) − credited. */
export async function takenAmounts(sql: SQL, type: SourceType, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows =
    await sql`SELECT source_id, SUM(amount) AS s FROM invoice_item WHERE source_type = ${type} AND active = 1 AND source_id IN ${sql(ids)} GROUP BY source_id`;
  return new Map(rows.map((r: Row) => [num(r.source_id), num(r.s)]));
}

/** Every paid source of these members, newest first, with what is still invoiceable. */
export async function listSources(db: Db, userIds: number[]): Promise<Source[]> {
  const sql = db.sql;
  // The orders area's documented columns: premium paid, refunded since (surrender, refusal).
  const orders = await sql`SELECT id, user_id, order_no, policy_no, product, plan_name, plan_name_en FROM policy_order
    WHERE user_id IN ${sql(userIds)} AND status IN ${sql(PAID_ORDER_STATUSES)} ORDER BY id DESC`;
  const charges = await approvedChargeSources(db, userIds);
  const policies = new Map<number, SourcePolicy>();
  const addPolicy = (r: Row) =>
    policies.set(num(r.id), {
      orderId: num(r.id),
      no: String(r.policy_no ?? r.order_no),
      product: String(r.product),
      planName: String(r.plan_name),
      planNameEn: String(r.plan_name_en || r.plan_name),
    });
  orders.forEach(addPolicy);
  const missing = [...new Set(charges.map((c) => c.orderId))].filter((id) => !policies.has(id));
  if (missing.length) {
    for (const r of await sql`SELECT id, order_no, policy_no, product, plan_name, plan_name_en FROM policy_order WHERE id IN ${sql(missing)}`) {
      addPolicy(r);
    }
  }
  const orderIds = orders.map((r: Row) => num(r.id));
  const chargeIds = charges.map((c) => c.id);
  const orderTaken = await takenAmounts(sql, 'order', orderIds);
  const chargeTaken = await takenAmounts(sql, 'endorse', chargeIds);
  // Paid and refunded per source: the policies' premium accounts.
  const orderMoney = await sourceTotals(sql, 'order', orderIds);
  const chargeMoney = await sourceTotals(sql, 'endorse', chargeIds);
  const make = (
    type: SourceType,
    id: number,
    userId: number,
    refNo: string,
    paid: number,
    refunded: number,
    taken: number,
    orderId: number,
  ): Source => ({
    type,
    policy: policies.get(orderId) ?? { orderId, no: '', product: '', planName: '', planNameEn: '' },
    id,
    userId,
    refNo,
    paid,
    refunded,
    taken,
    invoiceable: Math.max(0, paid - refunded - taken),
  });
  return [
    ...orders.map((r: Row) =>
      make(
        'order',
        num(r.id),
        num(r.user_id),
        String(r.policy_no ?? r.order_no),
        orderMoney.get(num(r.id))?.paid ?? 0,
        orderMoney.get(num(r.id))?.refunded ?? 0,
        orderTaken.get(num(r.id)) ?? 0,
        num(r.id),
      ),
    ),
    ...charges.map((c) =>
      make(
        'endorse',
        c.id,
        c.userId,
        c.refNo,
        chargeMoney.get(c.id)?.paid ?? c.paid,
        chargeMoney.get(c.id)?.refunded ?? 0,
        chargeTaken.get(c.id) ?? 0,
        c.orderId,
      ),
    ),
  ];
}

/** One source inside a transaction (paid and refunded as of now), or null when not visible / not paid. */
export async function loadSource(
  tx: SQL,
  db: Db,
  userIds: number[],
  type: SourceType,
  id: number,
): Promise<Omit<Source, 'taken' | 'invoiceable' | 'policy'> | null> {
  if (type === 'order') {
    const order = await findOrder(tx, id);
    if (!order || !userIds.includes(order.userId) || !PAID_ORDER_STATUSES.includes(order.status)) return null;
    const m = (await sourceTotals(tx, 'order', [id])).get(id) ?? { paid: 0, refunded: 0 };
    return { type, id, userId: order.userId, refNo: order.policyNo ?? order.orderNo, paid: m.paid, refunded: m.refunded };
  }
  const [c] = await approvedChargeSources(db, userIds, id);
  if (!c) return null;
  const m = (await sourceTotals(tx, 'endorse', [id])).get(id) ?? { paid: c.paid, refunded: 0 };
  return { type, id, userId: c.userId, refNo: c.refNo, paid: m.paid, refunded: m.refunded };
}
