/**
 * Placing an order (→ unpaid): the start-date rule, the policyholder prefill and createOrder, which
 * prices the order exactly as a quote and is idempotent by request id.
 */
import { computePremium, countByClass, mixPremium, planOnSale, quotePremium, snapshotOf } from '~/features/products';
import { writeAudit } from '~/server/audit';
import { type Db, nowSeconds } from '~/server/db/client';
import { isDomainError } from '~/server/errors';
import { addDays, daysBetween, endDateFor, isDate } from './dates';
import { fieldError, rowsError } from './errors';
import { checkInsuredRows, insertInsured } from './insured';
import { type OrderRecord, siteToday, toOrder } from './records';
import type { CreateOrderInput, Policyholder } from './schemas';
import { nextSequence } from './sequence';
import { type Actor, appendTimeline, type When } from './transition';

/** Order number prefixes per product. */
const PREFIX: Record<string, string> = { guzhu: 'GZ', tuanyi: 'TY', anze: 'AZ', personal: 'GR' };

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
  // A named list may mix classes: each class is priced on its own (one line per class), so a uniform list equals the quote.
  const classMix = plan.named_list ? countByClass(rows) : { [String(input.class)]: headcount };
  const premium = plan.named_list ? mixPremium(plan, input.months, classMix).total : quoted.premium;
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
        plan_name_en: plan.name_en || plan.name,
        plan_snapshot: JSON.stringify(snapshotOf(plan)),
        named_list: plan.named_list ? 1 : 0,
        class: input.class,
        class_mix: JSON.stringify(classMix),
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
      const perPersonOf = (cls: number) => computePremium(plan, { class: cls, headcount: 1, months: input.months }).perPerson;
      if (rows.length)
        await insertInsured(tx, created.id, rows, { activeFrom: input.start_date, activeTo: endDate, at, premiumOf: perPersonOf });
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
