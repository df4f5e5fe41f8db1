/**
 * Orders (DESIGN.md §4): `unpaid → paid → underwriting → effective → expired`, `unpaid →
 * cancelled`, `underwriting → refused` (premium refunded), `effective → surrendered` (pro-rata
 * refund). One function per transition: a conditional update on the expected state, a timeline
 * entry and an audit entry in one transaction; from another state 409 with the current status,
 * so of two racing requests exactly one wins. Money moves only through the ledger.
 */
import type { SQL } from 'bun';
import { changeBalance } from '~/features/ledger';
import { insurerFor, insurerSettings, type UnderwriteResult } from '~/features/insurer';
import { computePremium, planOnSale, quotePremium, snapshotOf } from '~/features/products';
import { fenToYuan } from '~/lib/money';
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { DomainError, isDomainError } from '~/server/errors';
import { addDays, daysBetween, endDateFor, isDate, periodDays } from './dates';
import { fieldError, orderNotFound, rowsError, shortBalance, wrongState } from './errors';
import { checkInsuredRows, endInsured, insertInsured } from './insured';
import { findOrder, findVisibleOrder, type OrderRecord, siteToday, sqlOf, toOrder } from './records';
import type { CreateOrderInput, OrderStatus, Policyholder } from './schemas';

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

/** Order number prefixes per product. */
const PREFIX: Record<string, string> = { guzhu: 'GZ', tuanyi: 'TY', anze: 'AZ', personal: 'GR' };

