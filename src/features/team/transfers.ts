/** Balance transfers between the owner and its sub-accounts, through the ledger. */
import { fenToYuan } from '~/lib/money';
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { changeBalance, dayStart } from '../ledger';
import { type Actor, type Row, subRow, writeTx } from './model';
import { notifyTransfer } from './notices';
import type { AllocateInput, AllocationsQuery, TeamDirection } from './schemas';

/** A transfer as the API answers it. */
export interface TransferView {
  id: number;
  sub_id: number;
  sub_username: string;
  direction: TeamDirection;
  amount: string;
  memo: string;
  owner_after: string;
  sub_after: string;
  created_at: number;
}

function toTransfer(r: Row, subUsername: string): TransferView {
  return {
    id: num(r.id),
    sub_id: num(r.sub_id),
    sub_username: subUsername,
    direction: String(r.direction) === 'reclaim' ? 'reclaim' : 'allocate',
    amount: fenToYuan(num(r.amount)),
    memo: String(r.memo ?? ''),
    owner_after: fenToYuan(num(r.owner_after)),
    sub_after: fenToYuan(num(r.sub_after)),
    created_at: num(r.created_at),
  };
}

const sameBody = (r: Row, input: AllocateInput) =>
  num(r.sub_id) === input.id &&
  String(r.direction) === input.direction &&
  num(r.amount) === input.amount &&
  String(r.memo ?? '') === input.memo;

function replay(r: Row, input: AllocateInput, subUsername: string): { transfer: TransferView; replayed: true } {
  if (!sameBody(r, input)) throw new DomainError('team.requestReused', { status: 409, code: Codes.CONFLICT, field: 'request_id' });
  return { transfer: toTransfer(r, subUsername), replayed: true };
}

/**
 * Move money between the owner and one sub-account: a `team_transfer` row and two `allocation`
 * ledger entries referencing it, in one transaction. The paying side's row is read under lock
 * (PostgreSQL: both user rows `FOR UPDATE` in id order, so two transfers never deadlock; SQLite:
 * an immediate transaction holds the write lock), and the ledger's conditional update keeps every
 * balance at or above zero. The same request_id with the same body returns the first transfer
 * (`replayed: true`); with another body → 409.
 */
