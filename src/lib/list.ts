/**
 * The list convention of every list endpoint and list page (README, "API conventions"): `page` is a
 * whole number ≥ 1, `limit` a whole number 1–100 (default 20; pages offer 10/20/50/100). One schema,
 * one message per field in both languages (`validate.page`, `validate.limit`). A page beyond the
 * last answers an empty list with the real total.
 */
import * as v from 'valibot';

/** The page sizes list pages offer (the API takes any limit from 1 to MAX_LIMIT). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/**
 * Pages past this one are read as this one: no list is that long, so the answer is the same (an
 * empty list and the real total), and every offset stays far inside both engines' integers.
 */
export const MAX_PAGE = 10_000_000;

/** A whole number given as a number or a decimal string ('20', ' 3 '); anything else fails with `message`. */
const whole = (message: string) =>
  v.pipe(
    v.union([v.string(message), v.number(message)], message),
    v.transform((x) => (typeof x === 'number' ? x : /^\s*\d{1,30}\s*$/.test(x) ? Number(x) : Number.NaN)),
    v.number(message),
    v.integer(message),
  );

/** `page`: ≥ 1, default 1; huge pages read as MAX_PAGE. */
export const pageField = v.optional(
  v.pipe(
    whole('validate.page'),
    v.minValue(1, 'validate.page'),
    v.transform((p) => Math.min(p, MAX_PAGE)),
  ),
  1,
);

/** `limit`: 1–100, default 20 (an area may show fewer by default, never accept another range). */
export const limitField = (fallback: number = DEFAULT_LIMIT) =>
  v.optional(v.pipe(whole('validate.limit'), v.minValue(1, 'validate.limit'), v.maxValue(MAX_LIMIT, 'validate.limit')), fallback);

/** `{page, limit}` of a list query. */
export const listFields = { page: pageField, limit: limitField() };

/** The SQL offset of a page. */
export const offsetOf = (q: { page: number; limit: number }) => (q.page - 1) * q.limit;
