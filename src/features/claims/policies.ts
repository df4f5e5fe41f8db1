/**
 * What claims need to know about policies, in one place: which policies a member may report on,
 * who was insured on a day, and the plan's per-person limit. Everything comes from the orders
 * area's public surface (src/features/orders/index.ts).
 */
import {
  displayStatus,
  findOrder,
  findVisibleOrder,
  listInsured,
  listOrders,
  type OrderListQuery,
  type OrderRecord,
  siteToday,
  toInsured,
} from '~/features/orders';
import type { Db } from '~/server/db/client';

/** A policy as claims see it. Dates `YYYY-MM-DD`, both ends inclusive. */
export interface ClaimPolicy {
  orderId: number;
  userId: number;
  policyNo: string;
  /** Product code: guzhu | tuanyi | anze | personal. */
  type: string;
  status: string;
  start: string;
  end: string;
  /** A named insured list (else name + ID number are entered on the claim). */
  named: boolean;
  /** The plan's per-person limit in fen (null when the plan names none). */
  perPersonLimit: number | null;
}

/** One insured row: a person's stretch of cover on a policy. */
export interface InsuredPerson {
  insuredId: number;
  name: string;
  idNo: string;
  activeFrom: string;
  activeTo: string;
}

/** Policy statuses a claim may be reported on. */
export const CLAIMABLE_STATUSES = ['effective', 'expired'];

function toPolicy(o: OrderRecord, today: string): ClaimPolicy {
  // The plan's first limit is its per-person death / disability cover, the largest per person
  // (anze's third-party limit, per accident, comes last and is not a per-person limit).
  const first = o.plan?.limits?.[0]?.amount;
  return {
    orderId: o.id,
    userId: o.userId,
    policyNo: o.policyNo ?? o.orderNo,
    type: o.product,
    status: displayStatus(o, today),
    start: o.startDate,
    end: o.endDate,
    named: o.namedList,
    perPersonLimit: typeof first === 'number' && first > 0 ? first : null,
  };
}

/** A policy the member may see (own or, for a team owner, a sub-account's); `viewer` null: any (operators). */
export async function findPolicy(db: Db, viewer: number | null, orderId: number): Promise<ClaimPolicy | null> {
  const order = viewer === null ? await findOrder(db, orderId) : await findVisibleOrder(db, viewer, orderId);
  if (!order?.policyNo) return null;
  return toPolicy(order, await siteToday(db));
}

/** The member's effective or expired policies whose period covers the accident day (at most 500). */
export async function listClaimablePolicies(db: Db, viewer: number, accidentDate: string): Promise<ClaimPolicy[]> {
  const today = await siteToday(db);
  const out: ClaimPolicy[] = [];
  for (const status of CLAIMABLE_STATUSES as OrderListQuery['status'][]) {
    for (let page = 1; page <= 5; page++) {
      const q = { type: '', status, keyword: '', start: '', end: accidentDate, page, limit: 100 } as OrderListQuery;
      const { list, total } = await listOrders(db, viewer, q, today);
      for (const o of list) if (o.policyNo && o.endDate >= accidentDate) out.push(toPolicy(o, today));
      if (page * 100 >= total) break;
    }
  }
  return out.sort((a, b) => a.policyNo.localeCompare(b.policyNo));
}

/** People on the policy's list on a day (name or ID-number tail search), oldest rows first. */
export async function listInsuredOn(
  db: Db,
  orderId: number,
  date: string,
  keyword: string,
  page: number,
  limit: number,
): Promise<{ list: InsuredPerson[]; total: number }> {
  const { list, total } = await listInsured(db, orderId, { asOf: date, keyword, page, limit });
  return {
    list: list.map((r) => ({ insuredId: r.id, name: r.name, idNo: r.idNo, activeFrom: r.activeFrom, activeTo: r.activeTo })),
    total,
  };
}

/**
 * One insured row of an order by id, whatever its active period (so a person removed before the
 * accident is told apart from an unknown one). The orders area exports no lookup by row id, so
 * this reads its table directly (row shape via its exported `toInsured`).
 */
export async function findInsured(db: Db, orderId: number, insuredId: number): Promise<InsuredPerson | null> {
  const [r] = await db.sql`SELECT * FROM order_insured WHERE id = ${insuredId} AND order_id = ${orderId}`;
  if (!r) return null;
  const row = toInsured(r);
  return { insuredId: row.id, name: row.name, idNo: row.idNo, activeFrom: row.activeFrom, activeTo: row.activeTo };
}