export async function allocate(
  db: Db,
  actor: Actor,
  input: AllocateInput,
  opts: { at?: number } = {},
): Promise<{ transfer: TransferView; replayed: boolean }> {
  const { ownerId } = actor;
  const sub = await subRow(db.sql, ownerId, input.id);
  const subUsername = String(sub.username);
  const run = () =>
    writeTx(db, async (tx) => {
      if (db.dialect === 'postgres') {
        await tx`SELECT id FROM "user" WHERE id IN (${ownerId}, ${input.id}) ORDER BY id FOR UPDATE`;
      }
      const [prev] = await tx`SELECT * FROM team_transfer WHERE owner_id = ${ownerId} AND request_id = ${input.request_id}`;
      if (prev) return replay(prev, input, subUsername);
      const rows: Row[] = await tx`SELECT id, money, status, username, nickname FROM "user" WHERE id IN (${ownerId}, ${input.id})`;
      const owner = rows.find((r) => num(r.id) === ownerId)!;
      const target = rows.find((r) => num(r.id) === input.id)!;
      if (input.direction === 'allocate' && String(target.status) !== 'enable') {
        throw new DomainError('team.subDisabled', { status: 409, code: Codes.CONFLICT, field: 'id' });
      }
      const payer = input.direction === 'allocate' ? owner : target;
      if (num(payer.money) < input.amount) {
        throw new DomainError(input.direction === 'allocate' ? 'team.ownerShort' : 'team.subShort', {
          status: 400,
          code: Codes.VALIDATION,
          field: 'amount',
          params: { available: fenToYuan(num(payer.money)) },
        });
      }
      const sign = input.direction === 'allocate' ? -1 : 1;
      const at = opts.at ?? nowSeconds();
      const [transfer] = await tx`INSERT INTO team_transfer ${tx({
        owner_id: ownerId,
        sub_id: input.id,
        direction: input.direction,
        amount: input.amount,
        memo: input.memo,
        request_id: input.request_id,
        owner_after: num(owner.money) + sign * input.amount,
        sub_after: num(target.money) - sign * input.amount,
        created_at: at,
      })} RETURNING *`;
      const reference = `team_transfer:${num(transfer.id)}`;
      // The entries say what happened as data; the owner's memo is their own words (a note).
      const note: Record<string, string> = input.memo ? { note: input.memo } : {};
      const ownerMemo = { t: input.direction === 'allocate' ? 'team.allocateTo' : 'team.reclaimFrom', account: subUsername, ...note };
      const subMemo = { t: input.direction === 'allocate' ? 'team.allocatedBy' : 'team.reclaimedBy', ...note };
      // Debit first: if the payer is short after all, nothing has been credited.
      const debit = { amount: -input.amount, kind: 'allocation' as const, reference, at };
      const credit = { amount: input.amount, kind: 'allocation' as const, reference, at };
      if (input.direction === 'allocate') {
        await changeBalance(tx, { ...debit, userId: ownerId, params: ownerMemo });
        await changeBalance(tx, { ...credit, userId: input.id, params: subMemo });
      } else {
        await changeBalance(tx, { ...debit, userId: input.id, params: subMemo });
        await changeBalance(tx, { ...credit, userId: ownerId, params: ownerMemo });
      }
      await writeAudit(tx, {
        userId: ownerId,
        action: input.direction === 'allocate' ? 'team.allocate' : 'team.reclaim',
        targetType: 'member',
        targetId: input.id,
        detail: {
          sub_id: input.id,
          transfer_id: num(transfer.id),
          amount: fenToYuan(input.amount),
          owner_after: fenToYuan(num(transfer.owner_after)),
          sub_after: fenToYuan(num(transfer.sub_after)),
        },
        ip: actor.ip,
      });
      await notifyTransfer(tx, transfer, String(owner.nickname || owner.username), at);
      return { transfer: toTransfer(transfer, subUsername), replayed: false };
    });
  try {
    return await run();
  } catch (err) {
    // Two first submits of one request_id racing past the lookup: the unique index lets one win.
    if (err instanceof DomainError || !/unique|duplicate/i.test(String((err as Error)?.message))) throw err;
    const [prev] = await db.sql`SELECT * FROM team_transfer WHERE owner_id = ${ownerId} AND request_id = ${input.request_id}`;
    if (!prev) throw err;
    return replay(prev, input, subUsername);
  }
}

const NO_END = 253_402_300_799;
const nextDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/** The owner's transfers, newest first, by sub-account and inclusive day range in the site's time zone. */
export async function listTransfers(
  db: Db,
  ownerId: number,
  q: AllocationsQuery,
  timeZone: string,
): Promise<{ list: TransferView[]; total: number }> {
  const { sql } = db;
  const from = q.start ? dayStart(q.start, timeZone) : 0;
  const to = q.end ? dayStart(nextDay(q.end), timeZone) : NO_END;
  let where = sql`t.owner_id = ${ownerId} AND t.created_at >= ${from} AND t.created_at < ${to}`;
  if (q.sub_id !== '') where = sql`${where} AND t.sub_id = ${q.sub_id}`;
  const [agg] = await sql`SELECT COUNT(*) AS n FROM team_transfer t WHERE ${where}`;
  const total = num(agg.n);
  if (!total) return { list: [], total };
  const rows: Row[] = await sql`SELECT t.*, u.username AS sub_username FROM team_transfer t JOIN "user" u ON u.id = t.sub_id
    WHERE ${where} ORDER BY t.created_at DESC, t.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return { list: rows.map((r) => toTransfer(r, String(r.sub_username))), total };
}
