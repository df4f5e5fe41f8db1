/** Input schemas of proof of cover (API and the issue form share them). */
import * as v from 'valibot';
import { optionalDayField } from '~/lib/dates';
import { intIn } from '~/features/products/schemas';

const id = (message: string) => intIn(1, 2_147_483_647, message);
const requestId = v.pipe(v.string('cover.requestIdInvalid'), v.trim(), v.regex(/^[A-Za-z0-9_.:-]{8,64}$/, 'cover.requestIdInvalid'));

/** One id or many (a form sends one checked box as a string, several as an array); none means "everyone". */
const insuredIds = v.optional(
  v.pipe(
    v.union([v.array(id('cover.peopleInvalid')), id('cover.peopleInvalid'), v.literal('')], 'cover.peopleInvalid'),
    v.transform((x) => (x === '' ? [] : Array.isArray(x) ? x : [x])),
    v.check((x) => x.length <= 10_000, 'cover.peopleInvalid'),
  ),
  [],
);

/** POST /cover/create {order_id, day?, insured_ids?, request_id} */
export const createCoverSchema = v.object({
  order_id: id('cover.orderRequired'),
  day: optionalDayField('cover.dayInvalid'),
  insured_ids: insuredIds,
  request_id: requestId,
});
export type CreateCoverInput = v.InferOutput<typeof createCoverSchema>;

/** GET /cover/list?order_id= */
export const coverListSchema = v.object({ order_id: id('cover.orderRequired') });

/** GET /cover/pdf?id=, POST /cover/revoke {id} */
export const coverIdSchema = v.object({ id: id('cover.idRequired') });

/** GET /cover/verify?code= (public) */
export const coverVerifySchema = v.object({
  code: v.pipe(v.string('cover.codeRequired'), v.trim(), v.nonEmpty('cover.codeRequired'), v.maxLength(40, 'cover.codeRequired')),
});
