/**
 * Top-ups: a member asks for a credit from a bank transfer (amount, payment reference, the slip
 * they uploaded); an operator confirms it (the balance is credited through the ledger once, in the
 * same transaction as the status change) or rejects it with a reason.
 */
import type { SQL } from 'bun';
import { writeAudit } from '~/server/audit';
import { type Db, num, numOrNull, nowSeconds } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { fenToYuan } from '~/lib/money';
import type { UserRow } from '~/server/members';
import { type AttachmentRow, assertFileKind, findOwnFile, getStorage, readFileBytes } from '../upload';
import { changeBalance } from '../ledger';
import { notifyTopupDecided, notifyTopupQueued } from './notices';
import type { TopupFields, TopupStatus } from './schemas';
import { inTransaction } from '~/server/db/after-commit';

/** The upload topic of transfer slips. */
export const TOPUP_TOPIC = 'topup';

export interface Topup {
  id: number;
  userId: number;
  amount: number;
  paymentRef: string;
  slipId: number;
  status: TopupStatus;
  reason: string;
  ledgerEntryId: number | null;
  decidedBy: number | null;
  decidedAt: number | null;
  createdAt: number;
}

export function toTopup(r: Record<string, unknown>): Topup {
  return {
    id: num(r.id),
    userId: num(r.user_id),
    amount: num(r.amount),
    paymentRef: String(r.payment_ref),
    slipId: num(r.slip_id),
    status: String(r.status) as TopupStatus,
    reason: String(r.reason ?? ''),
    ledgerEntryId: numOrNull(r.ledger_entry_id),
    decidedBy: numOrNull(r.decided_by),
    decidedAt: numOrNull(r.decided_at),
    createdAt: num(r.created_at),
  };
}

const notFound = () => new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });

/** The ledger reference of a top-up's entry. */
export const topupReference = (id: number) => `TOPUP-${id}`;

/**
 * A member's top-up request. Team sub-accounts cannot top up (their money comes from the main
 * account's allocation): 403. The slip is any of the member's own uploads (whatever its topic) whose
 * content is an image or a PDF: another member's or an unknown id → 400 saying no such upload of
 * theirs exists; gone from storage → 400 'upload it again'; another kind → 415 naming the kinds.
 */
export async function requestTopup(db: Db, member: UserRow, input: TopupFields, ip = ''): Promise<Topup> {
  if (member.parent_id !== null) throw new DomainError('account.subAccountTopup', { status: 403, code: Codes.FORBIDDEN });
  const slip = await findOwnFile(db, member.id, input.slip);
  const slipProblem = (key: string) => new DomainError(key, { status: 400, code: Codes.VALIDATION, field: 'slip', errors: { slip: key } });
  if (!slip) throw slipProblem('account.slipNotFound');
  const bytes = await readFileBytes(getStorage(), slip);
  if (!bytes) throw slipProblem('account.slipGone');
  assertFileKind(bytes, ['image', 'pdf'], 'slip');
  return (await inTransaction(db, async (tx) => {
    const now = nowSeconds();
    const [row] = await tx`INSERT INTO topup ${tx({
      user_id: member.id,
      amount: input.amount,
      payment_ref: input.payment_ref,
      slip_id: slip.id,
      status: 'pending',
      created_at: now,
    })} RETURNING *`;
    const topup = toTopup(row);
    await writeAudit(tx, { userId: member.id, action: 'topup.requested', detail: { id: topup.id, amount: topup.amount }, ip });
    await notifyTopupQueued(tx, topup, now);
    return topup;
  })) as Topup;
}

