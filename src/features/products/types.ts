import type { PlanRules } from './rules';
import type { ProductCode } from './schemas';

/** One cover limit of a plan: per person (anze: per accident), in fen. */
export interface PlanLimit {
  label: string;
  label_en: string;
  amount: number;
}

/**
 * A plan as sold: what an order copies into its `plan_snapshot`, so later price edits never change
 * an existing order. Amounts in fen.
 */
export interface PlanSnapshot {
  id: number;
  product: ProductCode;
  name: string;
  name_en: string;
  /** False for anze and headcount-only tuanyi plans (the withoutDetail kind). */
  named_list: boolean;
  limits: PlanLimit[];
  /** Allowed occupation classes (anze: industry bands). */
  classes: number[];
  /** Annual premium per person per class, fen: {"1": 12000, …}. */
  annual: Record<string, number>;
  min_insured: number;
  max_insured: number;
  age_min: number;
  age_max: number;
}

/** A plan row with its sale status (operators can withdraw a plan). */
export interface Plan extends PlanSnapshot {
  status: number;
  /** The insurer's endorsement rules (read live by the dry run, never snapshotted). */
  rules: PlanRules;
  updated_at: number;
}

export interface Product {
  code: ProductCode;
  name: string;
  name_en: string;
  summary: string;
  summary_en: string;
  plans: Plan[];
}
