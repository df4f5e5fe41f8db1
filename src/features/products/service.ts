import { type Db, num, nowSeconds } from '~/server/db/client';
import type { SQL } from 'bun';
import { writeAudit } from '~/server/audit';
import { Codes, DomainError } from '~/server/errors';
import { fenToYuan } from '~/lib/money';
import { computePremium, type Premium, type PremiumInput, premiumProblem, mixPremium } from './premium';
import { type PlanRules, type PlanRulesInput, rulesOf } from './rules';
import type { PlanUpdateInput, PriceGridInput, ProductCode } from './schemas';
import type { Plan, PlanLimit, PlanSnapshot, Product } from './types';

type Row = Record<string, unknown>;
const sqlOf = (db: Db | SQL): SQL => ('sql' in db && typeof (db as Db).dialect === 'string' ? (db as Db).sql : (db as SQL));

function parseJson<T>(text: unknown, fallback: T): T {
  try {
    return JSON.parse(String(text)) as T;
  } catch {
    return fallback;
  }
}

export function toPlan(r: Row): Plan {
  const annualRaw = parseJson<Record<string, unknown>>(r.annual, {});
  const annual: Record<string, number> = {};
  for (const [k, val] of Object.entries(annualRaw)) if (num(val) > 0) annual[k] = num(val);
  return {
    id: num(r.id),
    product: String(r.product) as ProductCode,
    name: String(r.name),
    name_en: String(r.name_en ?? ''),
    named_list: num(r.named_list) === 1,
    limits: parseJson<PlanLimit[]>(r.limits, []),
    classes: parseJson<number[]>(r.classes, []).map(Number),
    annual,
    min_insured: num(r.min_insured),
    max_insured: num(r.max_insured),
    age_min: num(r.age_min),
    age_max: num(r.age_max),
    status: num(r.status),
    updated_at: num(r.updated_at),
    rules: rulesOf(r.rules, num(r.min_insured)),
  };
}

/** The part of a plan an order keeps (no sale status). */
export function snapshotOf(plan: Plan): PlanSnapshot {
  const { status: _s, updated_at: _u, rules: _r, ...snapshot } = plan;
  return snapshot;
}

/** The catalogue: products in display order with their plans (on sale only unless `all`). */
export async function listProducts(db: Db, opts: { all?: boolean } = {}): Promise<Product[]> {
  const products: Row[] = await db.sql`SELECT * FROM product WHERE status = 1 ORDER BY weigh, code`;
  const plans: Row[] = opts.all
    ? await db.sql`SELECT * FROM product_plan ORDER BY product, weigh, id`
    : await db.sql`SELECT * FROM product_plan WHERE status = 1 ORDER BY product, weigh, id`;
  return products.map((p) => ({
    code: String(p.code) as ProductCode,
    name: String(p.name),
    name_en: String(p.name_en ?? ''),
    summary: String(p.summary ?? ''),
    summary_en: String(p.summary_en ?? ''),
    plans: plans.filter((pl) => pl.product === p.code).map(toPlan),
  }));
}

/** One plan by id (any status), or null. */
export async function findPlan(db: Db | SQL, id: number): Promise<Plan | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [r] = await sqlOf(db)`SELECT * FROM product_plan WHERE id = ${id}`;
  return r ? toPlan(r) : null;
}

/** A plan on sale, or 400 naming `plan_id`. */
export async function planOnSale(db: Db | SQL, id: number): Promise<Plan> {
  const plan = await findPlan(db, id);
  if (plan?.status !== 1) throw new DomainError('product.planInvalid', { status: 400, code: Codes.VALIDATION, field: 'plan_id' });
  return plan;
}

/** Throws 400 naming the field when the input does not fit the plan; else the premium. */
export function quotePremium(plan: PlanSnapshot, input: PremiumInput): Premium {
  const problem = premiumProblem(plan, input);
  if (problem) {
    throw new DomainError(problem.key, {
      status: 400,
      code: Codes.VALIDATION,
      field: problem.field,
      params: problem.params,
      errors: { [problem.field]: problem.key },
    });
  }
  return computePremium(plan, input);
}

/** The public shape of a plan (prices as yuan strings). */
export function viewPlan(plan: PlanSnapshot, locale: 'zh-cn' | 'en' = 'zh-cn') {
  const en = locale === 'en';
  return {
    id: plan.id,
    name: en && plan.name_en ? plan.name_en : plan.name,
    named_list: plan.named_list,
    limits: plan.limits.map((l) => ({ label: en && l.label_en ? l.label_en : l.label, amount: fenToYuan(l.amount) })),
    classes: plan.classes,
    annual: Object.fromEntries(Object.entries(plan.annual).map(([k, fen]) => [k, fenToYuan(fen)])),
    min_insured: plan.min_insured,
    max_insured: plan.max_insured,
    age: { min: plan.age_min, max: plan.age_max },
  };
}