/** A member's own top-ups, newest first (at most `limit`). */
export async function listOwnTopups(db: Db, userId: number, limit = 20): Promise<Topup[]> {
  const rows = await db.sql`SELECT * FROM topup WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
  return rows.map(toTopup);
}

export interface TopupForReview extends Topup {
  username: string;
  nickname: string;
  slipMime: string;
  slipName: string;
}

/** The operator's queue: requests of every member (optionally one status), oldest pending first. */
export async function listTopupsForReview(
  db: Db,
  q: { status: TopupStatus | ''; page: number; limit?: number },
): Promise<{ list: TopupForReview[]; total: number }> {
  const limit = q.limit ?? 20;
  const where = q.status ? db.sql`t.status = ${q.status}` : db.sql`1 = 1`;
  const [agg] = await db.sql`SELECT COUNT(*) AS n FROM topup t WHERE ${where}`;
  const rows = await db.sql`SELECT t.*, u.username, u.nickname, a.mime AS slip_mime, a.name AS slip_name
    FROM topup t JOIN "user" u ON u.id = t.user_id LEFT JOIN attachment a ON a.id = t.slip_id
    WHERE ${where}
    ORDER BY CASE WHEN t.status = 'pending' THEN 0 ELSE 1 END, t.created_at DESC, t.id DESC
    LIMIT ${limit} OFFSET ${(q.page - 1) * limit}`;
  return {
    total: num(agg.n),
    list: rows.map((r: Record<string, unknown>) => ({
      ...toTopup(r),
      username: String(r.username),
      nickname: String(r.nickname ?? ''),
      slipMime: String(r.slip_mime ?? ''),
      slipName: String(r.slip_name ?? ''),
    })),
  };
}

/** The slip file of a top-up (for the operator's view), or 404. */
export async function topupSlip(db: Db, id: number): Promise<AttachmentRow> {
  const [row] = await db.sql`SELECT * FROM topup WHERE id = ${id}`;
  if (!row) throw notFound();
  const t = toTopup(row);
  const file = await findOwnFile(db, t.userId, t.slipId);
  if (!file) throw notFound();
  return file;
}

async function decided(tx: SQL, id: number, wanted: TopupStatus): Promise<Topup> {
  const [cur] = await tx`SELECT * FROM topup WHERE id = ${id}`;
  if (!cur) throw notFound();
  const t = toTopup(cur);
  if (t.status === wanted) return t;
  throw new DomainError('account.topupDecided', { status: 409, code: Codes.CONFLICT });
}

/**
 * Confirm a pending top-up: the conditional status update and the ledger credit commit together,
 * so however often (and however concurrently) it is clicked the balance is credited once. A
 * confirmed one answers as before (`replayed`); a rejected one is 409.
 */
export async function confirmTopup(db: Db, operatorId: number, id: number, ip = ''): Promise<{ topup: Topup; replayed: boolean }> {
  const result = (await inTransaction(db, async (tx) => {
    const now = nowSeconds();
    const [row] = await tx`UPDATE topup SET status = 'confirmed', decided_by = ${operatorId}, decided_at = ${now}
      WHERE id = ${id} AND status = 'pending' RETURNING *`;
    if (!row) return { topup: await decided(tx, id, 'confirmed'), replayed: true };
    const t = toTopup(row);
    // The request id makes the credit idempotent even if this ran twice: one entry per top-up.
    const { entry } = await changeBalance(tx, {
      userId: t.userId,
      amount: t.amount,
      kind: 'topup',
      params: { t: 'topup', ref: t.paymentRef },
      reference: topupReference(t.id),
      requestId: `topup:${t.id}`,
    });
    await tx`UPDATE topup SET ledger_entry_id = ${entry.id} WHERE id = ${t.id}`;
    await writeAudit(tx, { userId: operatorId, action: 'topup.confirmed', detail: { id: t.id, member: t.userId, amount: t.amount }, ip });
    await notifyTopupDecided(tx, t, now);
    return { topup: { ...t, ledgerEntryId: entry.id }, replayed: false };
  })) as { topup: Topup; replayed: boolean };
  return result;
}

/** Reject a pending top-up with a reason; nothing is credited. A confirmed one is 409. */
export async function rejectTopup(
  db: Db,
  operatorId: number,
  id: number,
  reason: string,
  ip = '',
): Promise<{ topup: Topup; replayed: boolean }> {
  return (await inTransaction(db, async (tx) => {
    const [row] =
      await tx`UPDATE topup SET status = 'rejected', reason = ${reason}, decided_by = ${operatorId}, decided_at = ${nowSeconds()}
      WHERE id = ${id} AND status = 'pending' RETURNING *`;
    if (!row) return { topup: await decided(tx, id, 'rejected'), replayed: true };
    const t = toTopup(row);
    await writeAudit(tx, { userId: operatorId, action: 'topup.rejected', detail: { id: t.id, member: t.userId }, ip });
    await notifyTopupDecided(tx, t, num(row.decided_at));
    return { topup: t, replayed: false };
  })) as { topup: Topup; replayed: boolean };
}

/** A top-up as the API answers it (money as a yuan string). */
export function viewTopup(t: Topup) {
  return {
    id: t.id,
    status: t.status,
    amount: fenToYuan(t.amount),
    payment_ref: t.paymentRef,
    reason: t.reason,
    created_at: t.createdAt,
    decided_at: t.decidedAt,
  };
}
