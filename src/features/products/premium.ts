/**
 * The premium arithmetic, isomorphic and pure: the quote API, the order and the form's live
 * premium all call quotePremium, so a quote and an order for the same input never differ.
 */
import type { PlanSnapshot } from './types';

/**
 * Short-term rates in percent of the annual premium, by months of cover (12 → 100 %): the usual
 * table of Chinese short-term insurance (1→10 %, …, 9→85 %, 10→90 %, 11→95 %).
 */
export const SHORT_TERM_RATES: Readonly<Record<number, number>> = {
  1: 10,
  2: 20,
  3: 30,
  4: 40,
  5: 50,
  6: 60,
  7: 70,
  8: 80,
  9: 85,
  10: 90,
  11: 95,
  12: 100,
};

export interface PremiumInput {
  class: number;
  headcount: number;
  months: number;
}

export interface Premium {
  /** Fen per person for the term (annual × rate, rounded half up to the fen). */
  perPerson: number;
  /** Fen for the whole order: perPerson × headcount. */
  premium: number;
  /** Percent of the annual premium (100 for 12 months). */
  rate: number;
  months: number;
  /** The plan's annual fen per person for the class. */
  annual: number;
}

/** A reason the input does not fit the plan: the field and the message key. */
export interface PremiumProblem {
  field: 'class' | 'headcount' | 'months';
  key: string;
  params?: Record<string, number>;
}

/** What is wrong with the input for this plan (null when it fits). */
export function premiumProblem(plan: PlanSnapshot, input: PremiumInput): PremiumProblem | null {
  if (!Number.isInteger(input.months) || !SHORT_TERM_RATES[input.months]) return { field: 'months', key: 'product.monthsInvalid' };
  if (!plan.classes.includes(input.class) || !plan.annual[String(input.class)]) {
    return { field: 'class', key: 'product.classNotAllowed', params: { min: Math.min(...plan.classes), max: Math.max(...plan.classes) } };
  }
  if (!Number.isInteger(input.headcount) || input.headcount < plan.min_insured || input.headcount > plan.max_insured) {
    return { field: 'headcount', key: 'product.headcountRange', params: { min: plan.min_insured, max: plan.max_insured } };
  }
  return null;
}

/** The premium for a plan and input; assumes premiumProblem() returned null. */
export function computePremium(plan: PlanSnapshot, input: PremiumInput): Premium {
  const annual = plan.annual[String(input.class)] ?? 0;
  const rate = SHORT_TERM_RATES[input.months] ?? 100;
  // Integer arithmetic: annual fen × percent, rounded half up to whole fen.
  const perPerson = Math.floor((annual * rate + 50) / 100);
  return { perPerson, premium: perPerson * input.headcount, rate, months: input.months, annual };
}

/** One occupation class of a premium: how many people, the term premium each, the subtotal (fen). */
export interface ClassLine {
  class: number;
  people: number;
  perPerson: number;
  subtotal: number;
}

/**
 * The premium of a mix of classes (people per class): one line per class, in class order, and the
 * total. Quote, form, order, detail page, PDF and queue all show this; a single class is one line.
 */
export function mixPremium(
  plan: PlanSnapshot,
  months: number,
  people: Readonly<Record<string, number>>,
): { lines: ClassLine[]; total: number; rate: number } {
  const lines = Object.entries(people)
    .map(([cls, n]) => ({ cls: Number(cls), n }))
    .filter(({ cls, n }) => Number.isInteger(cls) && n > 0)
    .sort((a, b) => a.cls - b.cls)
    .map(({ cls, n }) => {
      const { perPerson } = computePremium(plan, { class: cls, headcount: 1, months });
      return { class: cls, people: n, perPerson, subtotal: perPerson * n };
    });
  return { lines, total: lines.reduce((s, l) => s + l.subtotal, 0), rate: SHORT_TERM_RATES[months] ?? 100 };
}

/** People per class of a list of rows. */
export function countByClass(rows: readonly { class: number }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[String(r.class)] = (out[String(r.class)] ?? 0) + 1;
  return out;
}
