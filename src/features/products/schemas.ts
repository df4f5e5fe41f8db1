import * as v from 'valibot';
import { interpolate } from '~/lib/interpolate';

/** The four products of DESIGN.md §1. */
export const PRODUCT_CODES = ['guzhu', 'tuanyi', 'anze', 'personal'] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

/** Occupation classes 1–6 (anze: industry bands 1–3). */
export const CLASSES = [1, 2, 3, 4, 5, 6] as const;

/** The terms a policy may run, as the forms offer them: 12 months (a year) down to 1. */
export const TERM_MONTHS: readonly number[] = Array.from({ length: 12 }, (_, i) => 12 - i);

/** A term's name in a form: the year, or `{n} months` (`1 month`) from the given texts. */
export const termName = (months: number, t: { year: string; monthsN: string; monthsN_one: string }): string =>
  months === 12 ? t.year : interpolate(months === 1 ? t.monthsN_one : t.monthsN, { n: months });

/** Whole number from a JSON number or a form string. */
export const intIn = (min: number, max: number, message: string) =>
  v.pipe(
    v.union([v.pipe(v.string(message), v.trim(), v.regex(/^-?\d+$/, message)), v.number(message)], message),
    v.transform(Number),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

/** POST /product/quote {plan_id, class, headcount, months}; the plan's own limits are checked by quotePremium. */
export const quoteSchema = v.object({
  plan_id: intIn(1, 2_147_483_647, 'product.planInvalid'),
  class: intIn(1, 6, 'product.classInvalid'),
  headcount: intIn(1, 100_000, 'product.headcountInvalid'),
  months: intIn(1, 12, 'product.monthsInvalid'),
  /** People per class when they fall into several (`{"1": 7, "2": 6}`): each class priced on its own; headcount is their sum. */
  classes: v.optional(
    v.record(v.pipe(v.string(), v.regex(/^[1-6]$/, 'product.classInvalid')), intIn(0, 100_000, 'product.headcountInvalid')),
  ),
});
export type QuoteInput = v.InferOutput<typeof quoteSchema>;

const yuan = v.pipe(
  v.union([v.string(), v.number()], 'product.priceInvalid'),
  v.transform(String),
  v.trim(),
  v.regex(/^\d{1,7}(\.\d{1,2})?$/, 'product.priceInvalid'),
);

/** POST /operator/product/update: a plan's name, limits, classes, prices, sizes and ages (operators). */
export const planUpdateSchema = v.pipe(
  v.object({
    id: intIn(1, 2_147_483_647, 'product.planInvalid'),
    name: v.pipe(v.string('validate.required'), v.trim(), v.nonEmpty('validate.required'), v.maxLength(40, 'validate.invalid')),
    name_en: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, 'validate.invalid')), ''),
    /**
     * Annual premium per person per class in yuan; a class left empty is not offered. Optional: a
     * form that edits only names, sizes and ages leaves the prices as they are (the price grid edits them).
     */
    annual: v.optional(
      v.record(v.picklist(['1', '2', '3', '4', '5', '6'], 'product.classInvalid'), v.union([v.literal(''), yuan], 'product.priceInvalid')),
    ),
    min_insured: intIn(1, 100_000, 'product.headcountInvalid'),
    max_insured: intIn(1, 100_000, 'product.headcountInvalid'),
    age_min: intIn(0, 100, 'product.ageInvalid'),
    age_max: intIn(0, 100, 'product.ageInvalid'),
    status: v.optional(intIn(0, 1, 'validate.invalid'), 1),
  }),
  v.forward(
    v.check((p) => p.min_insured <= p.max_insured, 'product.headcountInvalid'),
    ['max_insured'],
  ),
  v.forward(
    v.check((p) => p.age_min <= p.age_max, 'product.ageInvalid'),
    ['age_max'],
  ),
  v.forward(
    v.check((p) => p.annual === undefined || Object.values(p.annual).some((a) => a !== '' && Number(a) > 0), 'product.priceInvalid'),
    ['annual'],
  ),
);
export type PlanUpdateInput = v.InferOutput<typeof planUpdateSchema>;

/** A grid cell's price as typed: '' (class not offered) or yuan with at most two decimals. */
export const PRICE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * POST /operator/product/prices: the price grid's changed cells, saved together. Each names the
 * plan and class, the price the operator saw (`was`, yuan or '': a cell changed by someone else
 * meanwhile is refused) and the new price ('' withdraws the class).
 */
export const priceGridSchema = v.object({
  changes: v.pipe(
    v.array(
      v.object({
        plan_id: intIn(1, 2_147_483_647, 'product.planInvalid'),
        class: v.pipe(
          v.union([v.string(), v.number()], 'product.classInvalid'),
          v.transform(String),
          v.picklist(['1', '2', '3', '4', '5', '6'], 'product.classInvalid'),
        ),
        was: v.union([v.literal(''), yuan], 'product.priceInvalid'),
        price: v.union([v.literal(''), yuan], 'product.priceInvalid'),
      }),
      'product.gridEmpty',
    ),
    v.minLength(1, 'product.gridEmpty'),
    v.maxLength(200, 'product.gridEmpty'),
  ),
});
export type PriceGridInput = v.InferOutput<typeof priceGridSchema>;

// Isomorphic premium arithmetic and plan types, for islands (the live premium on the order form).
export {
  type ClassLine,
  computePremium,
  countByClass,
  mixPremium,
  type Premium,
  type PremiumInput,
  type PremiumProblem,
  premiumProblem,
  SHORT_TERM_RATES,
} from './premium';
export type { PlanLimit, PlanSnapshot } from './types';

export * from './rules';