/** The next value of a named sequence, inside the caller's transaction (one upserted row). */
export async function nextSequence(tx: SQL, name: string): Promise<number> {
  const [row] = await tx`INSERT INTO order_sequence (name, value) VALUES (${name}, 1)
    ON CONFLICT (name) DO UPDATE SET value = order_sequence.value + 1 RETURNING value`;
  return num(row.value);
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

/** The policyholder of the member's latest order (prefills the next form), or null. */
export async function lastPolicyholder(db: Db, userId: number): Promise<Policyholder | null> {
  const [r] = await db.sql`SELECT policyholder FROM policy_order WHERE user_id = ${userId} ORDER BY id DESC LIMIT 1`;
  if (!r) return null;
  try {
    return JSON.parse(String(r.policyholder)) as Policyholder;
  } catch {
    return null;
  }
}

/** The start date must lie from tomorrow to 90 days ahead (site time zone). */
export function checkStartDate(start: string, today: string): void {
  if (!isDate(start)) throw fieldError('start_date', 'order.dateInvalid');
  const ahead = daysBetween(today, start);
  if (ahead < 1 || ahead > 90) {
    throw fieldError('start_date', 'order.startOutside', { from: addDays(today, 1), to: addDays(today, 90) });
  }
}

export interface CreateResult {
  order: OrderRecord;
  /** True when the request id was seen before: the first order is returned, nothing new saved. */
  replayed: boolean;
}

async function byRequest(db: Db, userId: number, requestId: string): Promise<OrderRecord | null> {
  const [r] = await db.sql`SELECT * FROM policy_order WHERE user_id = ${userId} AND request_id = ${requestId}`;
  return r ? toOrder(r) : null;
}

/**
 * Place an order (unpaid): the plan on sale, the premium from quotePremium (so it equals the
 * quote), the start date, and every insured row checked at once (400 `data.rows`, nothing saved).
 * The same request id returns the same order.
 */
export async function createOrder(
  db: Db,
  userId: number,
  input: CreateOrderInput,
  o: When & { ip?: string /** Row numbers to report for `insured[i]` (an imported file's own rows). */; rowNumbers?: number[] } = {},
): Promise<CreateResult> {
  const first = await byRequest(db, userId, input.request_id);
  if (first) return { order: first, replayed: true };
  const today = o.today ?? (await siteToday(db));
  const plan = await planOnSale(db, input.plan_id);
  checkStartDate(input.start_date, today);
  let headcount: number;
  let rows: ReturnType<typeof checkInsuredRows>['rows'] = [];
  if (plan.named_list) {
    const list = input.insured ?? [];
    if (!list.length) throw fieldError('insured', 'order.insuredRequired');
    const rowNumbers = o.rowNumbers;
    const checked = checkInsuredRows(plan, list, {
      onDate: input.start_date,
      defaultClass: input.class,
      rowNumber: rowNumbers ? (i) => rowNumbers[i] : undefined,
    });
    if (checked.problems.length) throw rowsError(checked.problems);
    rows = checked.rows;
    headcount = rows.length;
  } else {
    if (input.headcount === undefined) throw fieldError('headcount', 'product.headcountInvalid');
    headcount = input.headcount;
  }
  // The order's own class and headcount are checked exactly as a quote is.
  const quoted = quotePremium(plan, { class: input.class, headcount, months: input.months });
  // A named list may mix classes: each row is priced at its class, so a uniform list equals the quote.
  const premium = plan.named_list
    ? rows.reduce((sum, r) => sum + computePremium(plan, { class: r.class, headcount: 1, months: input.months }).premium, 0)
    : quoted.premium;
  const endDate = endDateFor(input.start_date, input.months);
  const at = o.at ?? nowSeconds();
  const actor: Actor = { kind: 'member', userId, ip: o.ip };
  try {
    const order = (await db.sql.begin(async (tx) => {
      const seq = await nextSequence(tx, `order:${today}`);
      const orderNo = `${PREFIX[plan.product]}${today.replaceAll('-', '')}${String(seq).padStart(5, '0')}`;
      const [row] = await tx`INSERT INTO policy_order ${tx({
        order_no: orderNo,
        user_id: userId,
        product: plan.product,
        plan_id: plan.id,
        plan_name: plan.name,
        plan_snapshot: JSON.stringify(snapshotOf(plan)),
        named_list: plan.named_list ? 1 : 0,
        class: input.class,
        months: input.months,
        start_date: input.start_date,
        end_date: endDate,
        insured_count: headcount,
        per_person: quoted.perPerson,
        rate: quoted.rate,
        premium,
        status: 'unpaid',
        holder_name: input.policyholder.name,
        policyholder: JSON.stringify(input.policyholder),
        request_id: input.request_id,
        created_at: at,
        updated_at: at,
      })} RETURNING *`;
      const created = toOrder(row);
      if (rows.length) await insertInsured(tx, created.id, rows, { activeFrom: input.start_date, activeTo: endDate, at });
      await appendTimeline(tx, created.id, '', 'unpaid', actor, '', at);
      await writeAudit(tx, { userId, action: 'order.create', detail: { order_id: created.id, order_no: orderNo, premium }, ip: o.ip });
      return created;
    })) as OrderRecord;
    return { order, replayed: false };
  } catch (err) {
    // Two creates with one request id raced: the unique index let one in; answer with it.
    if (!isDomainError(err)) {
      const winner = await byRequest(db, userId, input.request_id);
      if (winner) return { order: winner, replayed: true };
    }
    throw err;
  }
}

/** paid → underwriting (the system hands a paid order to the insurer), inside the caller's transaction. */
export function submitUnderwriting(tx: SQL, orderId: number, o: When = {}): Promise<OrderRecord> {
  return transition(tx, orderId, ['paid'], 'underwriting', { kind: 'system', userId: null }, { at: o.at });
}

export interface PayResult {
  order: OrderRecord;
  replayed: boolean;
}

/**
 * unpaid → paid → underwriting: debit the payer's balance through the ledger (kind `payment`,
 * reference the order number) exactly once per order, however often it is clicked; the same
 * request id repeated answers with the order as it is now. Short balance: 400 field `balance`
 * with `{required, available}`. The insurer is asked after the transaction commits.
 */
export async function payOrder(
  db: Db,
  userId: number,
  input: { id: number; request_id: string },
  o: When & { ip?: string; underwrite?: boolean } = {},
): Promise<PayResult> {
  const visible = await findVisibleOrder(db, userId, input.id);
  if (!visible) throw orderNotFound();
  const at = o.at ?? nowSeconds();
  const actor: Actor = { kind: 'member', userId, ip: o.ip };
  const result = (await db.sql.begin(async (tx) => {
    const current = await findOrder(tx, input.id);
    if (!current) throw orderNotFound();
    if (current.status !== 'unpaid') {
      if (current.payRequestId === input.request_id) return { order: current, replayed: true };
      throw wrongState(current.status);
    }
    let paid: OrderRecord;
    try {
      paid = await transition(tx, input.id, ['unpaid'], 'paid', actor, {
        set: { payer_id: userId, pay_request_id: input.request_id, paid_at: at },
        at,
      });
    } catch (err) {
      // A racing pay with the same request id won: same answer as a replay.
      const now = await findOrder(tx, input.id);
      if (now && now.status !== 'unpaid' && now.payRequestId === input.request_id) return { order: now, replayed: true };
      throw err;
    }
    const [u] = await tx`SELECT money FROM "user" WHERE id = ${userId}`;
    const available = u ? num(u.money) : 0;
    if (available < paid.premium) throw shortBalance(fenToYuan(paid.premium), fenToYuan(available));
    try {
      await changeBalance(tx, {
        userId,
        amount: -paid.premium,
        kind: 'payment',
        memo: `${paid.planName} 保费`,
        reference: paid.orderNo,
        requestId: `order-pay:${paid.id}`,
        at: o.ledgerAt ?? at,
      });
    } catch (err) {
      if (isDomainError(err) && err.key === 'ledger.insufficientBalance') throw shortBalance(fenToYuan(paid.premium), fenToYuan(available));
      throw err;
    }
    return { order: await submitUnderwriting(tx, paid.id, { at }), replayed: false };
  })) as PayResult;
  if (!result.replayed && o.underwrite !== false) await scheduleUnderwriting(db, result.order.id);
  return result;
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
    return transition(tx, orderId, ['underwriting'], 'effective', actor, {
      note: o.note ?? policyNo,
      set: { policy_no: policyNo, effective_at: at },
      at,
    });
  };
  return 'dialect' in db ? ((await (db as Db).sql.begin(run)) as OrderRecord) : run(db as SQL);
}

