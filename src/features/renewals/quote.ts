/**
 * What renewing a policy would give (GET /renewal/quote): the plan (the same one, or the nearest
 * one on sale when it was withdrawn), the people as the roster stands on the old end date, a term
 * of the same length starting the day after, and the price at today's rates — with what changed.
 */
import type { SQL } from 'bun';
import {
  addDays,
  checkInsuredRows,
  daysBetween,
  endDateFor,
  findOrder,
  findVisibleOrder,
  type OrderRecord,
  orderNotFound,
  siteToday,
  toOrder,
} from '~/features/orders';
import { countByClass, listProducts, mixPremium, type Plan, quotePremium, type ClassLine } from '~/features/products';
import { type Db, num } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';

/** A policy may be renewed from this many days before its end … */
export const RENEW_AHEAD_DAYS = 60;
/** … until this many days after it. */
export const RENEW_AFTER_DAYS = 30;
/** The Renew button shows on policies ending within this many days (or ended within RENEW_AFTER_DAYS). */
export const RENEW_BUTTON_DAYS = 30;

/** States of an order that count as the policy having been renewed (the successor was paid). */
export const RENEWED_STATES = ['paid', 'underwriting', 'effective', 'expired', 'surrendered'] as const;
/** States of a successor that still stands (a cancelled or refused one does not). */
export const LIVE_SUCCESSOR_STATES = ['unpaid', ...RENEWED_STATES] as const;

type Row = Record<string, unknown>;
const sqlOf = (db: Db | SQL): SQL => ('dialect' in db && typeof (db as Db).dialect === 'string' ? (db as Db).sql : (db as SQL));

/** One person of a renewal quote (named lists). */
export interface QuotePerson {
  name: string;
  idNo: string;
  class: number;
}

export interface RenewalQuote {
  old: OrderRecord;
  /** The plan the renewal is priced on (today's prices). */
  plan: Plan;
  /** The old plan is no longer on sale: the nearest one of the product is offered. */
  planChanged: boolean;
  startDate: string;
  endDate: string;
  months: number;
  /** Cover starts later than the day after the old end (the old one has ended): the gap's first day. */
  gapFrom: string | null;
  namedList: boolean;
  headcount: number;
  classMix: Record<string, number>;
  /** Named lists: the people carried over (the roster on the old end date). */
  people: QuotePerson[];
  /** Added by endorsement since the policy started (carried). */
  added: QuotePerson[];
  /** Removed by endorsement before the end date (not carried). */
  removed: QuotePerson[];
  /** On the roster at the end but outside the plan's rules on the new start (age): not carried. */
  dropped: QuotePerson[];
  /** Per class: the old per-person price (old rates, old plan) and the new one. */
  lines: { class: number; people: number; oldPerPerson: number; perPerson: number; subtotal: number }[];
  /** The old policy's premium as bought (fen). */
  oldTotal: number;
  /** The same people at the old rates (fen): the difference the price change alone makes. */
  oldRatesTotal: number;
  /** The renewal's premium (fen). */
  total: number;
  /** total − oldTotal (fen). */
  difference: number;
  /** A renewal order that already stands (unpaid or paid), if any. */
  successor: OrderRecord | null;
}

/** Why a policy cannot be renewed: the message key. */
export function notRenewable(order: Pick<OrderRecord, 'status' | 'endDate'>, today: string): string | null {
  if (order.status !== 'effective' && order.status !== 'expired') return 'renewal.notInForce';
  const ahead = daysBetween(today, order.endDate);
  if (ahead > RENEW_AHEAD_DAYS) return 'renewal.tooEarly';
  if (ahead < -RENEW_AFTER_DAYS) return 'renewal.tooLate';
  return null;
}

/** Whether the policy page and the desk offer Renew: ending within 30 days, or ended within 30. */
export function offersRenew(order: Pick<OrderRecord, 'status' | 'endDate'>, today: string): boolean {
  if (notRenewable(order, today)) return false;
  return daysBetween(today, order.endDate) <= RENEW_BUTTON_DAYS;
}

/** The latest renewal order of `orderId` that still stands (not cancelled or refused), or null. */
export async function successorOf(db: Db | SQL, orderId: number): Promise<OrderRecord | null> {
  const sql = sqlOf(db);
  const [r] = await sql`SELECT * FROM policy_order WHERE renewal_of = ${orderId}
    AND status IN ${sql([...LIVE_SUCCESSOR_STATES])} ORDER BY id DESC LIMIT 1`;
  return r ? toOrder(r) : null;
}

/** The order this one renews, or null. */
export async function predecessorOf(db: Db | SQL, order: { id: number }): Promise<OrderRecord | null> {
  const [r] = await sqlOf(db)`SELECT renewal_of FROM policy_order WHERE id = ${order.id}`;
  const of = r?.renewal_of == null ? 0 : num(r.renewal_of);
  return of ? findOrder(db, of) : null;
}

const refuse = (key: string, status = 409) =>
  new DomainError(key, { status, code: status === 409 ? Codes.CONFLICT : Codes.VALIDATION, field: 'order_id' });

