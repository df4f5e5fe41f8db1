/**
 * Claims: statuses, types, document kinds and one valibot schema per input (isomorphic: the report
 * form island and the API check the same thing). Amounts arrive as decimal yuan strings.
 */
import * as v from 'valibot';
import { intIn } from '~/lib/schema';
import { dayField, isDay, optionalDayField } from '~/lib/dates';
import { limitField, PAGE_SIZES, pageField } from '~/lib/list';
import { parseResidentId } from '~/lib/cn-id';

/** Every claim status (DESIGN §4 plus `withdrawn`). */
export const CLAIM_STATUSES = ['reported', 'reviewing', 'need_documents', 'approved', 'paid', 'rejected', 'withdrawn'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Statuses that still need the broker's attention (the operator queue). */
export const OPEN_STATUSES: readonly ClaimStatus[] = ['reported', 'reviewing', 'need_documents', 'approved'];
/** A claim in these is closed for the open-claim rule: the same accident may be reported again. */
export const CLOSED_FOR_DUPLICATES: readonly ClaimStatus[] = ['rejected', 'withdrawn'];

export const CLAIM_TYPES = ['injury', 'disability', 'death', 'occupational_disease'] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];

export const DOCUMENT_KINDS = [
  'claim_form',
  'accident_report',
  'id_copy',
  'bank_account',
  'medical_records',
  'invoices',
  'disability_assessment',
  'death_certificate',
  'household_cancellation',
  'beneficiary_relation',
  'occupational_diagnosis',
  'employment_proof',
  'other',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** At most this many files per document kind. */
export const MAX_FILES_PER_KIND = 20;
/** Amount bounds in fen: 0 < x ≤ 10 000 000.00 yuan. */
export const MAX_AMOUNT_FEN = 1_000_000_000;

const BY_TYPE: Record<ClaimType, DocumentKind[]> = {
  injury: ['medical_records', 'invoices'],
  disability: ['medical_records', 'disability_assessment'],
  death: ['death_certificate', 'household_cancellation', 'beneficiary_relation'],
  occupational_disease: ['occupational_diagnosis', 'medical_records'],
};

/** The document checklist of a claim: kind and whether it is required (✱), in display order. */
export function requiredDocuments(type: ClaimType, policyType: string, named: boolean): { kind: DocumentKind; required: boolean }[] {
  const kinds: DocumentKind[] = ['claim_form', 'accident_report', 'id_copy', 'bank_account', ...BY_TYPE[type]];
  if (policyType === 'guzhu' || !named) kinds.push('employment_proof');
  return [...kinds.map((kind) => ({ kind, required: true })), { kind: 'other' as DocumentKind, required: false }];
}

/** `12.50` → 1250 fen; null when not a decimal string with ≤ 2 decimals in (0, 10 000 000.00]. */
export function yuanToFen(value: unknown): number | null {
  const s = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return fen > 0 && fen <= MAX_AMOUNT_FEN ? fen : null;
}

/** A real calendar day `YYYY-MM-DD` within the date convention (src/lib/dates). */
export { isDay };

const day = (message: string) => dayField(message);
const optDay = (message: string) => optionalDayField(message);

const id = (message: string) => intIn(1, Number.MAX_SAFE_INTEGER, message);
const text = (max: number, message: string) => v.optional(v.pipe(v.string(message), v.trim(), v.maxLength(max, message)), '');
const requiredText = (max: number, message: string) =>
  v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, message));
const amount = (message: string) =>
  v.pipe(
    v.union([v.string(message), v.number(message)], message),
    v.check((x) => yuanToFen(x) !== null, message),
    v.transform((x) => yuanToFen(x) as number),
  );

export const CLAIM_PAGE_SIZES = PAGE_SIZES;

const listFields = {
  status: v.optional(v.union([v.literal(''), v.picklist(CLAIM_STATUSES, 'claim.statusInvalid')], 'claim.statusInvalid'), ''),
  type: v.optional(v.union([v.literal(''), v.picklist(CLAIM_TYPES, 'claim.typeInvalid')], 'claim.typeInvalid'), ''),
  keyword: v.optional(v.pipe(v.string('claim.keywordInvalid'), v.trim(), v.maxLength(50, 'claim.keywordInvalid')), ''),
  start: optDay('validate.date'),
  end: optDay('validate.date'),
  page: pageField,
  limit: limitField(),
};

/** GET claim/list, claim/export and operator/claim/list: `status&type&keyword&start&end&page&limit` (start/end: report day). */
export const claimListSchema = v.pipe(
  v.object(listFields),
  v.forward(
    v.check((q) => !q.start || !q.end || q.start <= q.end, 'claim.rangeInvalid'),
    ['end'],
  ),
);
export type ClaimListQuery = v.InferOutput<typeof claimListSchema>;

