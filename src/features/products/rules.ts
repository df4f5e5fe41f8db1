/**
 * The insurer's endorsement rules of a plan (issue #31 item 1), as data: each rule has a severity —
 * `error` blocks the submission, `warning` must be ticked by the member — and, for some, a value.
 * Stored as JSON in `product_plan.rules` (migration 23); a missing rule reads as its default, so
 * a plan created later has every rule. Isomorphic: the operator's form and the dry run share it.
 *
 * The age window and the classes allowed are the plan's own (age_min/age_max, the priced classes);
 * they and "no person twice" are always errors: an item breaking them cannot be priced.
 */
import * as v from 'valibot';

export const RULE_SEVERITIES = ['error', 'warning'] as const;
export type RuleSeverity = (typeof RULE_SEVERITIES)[number];

/** Every rule the dry run checks, in the order it lists them. */
export const RULE_CODES = [
  'lead_time',
  'min_headcount',
  'high_class_share',
  'open_claim',
  'duplicate',
  'age_window',
  'class_allowed',
  'already_covered',
] as const;
export type RuleCode = (typeof RULE_CODES)[number];

/** Rules whose severity is fixed (always errors). */
export const FIXED_RULES: readonly RuleCode[] = ['duplicate', 'age_window', 'class_allowed'];
/** Rules with a value, and its bounds. */
export const RULE_VALUES: Partial<Record<RuleCode, { min: number; max: number }>> = {
  lead_time: { min: 0, max: 90 },
  min_headcount: { min: 0, max: 100_000 },
  high_class_share: { min: 0, max: 100 },
};

export interface PlanRule {
  severity: RuleSeverity;
  /** lead_time: days after the site's today; min_headcount: people; high_class_share: percent. */
  value?: number;
}
export type PlanRules = Record<RuleCode, PlanRule>;

/** The defaults: effective from the next day, the plan's minimum headcount, at most 30 % in classes 5–6. */
export function defaultRules(minInsured = 1): PlanRules {
  return {
    lead_time: { severity: 'error', value: 1 },
    min_headcount: { severity: 'error', value: minInsured },
    high_class_share: { severity: 'warning', value: 30 },
    open_claim: { severity: 'error' },
    duplicate: { severity: 'error' },
    age_window: { severity: 'error' },
    class_allowed: { severity: 'error' },
    already_covered: { severity: 'warning' },
  };
}

/** A plan's stored rules (JSON text or object) over the defaults; unknown keys and bad values are dropped. */
export function rulesOf(stored: unknown, minInsured = 1): PlanRules {
  const out = defaultRules(minInsured);
  let raw: unknown = stored;
  if (typeof stored === 'string') {
    try {
      raw = JSON.parse(stored);
    } catch {
      raw = {};
    }
  }
  if (!raw || typeof raw !== 'object') return out;
  for (const code of RULE_CODES) {
    const r = (raw as Record<string, unknown>)[code] as { severity?: unknown; value?: unknown } | undefined;
    if (!r || typeof r !== 'object') continue;
    if (!FIXED_RULES.includes(code) && (r.severity === 'error' || r.severity === 'warning')) out[code].severity = r.severity;
    const bounds = RULE_VALUES[code];
    if (bounds && Number.isInteger(r.value) && (r.value as number) >= bounds.min && (r.value as number) <= bounds.max)
      out[code].value = r.value as number;
  }
  return out;
}

const severity = v.picklist(RULE_SEVERITIES, 'product.ruleInvalid');
const whole = (min: number, max: number) =>
  v.pipe(
    v.union([v.pipe(v.string('product.ruleInvalid'), v.trim(), v.regex(/^\d+$/, 'product.ruleInvalid')), v.number('product.ruleInvalid')]),
    v.transform(Number),
    v.integer('product.ruleInvalid'),
    v.minValue(min, 'product.ruleInvalid'),
    v.maxValue(max, 'product.ruleInvalid'),
  );

/** POST /operator/product/rules {plan_id, rules: {code: {severity, value?}}}: every editable rule. */
export const planRulesSchema = v.object({
  plan_id: whole(1, 2_147_483_647),
  rules: v.object({
    lead_time: v.object({ severity, value: whole(0, 90) }),
    min_headcount: v.object({ severity, value: whole(0, 100_000) }),
    high_class_share: v.object({ severity, value: whole(0, 100) }),
    open_claim: v.object({ severity }),
    already_covered: v.object({ severity }),
  }),
});
export type PlanRulesInput = v.InferOutput<typeof planRulesSchema>;