/**
 * The plan to renew on: the old one while it is on sale, else the product's on-sale plan nearest
 * to it in the catalogue's order (ties: the richer one), keeping named/unnamed and accepting every
 * class of the roster. None fits: 409 `renewal.noPlan`.
 */
export async function renewalPlan(db: Db, old: OrderRecord, classes: number[]): Promise<{ plan: Plan; changed: boolean }> {
  const products = await listProducts(db, { all: true });
  const plans = products.find((p) => p.code === old.product)?.plans ?? [];
  const fits = (p: Plan) =>
    p.status === 1 && p.named_list === old.namedList && classes.every((c) => p.classes.includes(c) && p.annual[String(c)]);
  const same = plans.find((p) => p.id === old.planId);
  if (same && fits(same)) return { plan: same, changed: false };
  const at = Math.max(
    0,
    plans.findIndex((p) => p.id === old.planId),
  );
  const candidates = plans
    .map((p, i) => ({ p, distance: Math.abs(i - at), after: i > at ? 0 : 1 }))
    .filter(({ p }) => fits(p))
    .sort((a, b) => a.distance - b.distance || a.after - b.after);
  if (!candidates.length) throw refuse('renewal.noPlan');
  return { plan: candidates[0].p, changed: true };
}

/** The renewal quote of an order, whoever owns it (visibility is the caller's). */
export async function quoteFor(db: Db, old: OrderRecord, today: string): Promise<RenewalQuote> {
  const why = notRenewable(old, today);
  if (why) throw refuse(why);
  const startDate = old.endDate < today ? addDays(today, 1) : addDays(old.endDate, 1);
  const months = old.months;
  const endDate = endDateFor(startDate, months);
  let people: QuotePerson[] = [];
  let added: QuotePerson[] = [];
  let removed: QuotePerson[] = [];
  let dropped: QuotePerson[] = [];
  let classMix: Record<string, number>;
  if (old.namedList) {
    const rows: Row[] =
      await db.sql`SELECT name, id_no, class, active_from, active_to FROM order_insured WHERE order_id = ${old.id} ORDER BY id`;
    const onDay = (day: string) => rows.filter((r) => String(r.active_from) <= day && String(r.active_to) >= day);
    const toPerson = (r: Row) => ({ name: String(r.name), idNo: String(r.id_no), class: num(r.class) });
    const atEnd = onDay(old.endDate).map(toPerson);
    const atStart = onDay(old.startDate).map(toPerson);
    const endIds = new Set(atEnd.map((p) => p.idNo));
    const startIds = new Set(atStart.map((p) => p.idNo));
    added = atEnd.filter((p) => !startIds.has(p.idNo));
    removed = atStart.filter((p) => !endIds.has(p.idNo));
    people = atEnd;
    classMix = countByClass(people);
  } else {
    classMix = { ...old.classMix };
  }
  const classes = Object.keys(classMix).map(Number);
  const { plan, changed } = await renewalPlan(db, old, classes.length ? classes : [old.class]);
  if (old.namedList) {
    // Everyone carried must still fit the plan on the new start day (age window): the others are named.
    const checked = checkInsuredRows(
      plan,
      people.map((p) => ({ name: p.name, id_no: p.idNo, class: p.class })),
      { onDate: startDate, defaultClass: old.class },
    );
    const bad = new Set(checked.problems.map((p) => p.row - 1));
    dropped = people.filter((_, i) => bad.has(i));
    people = people.filter((_, i) => !bad.has(i));
    classMix = countByClass(people);
  }
  const headcount = Object.values(classMix).reduce((s, n) => s + n, 0);
  if (!headcount) throw refuse('renewal.nobody');
  // The plan's headcount window and classes, exactly as an order checks them (400 naming the field).
  for (const cls of Object.keys(classMix)) quotePremium(plan, { class: Number(cls), headcount, months });
  const priced = mixPremium(plan, months, classMix);
  const atOldRates = mixPremium(old.plan, old.months, classMix);
  const oldPer = new Map<number, ClassLine>(atOldRates.lines.map((l) => [l.class, l]));
  return {
    old,
    plan,
    planChanged: changed,
    startDate,
    endDate,
    months,
    gapFrom: startDate === addDays(old.endDate, 1) ? null : addDays(old.endDate, 1),
    namedList: old.namedList,
    headcount,
    classMix,
    people,
    added,
    removed,
    dropped,
    lines: priced.lines.map((l) => ({
      class: l.class,
      people: l.people,
      oldPerPerson: oldPer.get(l.class)?.perPerson ?? 0,
      perPerson: l.perPerson,
      subtotal: l.subtotal,
    })),
    oldTotal: old.premium,
    oldRatesTotal: atOldRates.total,
    total: priced.total,
    difference: priced.total - old.premium,
    successor: await successorOf(db, old.id),
  };
}

/** GET /renewal/quote: the member's own (or team's) policy; another's or a missing one is 404. */
export async function renewalQuote(db: Db, userId: number, orderId: number, o: { today?: string } = {}): Promise<RenewalQuote> {
  const old = await findVisibleOrder(db, userId, orderId);
  if (!old) throw orderNotFound();
  return quoteFor(db, old, o.today ?? (await siteToday(db)));
}
