import * as v from 'valibot';
import { dayField, optionalDayField } from '~/lib/dates';
import { limitField, PAGE_SIZES, pageField } from '~/lib/list';
import { isCreditCode } from '~/lib/credit-code';
import { MOBILE_PATTERN } from '~/lib/fields';
import { intIn } from '~/features/products/schemas';

/** List pages with an Export button rule (`<page>/export`). */
export const EXPORTABLE_PAGES = [
  'order/guzhu',
  'order/tuanyi',
  'order/anze',
  'order/personal',
  'order/withoutDetail',
  'claim/list',
] as const;

/** Order list types: a product, or `withoutDetail` (orders without a named list). */
export const ORDER_TYPES = ['guzhu', 'tuanyi', 'anze', 'personal', 'withoutDetail'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** Stored order states (DESIGN.md §4). */
export const ORDER_STATUSES = ['unpaid', 'paid', 'underwriting', 'effective', 'expired', 'cancelled', 'refused', 'surrendered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_PAGE_SIZES = PAGE_SIZES;

const optionalDate = optionalDayField();
const id = (message = 'validate.invalid') => intIn(1, 2_147_483_647, message);
const text = (max: number, message = 'validate.invalid') => v.pipe(v.string(message), v.trim(), v.maxLength(max, message));
const required = (max: number) =>
  v.pipe(v.string('validate.required'), v.trim(), v.nonEmpty('validate.required'), v.maxLength(max, 'validate.invalid'));

/** GET /order/export?type=order/guzhu (+ the list's filters). */
export const exportQuerySchema = v.object({
  type: v.picklist(EXPORTABLE_PAGES, 'validate.invalid'),
});

const pageFields = {
  page: pageField,
  limit: limitField(),
};

/** GET /order/list?type&status&keyword&start&end&page&limit (start/end bound the policy start date). */
export const orderListSchema = v.pipe(
  v.object({
    type: v.optional(v.union([v.literal(''), v.picklist(ORDER_TYPES, 'order.typeInvalid')], 'order.typeInvalid'), ''),
    status: v.optional(v.union([v.literal(''), v.picklist(ORDER_STATUSES, 'order.statusInvalid')], 'order.statusInvalid'), ''),
    keyword: v.optional(text(50), ''),
    start: optionalDate,
    end: optionalDate,
    ...pageFields,
  }),
  v.forward(
    v.check((q) => !q.start || !q.end || q.start <= q.end, 'order.rangeInvalid'),
    ['end'],
  ),
);
export type OrderListQuery = v.InferOutput<typeof orderListSchema>;

/** GET /order/insured?id&keyword&page&limit (&as_of: the roster on a date). */
export const insuredQuerySchema = v.object({
  id: id('order.idRequired'),
  keyword: v.optional(text(50), ''),
  as_of: optionalDate,
  ...pageFields,
});
export type InsuredQuery = v.InferOutput<typeof insuredQuerySchema>;

/** `?id=` of one order. */
export const orderIdSchema = v.object({ id: id('order.idRequired') });

const requestId = v.pipe(v.string('order.requestIdInvalid'), v.trim(), v.regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'order.requestIdInvalid'));

/** The policyholder (投保人): a company with its unified social credit code, or a person. */
export const policyholderSchema = v.object({
  name: required(60),
  credit_code: v.optional(
    v.pipe(
      text(18),
      v.toUpperCase(),
      v.check((c) => c === '' || isCreditCode(c), 'order.creditCodeInvalid'),
    ),
    '',
  ),
  contact: required(30),
  mobile: v.pipe(v.string('validate.required'), v.trim(), v.regex(MOBILE_PATTERN, 'validate.mobile')),
  email: v.optional(v.pipe(text(100), v.regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'validate.email')), ''),
  address: v.optional(text(120), ''),
});
export type Policyholder = v.InferOutput<typeof policyholderSchema>;

/** One insured row as typed or imported; checked row by row by the service (errors per row). */
export const insuredRowSchema = v.object({
  name: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((x) => (typeof x === 'string' ? x.trim() : x == null ? '' : String(x))),
    ),
    '',
  ),
  id_no: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((x) => (typeof x === 'string' ? x.trim().toUpperCase() : x == null ? '' : String(x))),
    ),
    '',
  ),
  class: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((x) => (x === '' || x == null ? null : Number(x))),
    ),
    null,
  ),
});
export type InsuredRowInput = v.InferOutput<typeof insuredRowSchema>;

/** The most rows one order takes by hand or by file. */
export const MAX_INSURED_ROWS = 10_000;

/**
 * POST /order/create: a named list (`insured`) for named plans, `headcount` for the others.
 * start_date from tomorrow to +90 days (site time zone), checked by the service.
 */
export const createOrderSchema = v.object({
  request_id: requestId,
  plan_id: id('product.planInvalid'),
  class: intIn(1, 6, 'product.classInvalid'),
  months: intIn(1, 12, 'product.monthsInvalid'),
  start_date: dayField(),
  policyholder: policyholderSchema,
  insured: v.optional(v.pipe(v.array(insuredRowSchema, 'order.insuredInvalid'), v.maxLength(MAX_INSURED_ROWS, 'order.tooManyRows'))),
  /** A long list goes as the member's uploaded CSV/XLSX instead (the API takes 64 KB bodies): row errors name the file's rows. */
  insured_file_id: v.optional(id('order.fileInvalid')),
  headcount: v.optional(intIn(1, 100_000, 'product.headcountInvalid')),
});
export type CreateOrderInput = v.InferOutput<typeof createOrderSchema>;

/** POST /order/pay {id, request_id} */
export const payOrderSchema = v.object({ id: id('order.idRequired'), request_id: requestId });

/** POST /order/cancel {id} */
export const cancelOrderSchema = v.object({ id: id('order.idRequired') });

/** POST /order/surrender {id, date}: cover ends at the end of `date`. */
export const surrenderOrderSchema = v.object({
  id: id('order.idRequired'),
  date: dayField(),
});

/** GET /order/surrenderQuote?id&date (date optional: the earliest allowed day) */
export const surrenderQuoteSchema = v.object({
  id: id('order.idRequired'),
  date: optionalDayField(),
});

/** POST /order/importInsured {file_id} */
export const importInsuredSchema = v.object({ file_id: id('order.fileInvalid') });

/** GET /order/insuredTemplate?format=csv|xlsx */
export const templateQuerySchema = v.object({ format: v.optional(v.picklist(['csv', 'xlsx'], 'validate.invalid'), 'csv') });

/** POST /operator/order/underwrite {id, decision, reason} */
export const underwriteSchema = v.pipe(
  v.object({
    id: id('order.idRequired'),
    decision: v.picklist(['accept', 'refuse'], 'order.decisionInvalid'),
    reason: v.optional(text(200), ''),
  }),
  v.forward(
    v.check((d) => d.decision === 'accept' || d.reason.length > 0, 'order.reasonRequired'),
    ['reason'],
  ),
);
export type UnderwriteInput = v.InferOutput<typeof underwriteSchema>;

/** GET /operator/order/queue?page&limit */
export const queueQuerySchema = v.object({ ...pageFields });
