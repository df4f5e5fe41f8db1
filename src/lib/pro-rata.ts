/**
 * Pro-rata premium of an endorsement (issue #10), in integer fen. Pure and isomorphic: the
 * endorsement service stores these figures and the Add form's live estimate (an island) shows the
 * very same ones, from this one module.
 *
 * `D` = end − start + 1 days of the policy, `d` = end − E + 1 days left from the effective date
 * `E`, `P` = the full-period per-person premium of the plan and class (the order's price
 * snapshot). `r(P) = ⌊(2·P·d + D) / (2·D)⌋` is P·d/D rounded half up, in integers only.
 */

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a calendar day `YYYY-MM-DD` (no time zone: a date is a date). */
export function dayNumber(day: string): number {
  const m = DATE.exec(day);
  if (!m) throw new RangeError(`not a date: ${day}`);
  return Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS);
}

/** `YYYY-MM-DD` of a day number. */
export function dayString(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The day `n` days after `day` (negative: before). */
export const addDays = (day: string, n: number): string => dayString(dayNumber(day) + n);

/** Inclusive count of days from `from` to `to` (1 when equal; 0 or less when `to` is earlier). */
export const daysInclusive = (from: string, to: string): number => dayNumber(to) - dayNumber(from) + 1;

/** `r(P)`: the share of `full` fen for `d` of `D` days, rounded half up, integers only. */
export function proRata(full: number, d: number, D: number): number {
  if (!Number.isSafeInteger(full) || full < 0) throw new RangeError('premium must be a non-negative integer of fen');
  if (!Number.isInteger(D) || D < 1 || !Number.isInteger(d) || d < 0 || d > D) throw new RangeError('days out of range');
  return Math.floor((2 * full * d + D) / (2 * D));
}

/** A policy period and an effective date: `D`, `d`. */
export interface Period {
  start: string;
  end: string;
}

/** `D` and `d` for an effective date inside the period. */
export function periodDays(period: Period, effective: string): { D: number; d: number } {
  return { D: daysInclusive(period.start, period.end), d: daysInclusive(effective, period.end) };
}

/** The kinds of endorsement item. */
export const ITEM_KINDS = ['add', 'remove', 'replace', 'correct'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/**
 * One item's premium in fen (positive: the member pays; negative: refunded): add `+r(P(c))`,
 * remove `−r(P(c))`, replace or a class correction `r(P(new)) − r(P(old))`, a name/ID fix 0.
 * `pOld`/`pNew` are the full-period premiums of the old and new class (0 where not applicable).
 */
export function itemPremium(kind: ItemKind, pOld: number, pNew: number, d: number, D: number): number {
  switch (kind) {
    case 'add':
      return proRata(pNew, d, D);
    case 'remove':
      return -proRata(pOld, d, D);
    case 'replace':
    case 'correct':
      return pOld === pNew ? 0 : proRata(pNew, d, D) - proRata(pOld, d, D);
  }
}

/** The endorsement's `premium_delta`: items round separately, then add up (the insurer bears the sub-fen rest). */
export const premiumDelta = (items: readonly { premium: number }[]): number => items.reduce((s, i) => s + i.premium, 0);

/** The full-period per-person premiums of a policy's classes (fen), as the live estimate gets them. */
export type ClassPremiums = Readonly<Record<string, number>>;

/** An item as the estimate sees it: its kind and the old and new class (null where none). */
export interface EstimateItem {
  kind: ItemKind;
  from: number | null;
  to: number | null;
}

/**
 * The premium of items at an effective date, the way the service prices them: each item
 * `itemPremium` with `P` from `premiums` (a class without a price counts 0), then the sum.
 */
export function estimateDelta(items: readonly EstimateItem[], premiums: ClassPremiums, period: Period, effective: string): number {
  const { D, d } = periodDays(period, effective);
  if (d < 0 || d > D) return 0;
  const P = (c: number | null) => (c === null ? 0 : (premiums[String(c)] ?? 0));
  return premiumDelta(items.map((i) => ({ premium: itemPremium(i.kind, P(i.from), P(i.to), d, D) })));
}
