import * as v from 'valibot';
import { optionalDayField } from '~/lib/dates';
import { limitField, PAGE_SIZES, pageField } from '~/lib/list';

/** What caused a ledger entry. */
export const LEDGER_KINDS = ['topup', 'payment', 'refund', 'allocation', 'adjust'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Page sizes of the ledger lists. */
export const LEDGER_PAGE_SIZES = PAGE_SIZES;

/** Absent and '' both mean "not given". */
const date = optionalDayField();

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
