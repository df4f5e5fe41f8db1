/**
 * Orders and policies (issue #9): the public surface other areas call (endorsements, invoices and
 * claims build on these tables and functions).
 *
 * - Visibility: {@link findVisibleOrder}`(db, userId, orderId)` returns null for another member's
 *   order (answer 404); team owners see their sub-accounts' orders.
 * - Roster: {@link listInsured}`(db, orderId, {asOf, keyword, page, limit})`; the people covered
 *   on a date are the rows with `active_from <= date <= active_to`. Endorsements add people with
 *   {@link insertInsured} (after {@link checkInsuredRows}) and end cover with {@link endInsured},
 *   inside their own transaction.
 * - Premiums: {@link quotePremium} / {@link computePremium} with {@link SHORT_TERM_RATES}; every
 *   order keeps its {@link PlanSnapshot} (`order.plan`), so later price edits never change it.
 * - Transitions (one function each, 409 with `data.status` from a wrong state): createOrder,
 *   payOrder, submitUnderwriting, markEffective, refuseOrder, cancelOrder, surrenderOrder,
 *   expireOrder; `transition()` and `appendTimeline()` for the shared mechanics.
 * - Dates: `YYYY-MM-DD` in the site's time zone, both ends inclusive ({@link siteToday}, addDays…).
 * - Demo: {@link seedOrdersDemo} (the DemoSeeder) and {@link demoOrder} (an order in any state,
 *   made through the domain functions) for later areas' demo data.
 */
export { computePremium, type PlanSnapshot, quotePremium, SHORT_TERM_RATES } from '~/features/products';
export { addDays, daysBetween, endDateFor, isDate, periodDays, todayIn } from './dates';
export { demoOrder, type DemoOrderSpec, seedOrdersDemo } from './demo';
export { DEMO_HOLDERS } from './demo-people';
export { OrderDataError, orderNotFound, type RowProblem, rowsError, shortBalance, wrongState } from './errors';
export {
  type CheckedInsured,
  checkInsuredRows,
  countActiveInsured,
  endInsured,
  type InsuredListOptions,
  type InsuredRecord,
  insertInsured,
  listInsured,
  type RowCheckOptions,
  toInsured,
  viewInsured,
} from './insured';
export { listItemView, listOrders, type OrderPage, orderActions, orderView } from './list';
export { displayStatus, findOrder, findVisibleOrder, ledgerParams, lockPolicy, type OrderRecord, siteToday, toOrder } from './records';
export { readSheet } from './imports';
export { underwritingQueue } from './queue';
export { type SheetRow, toXlsx } from './sheet';
export { ordersRouter } from './router';
export {
  type CreateOrderInput,
  createOrderSchema,
  EXPORTABLE_PAGES,
  type InsuredRowInput,
  ORDER_PAGE_SIZES,
  ORDER_STATUSES,
  ORDER_TYPES,
  type OrderListQuery,
  type OrderStatus,
  type OrderType,
  orderListSchema,
  type Policyholder,
  policyholderSchema,
} from './schemas';
export {
  cancelOrder,
  expireDue,
  expireOrder,
  onPolicyClosing,
  type PolicyClosingStep,
  type SurrenderQuote,
  surrenderOrder,
  surrenderQuote,
} from './closing';
export { checkStartDate, createOrder, lastPolicyholder } from './create';
export { payOrder } from './pay';
export { type SurrenderLine, surrenderBreakdown, surrenderRefund, termPremiumOf } from './refunds';
export { nextSequence } from './sequence';
export { type Actor, appendTimeline, orderTimeline, type TimelineEntry, transition, type When } from './transition';
export {
  decideUnderwriting,
  markEffective,
  processUnderwritingQueue,
  refuseOrder,
  runUnderwriting,
  submitUnderwriting,
} from './underwriting';
export { type DeskOrder, type OrderDesk, orderDesk } from './desk';