/** Refund to the payer through the ledger, once per order and purpose (the request id says so). */
async function refund(tx: SQL, order: OrderRecord, amount: number, purpose: 'refused' | 'surrendered', at: number): Promise<void> {
  // `at` is the ledger entry's time (see When.ledgerAt).
  if (amount <= 0 || order.payerId === null) return;
  await changeBalance(tx, {
    userId: order.payerId,
    amount,
    kind: 'refund',
    memo: purpose === 'refused' ? `${order.planName} 拒保退费` : `${order.planName} 退保退费`,
    reference: order.orderNo,
    requestId: `order-${purpose}:${order.id}`,
    at,
  });
  await tx`UPDATE policy_order SET refunded = refunded + ${amount} WHERE id = ${order.id}`;
}

/** underwriting → refused: the whole premium goes back to the payer's balance, once. */
export async function refuseOrder(db: Db, orderId: number, actor: Actor, reason: string, o: When = {}): Promise<OrderRecord> {
  const at = o.at ?? nowSeconds();
  return (await db.sql.begin(async (tx) => {
    const order = await transition(tx, orderId, ['underwriting'], 'refused', actor, { note: reason, set: { reason, closed_at: at }, at });
    await refund(tx, order, order.premium, 'refused', o.ledgerAt ?? at);
    return (await findOrder(tx, orderId)) as OrderRecord;
  })) as OrderRecord;
}

/** unpaid → cancelled, by a member who may see the order. */
export async function cancelOrder(db: Db, userId: number, orderId: number, o: When & { ip?: string } = {}): Promise<OrderRecord> {
  if (!(await findVisibleOrder(db, userId, orderId))) throw orderNotFound();
  const at = o.at ?? nowSeconds();
  return (await db.sql.begin((tx) =>
    transition(tx, orderId, ['unpaid'], 'cancelled', { kind: 'member', userId, ip: o.ip }, { set: { closed_at: at }, at }),
  )) as OrderRecord;
}