/** GET /product/list payload. */
export async function catalogue(db: Db, locale: 'zh-cn' | 'en' = 'zh-cn') {
  const en = locale === 'en';
  const products = await listProducts(db);
  return {
    list: products.map((p) => ({
      code: p.code,
      name: en && p.name_en ? p.name_en : p.name,
      summary: en && p.summary_en ? p.summary_en : p.summary,
      plans: p.plans.map((pl) => viewPlan(pl, locale)),
    })),
  };
}

/** POST /product/quote: the same arithmetic the order uses. */
export async function quote(db: Db, input: PremiumInput & { plan_id: number; classes?: Record<string, number> }) {
  const plan = await planOnSale(db, input.plan_id);
  const given = Object.fromEntries(Object.entries(input.classes ?? {}).filter(([, n]) => n > 0));
  const mix = Object.keys(given).length ? given : { [String(input.class)]: input.headcount };
  const headcount = Object.values(mix).reduce((s, n) => s + n, 0);
  // Every class and the whole headcount are checked as an order checks them; each class priced on its own.
  for (const cls of Object.keys(mix)) quotePremium(plan, { ...input, class: Number(cls), headcount });
  const p = quotePremium(plan, { ...input, class: Number(Object.keys(mix)[0]), headcount });
  const priced = mixPremium(plan, input.months, mix);
  return {
    premium: fenToYuan(priced.total),
    lines: priced.lines.map((l) => ({
      class: l.class,
      people: l.people,
      per_person: fenToYuan(l.perPerson),
      subtotal: fenToYuan(l.subtotal),
    })),
    per_person: fenToYuan(p.perPerson),
    rate: p.rate / 100,
    months: p.months,
    annual: fenToYuan(p.annual),
  };
}

const toFen = (yuan: string) => {
  const [i, f = ''] = yuan.split('.');
  return Number(i) * 100 + Number(f.padEnd(2, '0'));
};

/**
 * An operator edits a plan: new prices apply to orders created afterwards only (every order keeps
 * its plan snapshot). The classes offered are the ones with a price. Audited.
 */
export async function updatePlan(db: Db, actorId: number, input: PlanUpdateInput, ip = ''): Promise<Plan> {
  const plan = await findPlan(db, input.id);
  if (!plan) throw new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });
  if (plan.product === 'personal' && (input.min_insured !== 1 || input.max_insured !== 1)) {
    throw new DomainError('product.headcountRange', {
      status: 400,
      code: Codes.VALIDATION,
      field: 'max_insured',
      params: { min: 1, max: 1 },
      errors: { max_insured: 'product.headcountRange' },
    });
  }
  let annual: Record<string, number> = plan.annual;
  if (input.annual) {
    annual = {};
    for (const [k, yuan] of Object.entries(input.annual)) if (yuan !== '' && toFen(yuan) > 0) annual[k] = toFen(yuan);
  }
  const classes = Object.keys(annual).map(Number).sort();
  const now = nowSeconds();
  return db.sql.begin(async (tx) => {
    const [row] = await tx`UPDATE product_plan SET ${tx({
      name: input.name,
      name_en: input.name_en,
      annual: JSON.stringify(annual),
      classes: JSON.stringify(classes),
      min_insured: input.min_insured,
      max_insured: input.max_insured,
      age_min: input.age_min,
      age_max: input.age_max,
      status: input.status,
      updated_at: now,
    })} WHERE id = ${input.id} RETURNING *`;
    await writeAudit(tx, {
      userId: actorId,
      action: 'product.plan_update',
      detail: { plan_id: input.id, before: plan.annual, after: annual },
      ip,
    });
    return toPlan(row);
  }) as Promise<Plan>;
}

/** The classes a product's plans may be priced for (anze: industry bands 1–3). */
export const classesOf = (product: ProductCode): number[] => (product === 'anze' ? [1, 2, 3] : [1, 2, 3, 4, 5, 6]);

/** One changed cell as the audit log keeps it: plan (names as data), class, fen before and after (0: not offered). */
export interface PriceCell {
  plan_id: number;
  plan: string;
  plan_en: string;
  class: number;
  before: number;
  after: number;
}

