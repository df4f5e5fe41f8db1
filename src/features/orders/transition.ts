/**
 * Orders (DESIGN.md §4): `unpaid → paid → underwriting → effective → expired`, `unpaid →
 * cancelled`, `underwriting → refused` (premium refunded), `effective → surrendered` (pro-rata
 * refund). One function per transition: a conditional update on the expected state, a timeline
 * entry and an audit entry in one transaction; from another state 409 with the current status,
 * so of two racing requests exactly one wins. Money moves only through the ledger.
 *
 * This module holds the mechanics every transition shares: who and when, the conditional update,
 * and the timeline it writes and reads.
 */
import type { SQL } from 'bun';
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { orderNotFound, wrongState } from './errors';
import { findOrder, type OrderRecord, sqlOf, toOrder } from './records';
import type { OrderStatus } from './schemas';

/** Who made a change: shown in the timeline and written to the audit log. */
export interface Actor {
  kind: 'member' | 'operator' | 'insurer' | 'system';
  userId: number | null;
  ip?: string;
}

/** Options of a domain call: the day it happens on (site time zone) and its time. */
export interface When {
  /** `YYYY-MM-DD` in the site's time zone; default the real today. Demo data and tests move it. */
  today?: string;
  /** Unix seconds written as the change's time; default now (demo history only). */
  at?: number;
  /**
   * Time of the ledger entries a change writes; default `at`. Demo data only: later areas' demo
   * entries must come after the ledger's own demo history so every entry's before/after chain holds.
   */
  ledgerAt?: number;
}

/** Append a timeline entry inside the caller's transaction. */
export async function appendTimeline(
  tx: SQL,
  orderId: number,
  from: string,
  to: string,
  actor: Actor,
  note = '',
  at = nowSeconds(),
): Promise<void> {
  await tx`INSERT INTO order_timeline ${tx({ order_id: orderId, from_status: from, to_status: to, actor: actor.kind, actor_id: actor.userId, note, created_at: at })}`;
}

/**
 * Move an order from one of `from` to `to` inside the caller's transaction: the conditional
 * update, the timeline entry and the audit entry. 409 with the current status when it is in
 * another state (or another request moved it first).
 */
export async function transition(
  tx: SQL,
  orderId: number,
  from: readonly OrderStatus[],
  to: OrderStatus,
  actor: Actor,
  o: { note?: string; set?: Record<string, unknown>; at?: number } = {},
): Promise<OrderRecord> {
  const at = o.at ?? nowSeconds();
  const rows = await tx`UPDATE policy_order SET ${tx({ ...(o.set ?? {}), status: to, updated_at: at })}
    WHERE id = ${orderId} AND status IN ${tx(from as OrderStatus[])} RETURNING *`;
  if (!rows.length) {
    const current = await findOrder(tx, orderId);
    if (!current) throw orderNotFound();
    throw wrongState(current.status);
  }
  const order = toOrder(rows[0]);
  const before = from.length === 1 ? from[0] : '';
  await appendTimeline(tx, orderId, before, to, actor, o.note ?? '', at);
  await writeAudit(tx, {
    userId: actor.userId,
    action: `order.${to}`,
    detail: { order_id: order.id, order_no: order.orderNo, to, by: actor.kind, note: o.note ?? '' },
    ip: actor.ip,
  });
  return order;
}

/** One timeline entry: from, to, who (actor kind and member id), a note, when (Unix seconds). */
export interface TimelineEntry {
  from: string;
  to: string;
  actor: string;
  actor_id: number | null;
  note: string;
  time: number;
}

/** An order's timeline, oldest first. */
export async function orderTimeline(db: Db | SQL, orderId: number): Promise<TimelineEntry[]> {
  const rows = await sqlOf(db)`SELECT * FROM order_timeline WHERE order_id = ${orderId} ORDER BY id`;
  return rows.map((r: Record<string, unknown>) => ({
    from: String(r.from_status),
    to: String(r.to_status),
    actor: String(r.actor),
    actor_id: r.actor_id == null ? null : num(r.actor_id),
    note: String(r.note ?? ''),
    time: num(r.created_at),
  }));
}
