/** Products, plans and premiums (issue #9): the catalogue, quotes, and operators' price edits. */
export {
  type ClassLine,
  computePremium,
  countByClass,
  mixPremium,
  type Premium,
  type PremiumInput,
  premiumProblem,
  SHORT_TERM_RATES,
} from './premium';
export { productsRouter, QUOTE_LIMIT } from './router';
export { CLASSES, PRODUCT_CODES, type PlanUpdateInput, type ProductCode, planUpdateSchema, type QuoteInput, quoteSchema } from './schemas';
export { catalogue, findPlan, listProducts, planOnSale, quote, quotePremium, snapshotOf, toPlan, updatePlan, viewPlan } from './service';
export type { Plan, PlanLimit, PlanSnapshot, Product } from './types';
