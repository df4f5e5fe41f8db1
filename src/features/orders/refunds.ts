/**
 * Money going back to the payer when a policy closes early: the surrender refund from what was
 * actually bought (per insured person, at the rate that person was charged) and the refusal
 * refund (everything paid). Both move through the policy's premium account, once per order.
 *
 * Cover is priced per person per day: a row of `order_insured` paid `premium` fen for the days
 * from `active_from` to `active_to`, at `P / D` a day, where `P` is the term premium of its class
 * in the order's snapshot and `D` the days of the period. A surrender on `date` keeps, per row,
 * `P × days covered up to date / D` (half up, never more than the row paid) and refunds the rest.
 */
import type { SQL } from 'bun';
import { computePremium } from '~/features/products';
import { movePremium, netPremium, type PremiumPerson } from '~/features/ledger';
import { maskResidentId } from '~/lib/cn-id';
import { daysInclusive, proRata } from '~/lib/pro-rata';
import { addDays } from './dates';
import { type InsuredRecord, toInsured } from './insured';
import { ledgerParams, type OrderRecord } from './records';

/** One person (or, without a named list, the whole headcount) in a surrender quote. Fen. */
export interface SurrenderLine {
  insured_id: number | null;
  name: string;
  id_no: string;
  class: number;
  /** 1 for a named person; the headcount for a policy without a named list. */
  people: number;
  /** Cover kept: from `kept_from` to `kept_to` (empty when none). */
  kept_from: string;
  kept_to: string;
  kept_days: number;
  /** Cover given back: from `refund_from` to `refund_to` (empty when none). */
  refund_from: string;
  refund_to: string;
  paid: number;
  kept: number;
  refund: number;
}

export interface SurrenderBreakdown {
  lines: SurrenderLine[];
  /** Σ line refunds, never above `net`. */
  refund: number;
  /** What the policy's people paid for their cover (fen). */
  paid: number;
}

/** A policy's term premium per person of a class (fen), from its own snapshot; 0 if not sold. */
export function termPremiumOf(order: Pick<OrderRecord, 'plan' | 'months'>, cls: number): number {
  const covered = order.plan.classes?.includes(cls) && Boolean(order.plan.annual?.[String(cls)]);
  return covered ? computePremium(order.plan, { class: cls, headcount: 1, months: order.months }).perPerson : 0;
}

/** Days a row covers up to and including `date` (0 when it starts after it). */
function keptDays(from: string, to: string, date: string): number {
  if (from > date) return 0;
  return Math.max(0, daysInclusive(from, to < date ? to : date));
}

/**
 * The surrender of `order` on `date` (cover ends at the end of that day), per person. Pure: the
 * quote the member reads and the refund the surrender makes are this one function.
 */
export function surrenderBreakdown(
  order: Pick<OrderRecord, 'plan' | 'months' | 'startDate' | 'endDate' | 'namedList' | 'class' | 'insuredCount' | 'perPerson' | 'premium'>,
  rows: readonly Pick<InsuredRecord, 'id' | 'name' | 'idNo' | 'class' | 'activeFrom' | 'activeTo' | 'premium'>[],
  date: string,
  net: number,
): SurrenderBreakdown {
  const D = daysInclusive(order.startDate, order.endDate);
  const line = (r: (typeof rows)[number], people: number, paid: number, P: number): SurrenderLine => {
    const days = Math.min(D, keptDays(r.activeFrom, r.activeTo, date));
    const kept = Math.min(paid, people * proRata(P, days, D));
    const keptTo = days ? (r.activeTo < date ? r.activeTo : date) : '';
    const refundFrom = days ? addDays(keptTo, 1) : r.activeFrom;
    const hasRefund = refundFrom <= r.activeTo;
    return {
      insured_id: r.id || null,
      name: r.name,
      id_no: r.idNo ? maskResidentId(r.idNo) : '',
      class: r.class,
      people,
      kept_from: days ? r.activeFrom : '',
      kept_to: keptTo,
      kept_days: days,
      refund_from: hasRefund ? refundFrom : '',
      refund_to: hasRefund ? r.activeTo : '',
      paid,
      kept,
      refund: paid - kept,
    };
  };
  const lines = order.namedList
    ? rows.map((r) => line(r, 1, r.premium, termPremiumOf(order, r.class)))
    : [
        line(
          { id: 0, name: '', idNo: '', class: order.class, activeFrom: order.startDate, activeTo: order.endDate, premium: order.premium },
          order.insuredCount,
          Math.min(order.premium, net),
          order.perPerson,
        ),
      ];
  const paid = lines.reduce((s, l) => s + l.paid, 0);
  const refund = Math.min(
    Math.max(0, net),
    lines.reduce((s, l) => s + l.refund, 0),
  );
  return { lines, refund, paid };
}

