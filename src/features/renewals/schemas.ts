/** Input schemas of renewals (isomorphic: the API and the create button share them). */
import * as v from 'valibot';
import { limitField, pageField } from '~/lib/list';
import { intIn } from '~/features/products/schemas';

const orderId = intIn(1, 2_147_483_647, 'order.idRequired');
const requestId = v.pipe(v.string('order.requestIdInvalid'), v.trim(), v.regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'order.requestIdInvalid'));

/** GET /renewal/quote?order_id= */
export const renewalQuoteSchema = v.object({ order_id: orderId });

/** POST /renewal/create {order_id, request_id} */
export const renewalCreateSchema = v.object({ order_id: orderId, request_id: requestId });
export type RenewalCreateInput = v.InferOutput<typeof renewalCreateSchema>;

/** Renewal states the operators' list shows. */
export const RENEWAL_STATES = ['none', 'reminded', 'ordered', 'renewed'] as const;
export type RenewalState = (typeof RENEWAL_STATES)[number];

/** GET /operator/renewal/list?state&page&limit */
export const renewalListSchema = v.object({
  state: v.optional(v.union([v.literal(''), v.picklist(RENEWAL_STATES, 'validate.invalid')], 'validate.invalid'), ''),
  page: pageField,
  limit: limitField(),
});
export type RenewalListQuery = v.InferOutput<typeof renewalListSchema>;
