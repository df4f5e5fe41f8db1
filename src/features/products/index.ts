/**
 * Products, plans and premiums (issue #9): the catalogue, quotes, and operators' price edits. The
 * isomorphic part — input schemas, the premium arithmetic, plan types — is `./schemas`, re-exported
 * here whole so server code needs one import.
 */
export * from './schemas';
export { productsRouter, QUOTE_LIMIT } from './router';
export {
  catalogue,
  classesOf,
  findPlan,
  listProducts,
  planOnSale,
  quote,
  quotePremium,
  savePlanRules,
  savePrices,
  snapshotOf,
  toPlan,
  updatePlan,
  viewPlan,
} from './service';
export type { Plan, Product } from './types';
