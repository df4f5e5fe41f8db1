/**
 * POST /renewal/create: the renewal order, placed through the orders area's own createOrder (so it
 * is priced exactly as the quote and idempotent by request id) and linked to the policy it renews
 * (`policy_order.renewal_of`). No money moves here: the member pays on the new order's page.
 */
import { createOrder, findOrder, findVisibleOrder, type OrderRecord, orderNotFound, siteToday } from '~/features/orders';
import { writeAudit } from '~/server/audit';
import { type Db, nowSeconds } from '~/server/db/client';
import { quoteFor } from './quote';

export interface RenewalCreated {
  order: OrderRecord;
  /** The request id was seen before, or a renewal order already stands: nothing new was saved. */
  replayed: boolean;
}

async function link(db: Db, orderId: number, oldId: number, userId: number, ip?: string): Promise<void> {
  await db.sql.begin(async (tx) => {
    await tx`UPDATE policy_order SET renewal_of = ${oldId} WHERE id = ${orderId} AND renewal_of IS NULL`;
    // Touch the old policy too: its page now says "renewed by …" (the page cache moves for its owner and team).
    await tx`UPDATE policy_order SET updated_at = ${nowSeconds()} WHERE id = ${oldId}`;
    await writeAudit(tx, { userId, action: 'renewal.create', detail: { order_id: orderId, renewal_of: oldId }, ip });
  });
}

/**
 * Create (or find again) the renewal order of `orderId`. The same request id answers with the same
 * order; a renewal order that still stands (unpaid, or paid) is answered instead of a second one.
 */
export async function createRenewal(
  db: Db,
  userId: number,
  input: { order_id: number; request_id: string },
  o: { today?: string; at?: number; ip?: string } = {},
): Promise<RenewalCreated> {
  const old = await findVisibleOrder(db, userId, input.order_id);
  if (!old) throw orderNotFound();
  // A replay: the order this request id made, linked to this policy.
  const [prior] = await db.sql`SELECT id, renewal_of FROM policy_order WHERE user_id = ${userId} AND request_id = ${input.request_id}`;
  const order = prior ? await findOrder(db, Number(prior.id)) : null;
  if (order) {
    // Placed but not linked yet (the link is written just after the order): link it now.
    if (prior.renewal_of == null && order.product === old.product) await link(db, order.id, old.id, userId, o.ip);
    return { order, replayed: true };
  }
  const today = o.today ?? (await siteToday(db));
  const q = await quoteFor(db, old, today);
  if (q.successor) return { order: q.successor, replayed: true };
  const created = await createOrder(
    db,
    userId,
    {
      request_id: input.request_id,
      plan_id: q.plan.id,
      class: Number(Object.keys(q.classMix).sort((a, b) => Number(a) - Number(b))[0] ?? old.class),
      months: q.months,
      start_date: q.startDate,
      policyholder: old.policyholder,
      insured: q.namedList ? q.people.map((p) => ({ name: p.name, id_no: p.idNo, class: p.class })) : undefined,
      headcount: q.namedList ? undefined : q.headcount,
    },
    { today, at: o.at, ip: o.ip },
  );
  await link(db, created.order.id, old.id, userId, o.ip);
  return { order: (await findOrder(db, created.order.id)) ?? created.order, replayed: created.replayed };
}
