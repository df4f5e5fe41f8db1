/**
 * A policy's premium account: every premium movement of a policy is a `premium_entry`, written
 * in the same transaction as the ledger entry that moves the member's money, by one function
 * ({@link movePremium}). The policy's net premium is the sum of its entries.
 *
 * Each entry counts against one invoice source (the order's first premium, or one endorsement's
 * charge). A refund that reverses a charge names its source; any other refund (people removed,
 * surrender, refusal) is taken from the policy's sources newest first, so a source's net never
 * goes below zero and refunds land on what is least likely to be invoiced yet.
 */
import type { SQL } from 'bun';
import { parseJson } from '~/lib/json';
import { num, nowSeconds } from '~/server/db/client';
import { type LedgerParams, changeBalance } from './service';

export const PREMIUM_KINDS = [
  'premium',
  'endorse_charge',
  'endorse_refund',
  'endorse_reversal',
  'surrender_refund',
  'refusal_refund',
] as const;
export type PremiumKind = (typeof PREMIUM_KINDS)[number];

export type PremiumSourceType = 'order' | 'endorse';

export interface PremiumSource {
  type: PremiumSourceType;
  id: number;
}

/** One person's part of an entry (ID number masked: the account is shown to the member). */
export interface PremiumPerson {
  name: string;
  id_no: string;
  class: number;
  /** Cover this part concerns, both ends inclusive. */
  from: string;
  to: string;
  days: number;
  /** Fen, signed as the entry. */
  amount: number;
}

export interface PremiumMove {
  orderId: number;
  /** Whose balance pays or receives. */
  userId: number;
  /** Fen, from the member's side: + paid, − returned. 0 moves nothing. */
  amount: number;
  kind: PremiumKind;
  /** Required for a payment; for a refund: the charge it reverses (else newest sources first). */
  source?: PremiumSource;
  endorsementId?: number | null;
  /** The ledger's idempotency key: a replay moves nothing and writes no entry. */
  requestId: string;
  effectiveDate?: string;
  people?: readonly PremiumPerson[];
  /** The ledger entry's topic and values. */
  params: LedgerParams;
  /** The ledger entry's reference (an order or endorsement number). */
  reference: string;
  at?: number;
}

export interface PremiumEntry {
  id: number;
  orderId: number;
  userId: number;
  kind: PremiumKind;
  amount: number;
  source: PremiumSource;
  endorsementId: number | null;
  requestId: string;
  /** The ledger move it belongs to: a refund taken from several sources is several entries of one move. */
  ledgerRequestId: string;
  effectiveDate: string;
  people: PremiumPerson[];
  createdAt: number;
}

type Row = Record<string, unknown>;

export function toPremiumEntry(r: Row): PremiumEntry {
  return {
    id: num(r.id),
    orderId: num(r.order_id),
    userId: num(r.user_id),
    kind: String(r.kind) as PremiumKind,
    amount: num(r.amount),
    source: { type: String(r.source_type) as PremiumSourceType, id: num(r.source_id) },
    endorsementId: r.endorsement_id == null ? null : num(r.endorsement_id),
    requestId: String(r.request_id),
    ledgerRequestId: String(r.ledger_request_id),
    effectiveDate: String(r.effective_date ?? ''),
    people: parseJson<PremiumPerson[]>(r.people ?? '[]', []),
    createdAt: num(r.created_at),
  };
}

/** Called inside the refund's transaction with the sources whose net just went down (invoices listen). */
export type RefundListener = (tx: SQL, refund: { orderId: number; userId: number; sources: PremiumSource[]; at: number }) => Promise<void>;

const refundListeners: RefundListener[] = [];

/** Register a listener for refunds (the invoices area: credit notes). Registered once, at import. */
export function onPremiumRefund(listener: RefundListener): void {
  if (!refundListeners.includes(listener)) refundListeners.push(listener);
}

/** Net fen per source of a policy and who paid it, newest source first. */
export async function sourceNets(
  tx: SQL,
  orderId: number,
): Promise<{ source: PremiumSource; net: number; paid: number; payerId: number }[]> {
  const rows = await tx`SELECT source_type, source_id, SUM(amount) AS net, SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END) AS paid,
      MIN(user_id) AS payer, MIN(id) AS first FROM premium_entry WHERE order_id = ${orderId} GROUP BY source_type, source_id ORDER BY first DESC`;
  return rows.map((r: Row) => ({
    source: { type: String(r.source_type) as PremiumSourceType, id: num(r.source_id) },
    net: num(r.net),
    paid: num(r.paid),
    payerId: num(r.payer),
  }));
}

