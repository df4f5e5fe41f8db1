/**
 * Inputs of the invoice API (issue #10), one valibot schema each, shared by the apply form's
 * island and the API. Company titles need a unified social credit code (GB 32100); special
 * invoices need the company's address, phone, bank and account; personal titles take normal
 * invoices only. Messages are keys under `invoice.*`.
 */
import * as v from 'valibot';
import { wholeNumberIn } from '~/lib/whole-number';
import { limitField, PAGE_SIZES, pageField } from '~/lib/list';
import { parseCreditCode } from '~/lib/credit-code';
import { INVOICE_STATUSES } from './states';

export const INVOICE_PAGE_SIZES = PAGE_SIZES;
export const SOURCE_TYPES = ['order', 'endorse'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

const idField = (message = 'invoice.idInvalid') => wholeNumberIn(1, Number.MAX_SAFE_INTEGER, message);
const text = (max: number, message: string) => v.pipe(v.string(message), v.trim(), v.maxLength(max, message));
const optionalText = (max: number, message: string) => v.optional(text(max, message), '');
const page = pageField;
const limit = limitField();

/** GET invoice/list ?status&page&limit (and the operator's list, with keyword). */
export const invoiceListSchema = v.object({
  status: v.optional(v.union([v.literal(''), v.picklist(INVOICE_STATUSES, 'invoice.statusInvalid')], 'invoice.statusInvalid'), ''),
  keyword: v.optional(text(50, 'invoice.keywordInvalid'), ''),
  page,
  limit,
});
export type InvoiceListQuery = v.InferOutput<typeof invoiceListSchema>;

export const invoiceIdSchema = v.object({ id: idField() });

/** POST invoice/apply */
export const applySchema = v.pipe(
  v.object({
    request_id: v.pipe(
      v.string('invoice.requestIdInvalid'),
      v.trim(),
      v.minLength(8, 'invoice.requestIdInvalid'),
      v.maxLength(64, 'invoice.requestIdInvalid'),
    ),
    sources: v.pipe(
      v.array(
        v.object({ type: v.picklist(SOURCE_TYPES, 'invoice.sourceInvalid'), id: idField('invoice.sourceInvalid') }),
        'invoice.sourcesRequired',
      ),
      v.minLength(1, 'invoice.sourcesRequired'),
      v.maxLength(50, 'invoice.sourcesTooMany'),
      v.check((list) => new Set(list.map((s) => `${s.type}:${s.id}`)).size === list.length, 'invoice.sourceTwice'),
    ),
    kind: v.picklist(['normal', 'special'], 'invoice.kindInvalid'),
    title_type: v.picklist(['company', 'personal'], 'invoice.titleTypeInvalid'),
    title: v.pipe(
      v.string('invoice.titleRequired'),
      v.trim(),
      v.minLength(2, 'invoice.titleRequired'),
      v.maxLength(100, 'invoice.titleRequired'),
    ),
    taxpayer_id: v.pipe(optionalText(30, 'invoice.creditCodeInvalid'), v.toUpperCase()),
    address: optionalText(200, 'invoice.addressInvalid'),
    phone: v.optional(
      v.union(
        [v.literal(''), v.pipe(v.string('invoice.phoneInvalid'), v.trim(), v.regex(/^[0-9+\-() ]{6,20}$/, 'invoice.phoneInvalid'))],
        'invoice.phoneInvalid',
      ),
      '',
    ),
    bank: optionalText(100, 'invoice.bankInvalid'),
    account: v.optional(
      v.union(
        [v.literal(''), v.pipe(v.string('invoice.accountInvalid'), v.trim(), v.regex(/^[0-9 -]{6,40}$/, 'invoice.accountInvalid'))],
        'invoice.accountInvalid',
      ),
      '',
    ),
    email: v.pipe(
      v.string('invoice.emailInvalid'),
      v.trim(),
      v.toLowerCase(),
      v.email('invoice.emailInvalid'),
      v.maxLength(100, 'invoice.emailInvalid'),
    ),
  }),
  v.forward(
    v.check((i) => i.title_type !== 'personal' || i.kind === 'normal', 'invoice.personalNormalOnly'),
    ['kind'],
  ),
  v.forward(
    v.check((i) => i.title_type !== 'company' || parseCreditCode(i.taxpayer_id) !== null, 'invoice.creditCodeInvalid'),
    ['taxpayer_id'],
  ),
  v.forward(
    v.check((i) => i.kind !== 'special' || i.address.length >= 5, 'invoice.addressRequired'),
    ['address'],
  ),
  v.forward(
    v.check((i) => i.kind !== 'special' || i.phone !== '', 'invoice.phoneRequired'),
    ['phone'],
  ),
  v.forward(
    v.check((i) => i.kind !== 'special' || i.bank.length >= 2, 'invoice.bankRequired'),
    ['bank'],
  ),
  v.forward(
    v.check((i) => i.kind !== 'special' || i.account !== '', 'invoice.accountRequired'),
    ['account'],
  ),
);
export type ApplyInput = v.InferOutput<typeof applySchema>;

/** POST operator/invoice/issue: the invoice number, and an uploaded PDF (else one is generated). */
export const issueSchema = v.object({
  id: idField(),
  invoice_no: v.pipe(v.string('invoice.invoiceNoInvalid'), v.trim(), v.regex(/^[0-9A-Za-z-]{8,30}$/, 'invoice.invoiceNoInvalid')),
  file_id: v.optional(v.union([v.literal(''), v.literal(0), idField('invoice.fileInvalid')], 'invoice.fileInvalid'), ''),
});

/** POST operator/invoice/reject */
export const rejectInvoiceSchema = v.object({
  id: idField(),
  reason: v.pipe(
    v.string('invoice.reasonRequired'),
    v.trim(),
    v.minLength(1, 'invoice.reasonRequired'),
    v.maxLength(200, 'invoice.reasonRequired'),
  ),
});