/** GET claim/detail?id, operator/claim/detail?id */
export const claimIdSchema = v.object({ id: id('claim.idInvalid') });

/** GET claim/policies?accident_date */
export const policiesQuerySchema = v.object({ accident_date: day('claim.accidentDateInvalid') });

/** GET claim/insured?order_id&accident_date&keyword&page&limit */
export const insuredQuerySchema = v.object({
  order_id: id('claim.orderInvalid'),
  accident_date: day('claim.accidentDateInvalid'),
  keyword: listFields.keyword,
  page: listFields.page,
  limit: limitField(),
});

/** GET claim/requirements?order_id&type */
export const requirementsQuerySchema = v.object({
  order_id: id('claim.orderInvalid'),
  type: v.picklist(CLAIM_TYPES, 'claim.typeInvalid'),
});

/**
 * POST claim/add. Either `insured_id` (named-list policy) or `insured_name` + `insured_id_no`
 * (a policy without a list); which one the policy needs is checked by the service.
 */
export const claimAddSchema = v.object({
  request_id: v.pipe(v.string('claim.requestIdInvalid'), v.trim(), v.regex(/^[\w.:-]{8,64}$/, 'claim.requestIdInvalid')),
  order_id: id('claim.orderInvalid'),
  insured_id: v.optional(v.union([v.literal(''), id('claim.insuredInvalid')], 'claim.insuredInvalid'), ''),
  insured_name: text(50, 'claim.insuredNameInvalid'),
  insured_id_no: v.optional(
    v.union(
      [
        v.literal(''),
        v.pipe(
          v.string('claim.idNoInvalid'),
          v.trim(),
          v.check((s) => s === '' || parseResidentId(s) !== null, 'claim.idNoInvalid'),
        ),
      ],
      'claim.idNoInvalid',
    ),
    '',
  ),
  type: v.picklist(CLAIM_TYPES, 'claim.typeInvalid'),
  accident_date: day('claim.accidentDateInvalid'),
  accident_place: requiredText(200, 'claim.placeInvalid'),
  description: requiredText(2000, 'claim.descriptionInvalid'),
  hospital: text(200, 'claim.hospitalInvalid'),
  estimated_amount: amount('claim.amountInvalid'),
});
export type ClaimAddInput = v.InferOutput<typeof claimAddSchema>;

/** POST claim/document {id, kind, file_id} */
export const documentAddSchema = v.object({
  id: id('claim.idInvalid'),
  kind: v.picklist(DOCUMENT_KINDS, 'claim.kindInvalid'),
  file_id: id('claim.fileInvalid'),
});

/** POST claim/documentDelete {id, document_id} */
export const documentDeleteSchema = v.object({ id: id('claim.idInvalid'), document_id: id('claim.documentInvalid') });

/** POST claim/resubmit {id, note} */
export const resubmitSchema = v.object({ id: id('claim.idInvalid'), note: text(500, 'claim.noteInvalid') });

/** POST claim/withdraw {id, reason} */
export const withdrawSchema = v.object({ id: id('claim.idInvalid'), reason: requiredText(500, 'claim.reasonInvalid') });

/** POST operator/claim/startReview {id} */
export const startReviewSchema = claimIdSchema;

/** POST operator/claim/requestDocuments {id, kinds, note} */
export const requestDocumentsSchema = v.object({
  id: id('claim.idInvalid'),
  kinds: v.pipe(
    v.array(v.picklist(DOCUMENT_KINDS, 'claim.kindInvalid'), 'claim.kindsInvalid'),
    v.minLength(1, 'claim.kindsInvalid'),
    v.maxLength(DOCUMENT_KINDS.length, 'claim.kindsInvalid'),
  ),
  note: requiredText(500, 'claim.noteRequired'),
});

/** POST operator/claim/approve {id, approved_amount, note} */
export const approveSchema = v.object({
  id: id('claim.idInvalid'),
  approved_amount: amount('claim.approvedAmountInvalid'),
  note: text(500, 'claim.noteInvalid'),
});

/** POST operator/claim/reject {id, reason} */
export const rejectSchema = v.object({ id: id('claim.idInvalid'), reason: requiredText(500, 'claim.reasonInvalid') });

/** POST operator/claim/markPaid {id, payment_ref, paid_at} (paid_at: the transfer's day) */
export const markPaidSchema = v.object({
  id: id('claim.idInvalid'),
  payment_ref: v.pipe(v.string('claim.paymentRefInvalid'), v.trim(), v.regex(/^[\w\-/.]{4,64}$/, 'claim.paymentRefInvalid')),
  paid_at: day('claim.paidAtInvalid'),
});
