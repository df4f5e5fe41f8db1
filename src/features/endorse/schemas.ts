/**
 * Inputs of the endorsement API (issue #10), one valibot schema each, shared by the Add form's
 * islands and the API. Messages are keys under `endorse.*` (messages.ts).
 */
import * as v from 'valibot';
import { wholeNumberIn } from '~/lib/whole-number';
import { dayField, optionalDayField } from '~/lib/dates';
import { limitField, PAGE_SIZES, pageField } from '~/lib/list';
import { parseResidentId } from '~/lib/cn-id';
import { ENDORSE_STATUSES } from './states';
import { ITEM_KINDS } from './premium';

export const ENDORSE_PAGE_SIZES = PAGE_SIZES;

/** A record id (positive integer, as a number or a numeric string). */
export const idField = (message = 'endorse.idInvalid') => wholeNumberIn(1, Number.MAX_SAFE_INTEGER, message);
/** A calendar day `YYYY-MM-DD`. */
export const dateField = (message = 'validate.date') => dayField(message);
const optionalDate = optionalDayField();
const text = (max: number, message: string) => v.pipe(v.string(message), v.trim(), v.maxLength(max, message));
const page = pageField;
const limit = limitField();

/** GET endorse/list ?status&kind&keyword&start&end&page&limit (start/end bound the effective date). */
export const endorseListSchema = v.pipe(
  v.object({
    status: v.optional(v.union([v.literal(''), v.picklist(ENDORSE_STATUSES, 'endorse.statusInvalid')], 'endorse.statusInvalid'), ''),
    kind: v.optional(v.union([v.literal(''), v.picklist(ITEM_KINDS, 'endorse.kindInvalid')], 'endorse.kindInvalid'), ''),
    keyword: v.optional(text(50, 'endorse.keywordInvalid'), ''),
    start: optionalDate,
    end: optionalDate,
    page,
    limit,
  }),
  v.forward(
    v.check((q) => !q.start || !q.end || q.start <= q.end, 'endorse.rangeInvalid'),
    ['end'],
  ),
);
export type EndorseListQuery = v.InferOutput<typeof endorseListSchema>;

/** GET endorse/roster ?order_id&as_of&keyword&page&limit */
export const rosterSchema = v.object({
  order_id: idField(),
  as_of: optionalDate,
  keyword: v.optional(text(50, 'endorse.keywordInvalid'), ''),
  page,
  limit,
});
export type RosterQuery = v.InferOutput<typeof rosterSchema>;

/** `?id=` of detail, notice; `{id}` of submit. */
export const idSchema = v.object({ id: idField() });

/** POST endorse/submit: the draft and the warning codes the member ticked in the dry run. */
export const submitSchema = v.object({
  id: idField(),
  acknowledged: v.optional(
    v.pipe(
      v.array(v.pipe(v.string('endorse.ackInvalid'), v.maxLength(40, 'endorse.ackInvalid')), 'endorse.ackInvalid'),
      v.maxLength(20, 'endorse.ackInvalid'),
    ),
    [],
  ),
});

/** POST endorse/create */
export const createSchema = v.object({
  request_id: v.pipe(
    v.string('endorse.requestIdInvalid'),
    v.trim(),
    v.minLength(8, 'endorse.requestIdInvalid'),
    v.maxLength(64, 'endorse.requestIdInvalid'),
  ),
  order_id: idField(),
  effective_date: dateField(),
  remark: v.optional(text(500, 'endorse.remarkInvalid'), ''),
});
export type CreateInput = v.InferOutput<typeof createSchema>;

/** POST endorse/update: a draft's effective date and remark. */
export const updateSchema = v.object({
  id: idField(),
  effective_date: v.optional(dateField()),
  remark: v.optional(text(500, 'endorse.remarkInvalid')),
});
export type UpdateInput = v.InferOutput<typeof updateSchema>;

const nameField = v.pipe(
  v.string('endorse.nameInvalid'),
  v.trim(),
  v.minLength(2, 'endorse.nameInvalid'),
  v.maxLength(30, 'endorse.nameInvalid'),
);
const idNoField = v.pipe(
  v.string('endorse.idNoInvalid'),
  v.trim(),
  v.toUpperCase(),
  v.check((s) => parseResidentId(s) !== null, 'endorse.idNoInvalid'),
);
const classField = wholeNumberIn(1, 6, 'endorse.classInvalid');

/** A person added to the roster. */
export const personSchema = v.object({ name: nameField, id_no: idNoField, occupation_class: classField });

/**
 * POST endorse/item: add `{name, id_no, occupation_class}`, remove `{insured_id}`, replace
 * (insured_id + add's fields), correct `{insured_id, name | id_no | occupation_class}`.
 */