/**
 * The operator's price grid: every changed cell saved in one transaction, one audit entry listing
 * them. A cell whose price moved since the operator loaded the grid (its `was` differs) is
 * refused with 409 and nothing is saved; so is a plan left with no priced class (400) or a
 * class the product does not have (400). New prices apply to new orders only (orders keep
 * their plan snapshot); the catalogue's version moves with the plan rows (the page cache).
 */
export async function savePrices(db: Db, actorId: number, input: PriceGridInput, ip = ''): Promise<{ plans: Plan[]; cells: PriceCell[] }> {
  const fail = (key: string, status: number, code: number, params?: Record<string, string | number>) =>
    new DomainError(key, { status, code, field: 'changes', params, errors: { changes: key } });
  return db.sql.begin(async (tx) => {
    const ids = [...new Set(input.changes.map((c) => c.plan_id))];
    const rows: Row[] = await tx`SELECT * FROM product_plan WHERE id IN ${tx(ids)} ORDER BY id`;
    const plans = new Map(rows.map((r) => [num(r.id), toPlan(r)]));
    const next = new Map<number, Record<string, number>>();
    const cells: PriceCell[] = [];
    const seen = new Set<string>();
    for (const c of input.changes) {
      const plan = plans.get(c.plan_id);
      if (!plan) throw new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });
      const key = `${c.plan_id}:${c.class}`;
      if (seen.has(key)) throw fail('product.gridEmpty', 400, Codes.VALIDATION);
      seen.add(key);
      if (!classesOf(plan.product).includes(Number(c.class))) {
        throw fail('product.classNotAllowed', 400, Codes.VALIDATION, { min: 1, max: Math.max(...classesOf(plan.product)) });
      }
      const annual = next.get(plan.id) ?? { ...plan.annual };
      const current = annual[c.class] ?? 0;
      const was = c.was === '' ? 0 : toFen(c.was);
      if (current !== was) throw fail('product.pricesMoved', 409, Codes.CONFLICT, { plan: plan.name });
      const after = c.price === '' ? 0 : toFen(c.price);
      if (after > 0) annual[c.class] = after;
      else delete annual[c.class];
      next.set(plan.id, annual);
      if (after !== current)
        cells.push({ plan_id: plan.id, plan: plan.name, plan_en: plan.name_en, class: Number(c.class), before: current, after });
    }
    const now = nowSeconds();
    const saved: Plan[] = [];
    for (const [id, annual] of next) {
      if (!Object.keys(annual).length) throw fail('product.planUnpriced', 400, Codes.VALIDATION, { plan: plans.get(id)?.name ?? '' });
      const classes = Object.keys(annual).map(Number).sort();
      const [row] = await tx`UPDATE product_plan SET ${tx({
        annual: JSON.stringify(annual),
        classes: JSON.stringify(classes),
        updated_at: now,
      })} WHERE id = ${id} RETURNING *`;
      saved.push(toPlan(row));
    }
    if (cells.length) await writeAudit(tx, { userId: actorId, action: 'product.prices', targetType: 'product', detail: { cells }, ip });
    return { plans: saved, cells };
  }) as Promise<{ plans: Plan[]; cells: PriceCell[] }>;
}

/**
 * An operator saves a plan's endorsement rules (the fixed ones stay errors): one audit entry
 * `product.plan_rules` with the plan's names and the rules before and after, flattened
 * (`lead_time`, `lead_time.severity`, …) so the log shows each change on its own row.
 */
export async function savePlanRules(db: Db, actorId: number, input: PlanRulesInput, ip = ''): Promise<Plan> {
  return db.sql.begin(async (tx) => {
    const [cur] = await tx`SELECT * FROM product_plan WHERE id = ${input.plan_id}`;
    if (!cur) throw new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });
    const plan = toPlan(cur);
    const next: PlanRules = rulesOf({ ...plan.rules, ...input.rules }, plan.min_insured);
    const [row] = await tx`UPDATE product_plan SET rules = ${JSON.stringify(next)}, updated_at = ${nowSeconds()}
      WHERE id = ${plan.id} RETURNING *`;
    await writeAudit(tx, {
      userId: actorId,
      action: 'product.plan_rules',
      detail: { plan_id: plan.id, plan: plan.name, plan_en: plan.name_en, before: flatRules(plan.rules), after: flatRules(next) },
      ip,
    });
    return toPlan(row);
  }) as Promise<Plan>;
}

/** Rules as flat fields for the audit log: `code` (the value, when it has one) and `code.severity`. */
function flatRules(rules: PlanRules): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [code, r] of Object.entries(rules)) {
    if (r.value !== undefined) out[code] = r.value;
    out[`${code}.severity`] = r.severity;
  }
  return out;
}