/** Every insured row of an order (surrender reads them all, in id order). */
export async function allRows(tx: SQL, orderId: number): Promise<InsuredRecord[]> {
  const rows = await tx`SELECT * FROM order_insured WHERE order_id = ${orderId} ORDER BY id`;
  return rows.map(toInsured);
}

/**
 * Surrender's money and roster, inside the caller's transaction (after pending endorsements were
 * settled): the refund to the payers, rows ending on `date`, rows whose cover never starts removed.
 */
export async function settleSurrender(tx: SQL, order: OrderRecord, date: string, at: number): Promise<number> {
  const rows = order.namedList ? await allRows(tx, order.id) : [];
  const net = await netPremium(tx, order.id);
  const b = surrenderBreakdown(order, rows, date, net);
  const people: PremiumPerson[] = b.lines
    .filter((l) => l.refund > 0)
    .map((l) => ({
      name: l.name,
      id_no: l.id_no,
      class: l.class,
      from: l.refund_from,
      to: l.refund_to,
      days: l.refund_from ? daysInclusive(l.refund_from, l.refund_to) : 0,
      amount: -l.refund,
    }));
  if (b.refund > 0) {
    await movePremium(tx, {
      orderId: order.id,
      userId: order.payerId ?? order.userId,
      amount: -b.refund,
      kind: 'surrender_refund',
      params: ledgerParams('order.surrender', order),
      reference: order.policyNo ?? order.orderNo,
      requestId: `order-surrendered:${order.id}`,
      effectiveDate: date,
      people,
      at,
    });
    await tx`UPDATE policy_order SET refunded = refunded + ${b.refund} WHERE id = ${order.id}`;
  }
  for (const l of b.lines) {
    if (!l.insured_id) continue;
    if (!l.kept_days) await tx`DELETE FROM order_insured WHERE id = ${l.insured_id}`;
    else await tx`UPDATE order_insured SET active_to = ${l.kept_to}, premium = ${l.kept} WHERE id = ${l.insured_id}`;
  }
  return b.refund;
}

/** Refusal: everything paid on the policy goes back to whoever paid it, once. */
export async function refundAll(tx: SQL, order: OrderRecord, at: number): Promise<number> {
  const net = await netPremium(tx, order.id);
  if (net <= 0) return 0;
  await movePremium(tx, {
    orderId: order.id,
    userId: order.payerId ?? order.userId,
    amount: -net,
    kind: 'refusal_refund',
    params: ledgerParams('order.refusal', order),
    reference: order.orderNo,
    requestId: `order-refused:${order.id}`,
    at,
  });
  await tx`UPDATE policy_order SET refunded = refunded + ${net} WHERE id = ${order.id}`;
  return net;
}

/** The surrender refund of a policy without its rows (tests and the old API): Σ of the breakdown. */
export function surrenderRefund(
  order: Pick<OrderRecord, 'plan' | 'months' | 'startDate' | 'endDate' | 'namedList' | 'class' | 'insuredCount' | 'perPerson' | 'premium'>,
  date: string,
): number {
  return surrenderBreakdown({ ...order, namedList: false }, [], date, order.premium).refund;
}