/** Paid and refunded fen of invoice sources (refunded as a positive number). */
export async function sourceTotals(
  sql: SQL,
  type: PremiumSourceType,
  ids: number[],
): Promise<Map<number, { paid: number; refunded: number }>> {
  if (!ids.length) return new Map();
  const rows = await sql`SELECT source_id, SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END) AS paid,
      SUM(CASE WHEN amount < 0 THEN -amount ELSE 0 END) AS refunded
    FROM premium_entry WHERE source_type = ${type} AND source_id IN ${sql(ids)} GROUP BY source_id`;
  return new Map(rows.map((r: Row) => [num(r.source_id), { paid: num(r.paid), refunded: num(r.refunded) }]));
}

/** A policy's net premium (fen): Σ of its entries. */
export async function netPremium(sql: SQL, orderId: number): Promise<number> {
  const [r] = await sql`SELECT COALESCE(SUM(amount), 0) AS s FROM premium_entry WHERE order_id = ${orderId}`;
  return num(r.s);
}

/** A policy's entries, oldest first. */
export async function premiumHistory(sql: SQL, orderId: number): Promise<PremiumEntry[]> {
  const rows = await sql`SELECT * FROM premium_entry WHERE order_id = ${orderId} ORDER BY id`;
  return rows.map(toPremiumEntry);
}

/** Split a refund of `amount` fen over sources (newest first), never taking a source below zero. */
export function allocateRefund<T extends { source: PremiumSource; net: number }>(
  amount: number,
  nets: readonly T[],
): (T & { amount: number })[] {
  let left = amount;
  const parts: (T & { amount: number })[] = [];
  for (const n of nets) {
    if (left <= 0) break;
    const take = Math.min(left, Math.max(0, n.net));
    if (take > 0) {
      parts.push({ ...n, amount: take });
      left -= take;
    }
  }
  if (left > 0) throw new RangeError(`refund of ${amount} fen exceeds the policy's net premium`);
  return parts;
}

/**
 * Move premium: the member's balance through the ledger (kind payment or refund) and the
 * policy's premium entries, in the caller's transaction. A refund goes back to whoever paid each
 * source it is taken from (one ledger entry per payer). The ledger's request id makes it happen
 * once: a replay writes nothing and answers `replayed`. A refund above the net paid is refused
 * (RangeError: a bug, the transaction rolls back).
 */
export async function movePremium(tx: SQL, move: PremiumMove): Promise<{ replayed: boolean; entries: PremiumEntry[] }> {
  if (!Number.isSafeInteger(move.amount)) throw new RangeError('premium must be whole fen');
  if (move.amount === 0) return { replayed: false, entries: [] };
  const at = move.at ?? nowSeconds();
  const [seen] = await tx`SELECT id FROM premium_entry WHERE ledger_request_id = ${move.requestId} LIMIT 1`;
  if (seen) return { replayed: true, entries: [] };
  let parts: { source: PremiumSource; amount: number; payerId: number }[];
  if (move.amount > 0) {
    if (!move.source) throw new RangeError('a payment names its source');
    parts = [{ source: move.source, amount: move.amount, payerId: move.userId }];
  } else {
    const nets = await sourceNets(tx, move.orderId);
    const wanted = move.source;
    const ordered = wanted ? nets.filter((n) => n.source.type === wanted.type && n.source.id === wanted.id) : nets;
    parts = allocateRefund(-move.amount, ordered).map((p) => ({ source: p.source, amount: -p.amount, payerId: p.payerId }));
  }
  const payers = [...new Set(parts.map((p) => p.payerId))];
  for (const payer of payers) {
    const sum = parts.filter((p) => p.payerId === payer).reduce((s, p) => s + p.amount, 0);
    const { replayed } = await changeBalance(tx, {
      userId: payer,
      amount: -sum,
      kind: sum > 0 ? 'payment' : 'refund',
      params: move.params,
      reference: move.reference,
      requestId: payer === payers[0] ? move.requestId : `${move.requestId}@${payer}`,
      at,
    });
    if (replayed) return { replayed: true, entries: [] };
  }
  const entries: PremiumEntry[] = [];
  for (const [i, part] of parts.entries()) {
    const [row] = await tx`INSERT INTO premium_entry ${tx({
      order_id: move.orderId,
      user_id: part.payerId,
      kind: move.kind,
      amount: part.amount,
      source_type: part.source.type,
      source_id: part.source.id,
      endorsement_id: move.endorsementId ?? null,
      ledger_request_id: move.requestId,
      request_id: parts.length > 1 ? `${move.requestId}#${i + 1}` : move.requestId,
      effective_date: move.effectiveDate ?? '',
      // The per-person breakdown is kept once, on the first part.
      people: JSON.stringify(i === 0 ? (move.people ?? []) : []),
      created_at: at,
    })} RETURNING *`;
    entries.push(toPremiumEntry(row));
  }
  if (move.amount < 0) {
    for (const listener of refundListeners) {
      await listener(tx, { orderId: move.orderId, userId: move.userId, sources: parts.map((p) => p.source), at });
    }
  }
  return { replayed: false, entries };
}
