/** Order rows: the stored shape, its reading, visibility (team scope) and the read-side status. */
import type { SQL } from 'bun';
import type { PlanSnapshot, ProductCode } from '~/features/products';
import { type Db, num, numOrNull } from '~/server/db/client';
import { visibleUserIds } from '~/server/members';
import { getSiteConfig } from '~/server/site-config';
import { todayIn } from './dates';
import type { OrderStatus, Policyholder } from './schemas';

type Row = Record<string, unknown>;

/** One order as stored (money in fen, dates `YYYY-MM-DD`, times Unix seconds). */
export interface OrderRecord {
  id: number;
  orderNo: string;
  policyNo: string | null;
  /** The member who placed it (a team owner sees its sub-accounts' orders too). */
  userId: number;
  /** Whose balance paid it (refunds go back there); null before payment. */
  payerId: number | null;
  product: ProductCode;
  planId: number;
  planName: string;
  /** The plan's English name as it was when the order was placed. */
  planNameEn: string;
  /** The plan as it was when the order was placed: later price edits never change it. */
  plan: PlanSnapshot;
  namedList: boolean;
  class: number;
  /** People per occupation class as bought (`{"2": 7, "3": 13}`); priced per class. */
  classMix: Record<string, number>;
  months: number;
  startDate: string;
  endDate: string;
  insuredCount: number;
  /** Fen per person for the term, for the order's class. */
  perPerson: number;
  /** Percent of the annual premium (short-term table). */
  rate: number;
  premium: number;
  refunded: number;
  /** The stored status; see {@link displayStatus} for what members are shown. */
  status: OrderStatus;
  holderName: string;
  policyholder: Policyholder;
  requestId: string | null;
  payRequestId: string | null;
  /** Refusal reason, surrender note. */
  reason: string;
  paidAt: number | null;
  effectiveAt: number | null;
  closedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

function json<T>(text: unknown, fallback: T): T {
  try {
    return JSON.parse(String(text)) as T;
  } catch {
    return fallback;
  }
}

function mixOf(r: Row): Record<string, number> {
  const mix = json<Record<string, number>>(r.class_mix, {});
  return Object.keys(mix).length ? mix : { [String(num(r.class))]: num(r.insured_count) };
}

export function toOrder(r: Row): OrderRecord {
  return {
    id: num(r.id),
    orderNo: String(r.order_no),
    policyNo: r.policy_no == null ? null : String(r.policy_no),
    userId: num(r.user_id),
    payerId: numOrNull(r.payer_id),
    product: String(r.product) as ProductCode,
    planId: num(r.plan_id),
    planName: String(r.plan_name),
    planNameEn: String(r.plan_name_en || r.plan_name),
    plan: json<PlanSnapshot>(r.plan_snapshot, {} as PlanSnapshot),
    namedList: num(r.named_list) === 1,
    class: num(r.class),
    classMix: mixOf(r),
    months: num(r.months),
    startDate: String(r.start_date),
    endDate: String(r.end_date),
    insuredCount: num(r.insured_count),
    perPerson: num(r.per_person),
    rate: num(r.rate),
    premium: num(r.premium),
    refunded: num(r.refunded),
    status: String(r.status) as OrderStatus,
    holderName: String(r.holder_name ?? ''),
    policyholder: json<Policyholder>(r.policyholder, { name: '', credit_code: '', contact: '', mobile: '', email: '', address: '' }),
    requestId: r.request_id == null ? null : String(r.request_id),
    payRequestId: r.pay_request_id == null ? null : String(r.pay_request_id),
    reason: String(r.reason ?? ''),
    paidAt: numOrNull(r.paid_at),
    effectiveAt: numOrNull(r.effective_at),
    closedAt: numOrNull(r.closed_at),
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

export const sqlOf = (db: Db | SQL): SQL => ('dialect' in db && typeof (db as Db).dialect === 'string' ? (db as Db).sql : (db as SQL));

/** An effective order whose last day has passed reads as `expired` (the sweep writes it later). */
export function displayStatus(order: Pick<OrderRecord, 'status' | 'endDate'>, today: string): OrderStatus {
  return order.status === 'effective' && order.endDate < today ? 'expired' : order.status;
}

/** Today in the site's time zone (`YYYY-MM-DD`). */
export async function siteToday(db: Db): Promise<string> {
  const { site } = await getSiteConfig(db);
  return todayIn(site.timezone);
}

/** One order by id, whoever owns it (operators, internal use), or null. */
export async function findOrder(db: Db | SQL, orderId: number): Promise<OrderRecord | null> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return null;
  const [r] = await sqlOf(db)`SELECT * FROM policy_order WHERE id = ${orderId}`;
  return r ? toOrder(r) : null;
}

/**
 * One order the member may see (its own, or a sub-account's when it is the team owner), or null:
 * callers answer 404 for null, so another member's order and a missing one look the same.
 */
export async function findVisibleOrder(db: Db, userId: number, orderId: number): Promise<OrderRecord | null> {
  const order = await findOrder(db, orderId);
  if (!order) return null;
  if (order.userId === userId) return order;
  const ids = await visibleUserIds(db, userId);
  return ids.includes(order.userId) ? order : null;
}

/** A ledger entry's topic and values for a movement of this order's money (rendered per reader). */
export function ledgerParams(topic: string, order: Pick<OrderRecord, 'planName' | 'planNameEn' | 'orderNo' | 'policyNo'>) {
  return { t: topic, plan: order.planName, plan_en: order.planNameEn, no: order.policyNo ?? order.orderNo };
}

/**
 * Take the policy's row lock for the rest of the transaction. Everything that moves a policy's
 * money takes it first, so a surrender, an endorsement decision and an invoice application on one
 * policy run one after the other and never deadlock. PostgreSQL: `SELECT … FOR UPDATE` (no write,
 * so no page-cache version bump to wait on); SQLite: a no-op write, which takes the database's
 * write lock at once instead of at the transaction's first real write.
 */
export async function lockPolicy(db: Db, tx: SQL, orderId: number): Promise<void> {
  if (db.dialect === 'postgres') await tx`SELECT id FROM policy_order WHERE id = ${orderId} FOR UPDATE`;
  else await tx`UPDATE policy_order SET updated_at = updated_at WHERE id = ${orderId}`;
}
