import type { Migration } from './migration';

/**
 * The insurer's endorsement rules per plan (issue #31 item 1). Version 23 is reserved for it.
 *
 * `product_plan.rules`: JSON `{code: {severity, value?}}` (src/features/products/rules.ts); a rule
 * missing from it reads as its default, so `'{}'` is a plan with every default. Existing plans are
 * seeded with the defaults written out (the minimum headcount is the plan's own `min_insured`), so
 * the operator's editor and the audit show them as data. No page-cache trigger: product_plan has
 * its own (the catalogue's version), and the dry run reads the rules live.
 */
const DEFAULTS_BEFORE = `'{"lead_time":{"severity":"error","value":1},"min_headcount":{"severity":"error","value":'`;
const DEFAULTS_AFTER = `'},"high_class_share":{"severity":"warning","value":30},"open_claim":{"severity":"error"},"duplicate":{"severity":"error"},"age_window":{"severity":"error"},"class_allowed":{"severity":"error"},"already_covered":{"severity":"warning"}}'`;

export const planRuleMigrations: Migration[] = [
  {
    version: 23,
    name: 'endorsement rules per plan: product_plan.rules (JSON), seeded with the defaults',
    up: [
      `ALTER TABLE product_plan ADD COLUMN rules TEXT NOT NULL DEFAULT '{}'`,
      `UPDATE product_plan SET rules = ${DEFAULTS_BEFORE} || CAST(min_insured AS TEXT) || ${DEFAULTS_AFTER}`,
    ],
  },
];