export const itemSchema = v.variant(
  'kind',
  [
    v.object({ id: idField(), kind: v.literal('add'), name: nameField, id_no: idNoField, occupation_class: classField }),
    v.object({ id: idField(), kind: v.literal('remove'), insured_id: idField('endorse.insuredInvalid') }),
    v.object({
      id: idField(),
      kind: v.literal('replace'),
      insured_id: idField('endorse.insuredInvalid'),
      name: nameField,
      id_no: idNoField,
      occupation_class: classField,
    }),
    v.pipe(
      v.object({
        id: idField(),
        kind: v.literal('correct'),
        insured_id: idField('endorse.insuredInvalid'),
        name: v.optional(v.union([v.literal(''), nameField], 'endorse.nameInvalid')),
        id_no: v.optional(v.union([v.literal(''), idNoField], 'endorse.idNoInvalid')),
        occupation_class: v.optional(v.union([v.literal(''), classField], 'endorse.classInvalid')),
      }),
      // One change per correction: name and ID together would rewrite who is insured.
      v.forward(
        v.check((i) => !(i.name && i.id_no), 'endorse.nameAndId'),
        ['id_no'],
      ),
      v.forward(
        v.check((i) => [i.name, i.id_no, i.occupation_class].filter((x) => x !== undefined && x !== '').length === 1, 'endorse.correctOne'),
        ['name'],
      ),
    ),
  ],
  'endorse.kindInvalid',
);
export type ItemInput = v.InferOutput<typeof itemSchema>;

/** POST endorse/itemDelete */
export const itemDeleteSchema = v.object({ id: idField(), item_id: idField('endorse.itemInvalid') });

/** POST endorse/import: an uploaded CSV of people to add (name, ID number, class). */
export const importSchema = v.object({ id: idField(), file_id: idField('endorse.fileInvalid') });

export const DOCUMENT_KINDS = ['application', 'roster', 'other'] as const;
/** POST endorse/document */
export const documentSchema = v.object({
  id: idField(),
  kind: v.picklist(DOCUMENT_KINDS, 'endorse.documentKindInvalid'),
  file_id: idField('endorse.fileInvalid'),
});

/** POST endorse/cancel */
export const cancelSchema = v.object({ id: idField(), reason: v.optional(text(200, 'endorse.reasonInvalid'), '') });

/** POST endorse/withdraw {id, reason?}: a submitted endorsement taken back before the insurer decides. */
export const withdrawSchema = cancelSchema;

/** GET operator/endorse/list ?status&keyword&page&limit */
export const operatorListSchema = v.object({
  status: v.optional(v.union([v.literal(''), v.picklist(ENDORSE_STATUSES, 'endorse.statusInvalid')], 'endorse.statusInvalid'), 'submitted'),
  keyword: v.optional(text(50, 'endorse.keywordInvalid'), ''),
  page,
  limit,
});
export type OperatorListQuery = v.InferOutput<typeof operatorListSchema>;

/** POST operator/endorse/approve */
export const approveSchema = v.object({ id: idField(), note: v.optional(text(200, 'endorse.reasonInvalid'), '') });
/** POST operator/endorse/reject: a reason is required. */
export const rejectSchema = v.object({
  id: idField(),
  reason: v.pipe(
    v.string('endorse.reasonRequired'),
    v.trim(),
    v.minLength(1, 'endorse.reasonRequired'),
    v.maxLength(200, 'endorse.reasonInvalid'),
  ),
});

/** POST endorse/reconcile (multipart): the policy whose roster the uploaded staff list is compared with. */
export const reconcileSchema = v.object({ order_id: idField() });

const RECONCILE_MAX = 2000;
const listOf = <T extends v.GenericSchema>(item: T) =>
  v.optional(v.pipe(v.array(item, 'endorse.reconcileInvalid'), v.maxLength(RECONCILE_MAX, 'endorse.reconcileInvalid')), []);

/**
 * POST endorse/reconcile/apply: the ticked proposals of a reconciliation, made into one draft
 * effective on `effective_date` — insured ids to remove, people to add, and corrections (the
 * insured's id with their ID number and the list's name and class).
 */
export const reconcileApplySchema = v.object({
  request_id: createSchema.entries.request_id,
  order_id: idField(),
  effective_date: dateField(),
  remove: listOf(idField('endorse.insuredInvalid')),
  add: listOf(personSchema),
  correct: listOf(
    v.object({ insured_id: idField('endorse.insuredInvalid'), name: nameField, id_no: idNoField, occupation_class: classField }),
  ),
});
export type ReconcileApplyInput = v.InferOutput<typeof reconcileApplySchema>;
