/**
 * Underwriting (underwriting → effective | refused): the hand-over after payment, the insurer
 * adapter (at once, or by the scheduler once its delay has passed) and the operator's decision.
 */
import type { SQL } from 'bun';
import { type InsurerSettings, insurerFor, insurerSettings, type UnderwriteResult } from '~/features/insurer';
import { inTransaction } from '~/server/db/after-commit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { DomainError } from '~/server/errors';
import { orderNotFound } from './errors';
import { notifyOrder } from './notices';
import { findOrder, type OrderRecord } from './records';
import { refundAll } from './refunds';
import { nextSequence } from './sequence';
import { type Actor, transition, type When } from './transition';

/** paid → underwriting (the system hands a paid order to the insurer), inside the caller's transaction. */
export function submitUnderwriting(tx: SQL, orderId: number, o: When = {}): Promise<OrderRecord> {
  return transition(tx, orderId, ['paid'], 'underwriting', { kind: 'system', userId: null }, { at: o.at });
}

/** underwriting → effective with a policy number (the insurer's, else the next `PL<year>…`). */
export async function markEffective(
  db: Db | SQL,
  orderId: number,
  actor: Actor,
  o: When & { policyNo?: string; note?: string } = {},
): Promise<OrderRecord> {
  const run = async (tx: SQL) => {
    const at = o.at ?? nowSeconds();
    const year = new Date(at * 1000).getUTCFullYear();
    const policyNo = o.policyNo || `PL${year}${String(await nextSequence(tx, `policy:${year}`)).padStart(8, '0')}`;
    const order = await transition(tx, orderId, ['underwriting'], 'effective', actor, {
      note: o.note ?? policyNo,
      set: { policy_no: policyNo, effective_at: at },
      at,
    });
    await notifyOrder(tx, order, 'order_issued', { start_date: order.startDate, end_date: order.endDate }, at);
    return order;
  };
  return 'dialect' in db ? ((await inTransaction(db as Db, run)) as OrderRecord) : run(db as SQL);
}

/** underwriting → refused: the whole premium goes back to the payer's balance, once. */
export async function refuseOrder(db: Db, orderId: number, actor: Actor, reason: string, o: When = {}): Promise<OrderRecord> {
  const at = o.at ?? nowSeconds();
  return (await inTransaction(db, async (tx) => {
    const order = await transition(tx, orderId, ['underwriting'], 'refused', actor, { note: reason, set: { reason, closed_at: at }, at });
    const refunded = await refundAll(tx, order, o.ledgerAt ?? at);
    await notifyOrder(tx, order, 'order_refused', { reason: reason || '-', amount: refunded }, at);
    return (await findOrder(tx, orderId)) as OrderRecord;
  })) as OrderRecord;
}

/** Ask the insurer adapter about one order in underwriting (no-op in manual mode or if it moved on). */
export async function runUnderwriting(db: Db, orderId: number): Promise<OrderRecord | null> {
  const adapter = insurerFor(await insurerSettings(db));
  if (!adapter) return null;
  const order = await findOrder(db, orderId);
  if (order?.status !== 'underwriting') return null;
  let answer: UnderwriteResult;
  try {
    answer = await adapter.underwrite({
      orderNo: order.orderNo,
      product: order.product,
      planName: order.planName,
      holderName: order.holderName,
      creditCode: order.policyholder.credit_code ?? '',
      premium: order.premium,
      insuredCount: order.insuredCount,
      startDate: order.startDate,
      endDate: order.endDate,
    });
  } catch (err) {
    console.error(`[insurer] ${adapter.name} failed on ${order.orderNo}; it stays in underwriting, asked again in a minute:`, err);
    await db.sql`UPDATE policy_order SET underwrite_after = ${nowSeconds() + 60} WHERE id = ${orderId} AND status = 'underwriting'`;
    return null;
  }
  const actor: Actor = { kind: 'insurer', userId: null };
  try {
    return answer.accepted
      ? await markEffective(db, orderId, actor, { policyNo: answer.policyNo })
      : await refuseOrder(db, orderId, actor, answer.reason);
  } catch (err) {
    if (err instanceof DomainError && err.status === 409) return null; // an operator decided first
    throw err;
  }
}

/**
 * Inside the payment's transaction: an order handed to an automatic insurer becomes a due row
 * (`underwrite_after` = payment + the sandbox delay) that the scheduler's `insurer-answers` job
 * decides on whichever instance (src/jobs), so a restart or another instance loses nothing.
 */
export async function handToInsurer(tx: SQL, orderId: number, settings: InsurerSettings, at: number): Promise<void> {
  if (settings.mode === 'manual') return;
  await tx`UPDATE policy_order SET underwrite_after = ${at + settings.underwriteDelaySeconds} WHERE id = ${orderId}`;
}

/** After the payment commits: with no delay the sandbox answers at once (the job would, a second later). */
export async function scheduleUnderwriting(db: Db, orderId: number, settings: InsurerSettings): Promise<void> {
  if (settings.mode !== 'manual' && settings.underwriteDelaySeconds <= 0) await runUnderwriting(db, orderId);
}

/** Orders handed to the sandbox whose delay has passed are decided now (the scheduler's `insurer-answers` job). */
export async function processUnderwritingQueue(db: Db, now = nowSeconds()): Promise<number> {
  const settings = await insurerSettings(db);
  if (settings.mode === 'manual') return 0;
  const due = await db.sql`SELECT id FROM policy_order WHERE status = 'underwriting' AND underwrite_after IS NOT NULL
    AND underwrite_after <= ${now} ORDER BY underwrite_after, id LIMIT 50`;
  let n = 0;
  for (const r of due) if (await runUnderwriting(db, num(r.id))) n++;
  return n;
}

/** An operator accepts or refuses an order in underwriting (any mode). */
export async function decideUnderwriting(
  db: Db,
  operatorId: number,
  input: { id: number; decision: 'accept' | 'refuse'; reason: string },
  o: When & { ip?: string } = {},
): Promise<OrderRecord> {
  const order = await findOrder(db, input.id);
  if (!order) throw orderNotFound();
  const actor: Actor = { kind: 'operator', userId: operatorId, ip: o.ip };
  return input.decision === 'accept'
    ? markEffective(db, input.id, actor, { note: input.reason || undefined, at: o.at })
    : refuseOrder(db, input.id, actor, input.reason, o);
}