/** The surrender refund: ⌊premium × days left / days in period⌋ fen; cover ends at the end of `date`. */
export function surrenderRefund(order: Pick<OrderRecord, 'premium' | 'startDate' | 'endDate'>, date: string): number {
  const total = periodDays(order.startDate, order.endDate);
  const lastCovered = date < order.startDate ? addDays(order.startDate, -1) : date;
  const left = Math.max(0, daysBetween(lastCovered, order.endDate));
  return Math.floor((order.premium * left) / total);
}

/**
 * effective → surrendered on `date` (from today to the last day of cover): the pro-rata refund to
 * the payer's balance, once; every insured row ends on that date.
 */
export async function surrenderOrder(
  db: Db,
  userId: number,
  input: { id: number; date: string },
  o: When & { ip?: string } = {},
): Promise<OrderRecord> {
  const visible = await findVisibleOrder(db, userId, input.id);
  if (!visible) throw orderNotFound();
  const today = o.today ?? (await siteToday(db));
  if (visible.status === 'effective' && visible.endDate < today) throw wrongState('expired');
  if (!isDate(input.date)) throw fieldError('date', 'order.dateInvalid');
  if (visible.status === 'effective' && (input.date < today || input.date > visible.endDate)) {
    throw fieldError('date', 'order.surrenderDateOutside', { from: today, to: visible.endDate });
  }
  const at = o.at ?? nowSeconds();
  return (await db.sql.begin(async (tx) => {
    const order = await transition(
      tx,
      input.id,
      ['effective'],
      'surrendered',
      { kind: 'member', userId, ip: o.ip },
      {
        note: input.date,
        set: { reason: input.date, closed_at: at },
        at,
      },
    );
    await endInsured(tx, order.id, input.date < order.startDate ? addDays(order.startDate, -1) : input.date);
    await refund(tx, order, surrenderRefund(order, input.date), 'surrendered', o.ledgerAt ?? at);
    return (await findOrder(tx, input.id)) as OrderRecord;
  })) as OrderRecord;
}

/** effective → expired once the last day of cover has passed. */
export async function expireOrder(db: Db, orderId: number, o: When = {}): Promise<OrderRecord> {
  const today = o.today ?? (await siteToday(db));
  const current = await findOrder(db, orderId);
  if (!current) throw orderNotFound();
  if (current.status === 'effective' && current.endDate >= today) throw wrongState(current.status);
  return (await db.sql.begin((tx) =>
    transition(tx, orderId, ['effective'], 'expired', { kind: 'system', userId: null }, { at: o.at }),
  )) as OrderRecord;
}

/** Write `expired` on every effective order past its end date; returns how many. */
export async function expireDue(db: Db, o: When = {}): Promise<number> {
  const today = o.today ?? (await siteToday(db));
  const due = await db.sql`SELECT id FROM policy_order WHERE status = 'effective' AND end_date < ${today} ORDER BY id LIMIT 1000`;
  let n = 0;
  for (const r of due) {
    try {
      await expireOrder(db, num(r.id), { today, at: o.at });
      n++;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err; // someone else moved it: fine
    }
  }
  return n;
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
    console.error(`[insurer] ${adapter.name} failed on ${order.orderNo}; it stays in underwriting:`, err);
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
 * After a payment: the sandbox answers at once when its delay is 0, otherwise a timer asks it
 * later (and processUnderwritingQueue catches up after a restart).
 */
export async function scheduleUnderwriting(db: Db, orderId: number): Promise<void> {
  const settings = await insurerSettings(db);
  if (settings.mode === 'manual') return;
  if (settings.underwriteDelaySeconds <= 0) {
    await runUnderwriting(db, orderId);
    return;
  }
  setTimeout(() => {
    runUnderwriting(db, orderId).catch((err) => console.error('[insurer] delayed underwriting failed:', err));
  }, settings.underwriteDelaySeconds * 1000).unref?.();
}

/** Orders in underwriting whose sandbox delay has passed are decided now (called on reads). */
export async function processUnderwritingQueue(db: Db, now = nowSeconds()): Promise<number> {
  const settings = await insurerSettings(db);
  if (settings.mode === 'manual') return 0;
  const due =
    await db.sql`SELECT id FROM policy_order WHERE status = 'underwriting' AND paid_at <= ${now - settings.underwriteDelaySeconds} ORDER BY id LIMIT 50`;
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
