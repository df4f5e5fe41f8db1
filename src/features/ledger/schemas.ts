import * as v from 'valibot';
import { limitField, PAGE_SIZES, pageField } from '~/lib/list';

/** What caused a ledger entry. */
export const LEDGER_KINDS = ['topup', 'payment', 'refund', 'allocation', 'adjust'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Page sizes of the ledger lists. */
export const LEDGER_PAGE_SIZES = PAGE_SIZES;

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Absent and '' both mean "not given". */
const date = v.optional(v.union([v.literal(''), v.pipe(v.string(), v.regex(DATE, 'ledger.dateInvalid'))], 'ledger.dateInvalid'), '');

/** GET /userapi/v1/account/balance (and /integral) ?page&limit&start&end&kind */
export const ledgerQuerySchema = v.pipe(
  v.object({
    page: pageField,
    limit: limitField(),
    start: date,
    end: date,
    kind: v.optional(v.union([v.literal(''), v.picklist(LEDGER_KINDS, 'ledger.kindInvalid')], 'ledger.kindInvalid'), ''),
  }),
  v.forward(
    v.check((q) => !q.start || !q.end || q.start <= q.end, 'ledger.rangeInvalid'),
    ['end'],
  ),
);

export type LedgerQuery = v.InferOutput<typeof ledgerQuerySchema>;
