/**
 * The status transitions of ENDORSE_TRANSITIONS, and the member's cancel and the reject decision.
 * Every transition is one transaction: a conditional update on the expected status, a timeline
 * event and an audit entry; money only through the ledger, keyed by request ids so it moves once.
 */
import type { SQL } from 'bun';
import { movePremium } from '~/features/ledger';
import { lockPolicy } from '~/features/orders';
import { writeAudit } from '~/server/audit';
import { inTransaction } from '~/server/db/after-commit';
import { type Db, nowSeconds } from '~/server/db/client';
import { Codes } from '~/server/errors';
import { DataError } from './errors';
import { type EndorseContext, type Endorsement, event, findVisibleEndorsement, toEndorsement, wrongState } from './model';
import { ENDORSE_TRANSITIONS, type EndorseTransition } from './states';
import { notifyEndorse } from './notices';

type Row = Record<string, unknown>;

/** The conditional update of a transition, or 409 naming the current status (`refused` words it). */
export async function transition(
  tx: SQL,
  id: number,
  t: EndorseTransition,
  set: Row,
  refused: (status: string) => Error = wrongState,
): Promise<Endorsement> {
  const { from, to } = ENDORSE_TRANSITIONS[t];
  const now = nowSeconds();
  const [row] = await tx`UPDATE endorsement SET ${tx({ ...set, status: to, updated_at: now })}
    WHERE id = ${id} AND status IN ${tx(from as readonly string[] as string[])} RETURNING *`;
  if (row) return toEndorsement(row);
  const [cur] = await tx`SELECT status FROM endorsement WHERE id = ${id}`;
  throw refused(String(cur?.status ?? 'cancelled'));
}

/** Refund what submit charged (reject, cancel, closing), once: the ledger's request id keeps it single. */
export async function refundCharge(tx: SQL, e: Endorsement): Promise<Endorsement> {
  if (e.charged <= 0 || e.refunded > 0) return e;
  await movePremium(tx, {
    orderId: e.orderId,
    userId: e.userId,
    amount: -e.charged,
    kind: 'endorse_reversal',
    source: { type: 'endorse', id: e.id },
    endorsementId: e.id,
    params: { t: 'endorse.reversal', apply: e.applyNo, no: e.policyNo },
    reference: e.applyNo,
    requestId: `endorse-${e.id}-refund`,
    effectiveDate: e.effectiveDate,
  });
  const [row] = await tx`UPDATE endorsement SET refunded = ${e.charged} WHERE id = ${e.id} RETURNING *`;
  return toEndorsement(row);
}

/** Cancel a draft or a submitted endorsement (its charge refunded). */
export async function cancelEndorsement(db: Db, userId: number, id: number, reason: string, ctx: EndorseContext): Promise<Endorsement> {
  const e = await findVisibleEndorsement(db, userId, id, db);
  return inTransaction(db, async (tx) => {
    await lockPolicy(db, tx, e.orderId);
    const cur = await transition(tx, e.id, 'cancel', { reason, decided_at: nowSeconds() });
    const from = cur.submittedAt === null ? 'draft' : 'submitted';
    const done = await refundCharge(tx, cur);
    await event(tx, cur.id, from, 'cancelled', userId, reason);
    await writeAudit(tx, { userId, action: 'endorse.cancel', detail: { id: cur.id, refunded: done.refunded }, ip: ctx.ip });
    await notifyEndorse(tx, done, 'endorse_withdrawn', { amount: done.refunded });
    return done;
  });
}

/**
 * 409 for a withdrawal that came too late (or too early): the message names the current status
 * (`endorse.withdrawRefused.<status>`), `data.status` carries it for clients.
 */
export const withdrawRefused = (status: string) =>
  new DataError(`endorse.withdrawRefused.${status}`, { status: 409, code: Codes.CONFLICT, params: { status } }, { status });

/**
 * The member withdraws a submitted endorsement before the insurer (the sandbox after its delay) or
 * an operator decides it: status `cancelled`, the charge refunded once (request id
 * `endorse-<id>-refund`), the roster untouched (it only changes on approval), a timeline entry
 * submitted → cancelled and the `endorse_withdrawn` notice. Races with approve/reject/the sandbox
 * are settled by the policy lock and the conditional update: the loser gets 409.
 */
export async function withdrawEndorsement(db: Db, userId: number, id: number, reason: string, ctx: EndorseContext): Promise<Endorsement> {
  const e = await findVisibleEndorsement(db, userId, id, db);
  return inTransaction(db, async (tx) => {
    await lockPolicy(db, tx, e.orderId);
    const cur = await transition(tx, e.id, 'withdraw', { reason, decided_at: nowSeconds(), decide_after: null }, withdrawRefused);
    const done = await refundCharge(tx, cur);
    await event(tx, cur.id, 'submitted', 'cancelled', userId, reason);
    await writeAudit(tx, { userId, action: 'endorse.withdraw', detail: { id: cur.id, refunded: done.refunded }, ip: ctx.ip });
    await notifyEndorse(tx, done, 'endorse_withdrawn', { amount: done.refunded });
    return done;
  });
}

/** An operator (or the sandbox insurer, actor null) rejects a submitted endorsement: the charge is refunded. */
export async function rejectEndorsement(
  db: Db,
  actorId: number | null,
  id: number,
  reason: string,
  ctx: EndorseContext,
): Promise<Endorsement> {
  const [target] = await db.sql`SELECT order_id FROM endorsement WHERE id = ${id}`;
  const done = await inTransaction(db, async (tx) => {
    if (target) await lockPolicy(db, tx, Number(target.order_id));
    const cur = await transition(tx, id, 'reject', { reason, decided_at: nowSeconds() });
    const refunded = await refundCharge(tx, cur);
    await event(tx, cur.id, 'submitted', 'rejected', actorId, reason);
    await writeAudit(tx, { userId: actorId, action: 'endorse.reject', detail: { id: cur.id, refunded: refunded.refunded }, ip: ctx.ip });
    await notifyEndorse(tx, refunded, 'endorse_rejected', { reason: reason || '-', amount: refunded.refunded });
    return refunded;
  });
  return done;
}
