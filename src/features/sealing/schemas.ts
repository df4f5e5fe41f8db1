/**
 * Inputs of the sealing area, isomorphic: the page islands and the API check the same schemas.
 * Numbers in query strings arrive as text and are converted here.
 */
import * as v from 'valibot';
import { optionalDayField } from '~/lib/dates';
import { limitField, PAGE_SIZES, pageField } from '~/lib/list';

export const SEAL_KINDS = ['official', 'contract', 'finance', 'other'] as const;
export type SealKind = (typeof SEAL_KINDS)[number];
export const SEAL_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const;
export type SealStatus = (typeof SEAL_STATUSES)[number];
export const SEALED_STATUSES = ['sealed', 'voided'] as const;
export const SEAL_PAGE_SIZES = PAGE_SIZES;
/** The code's alphabet: no 0/O, 1/I. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** At most this many explicit stamps in one request. */
export const MAX_STAMPS = 500;

const num = (message: string) => v.pipe(v.union([v.string(message), v.number(message)], message), v.transform(Number));
const intIn = (min: number, max: number, message: string) =>
  v.pipe(num(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
const id = (message = 'sealing.idInvalid') => intIn(1, Number.MAX_SAFE_INTEGER, message);
const text = (min: number, max: number, message: string) =>
  v.pipe(v.string(message), v.trim(), v.minLength(min, message), v.maxLength(max, message));
const fraction = v.pipe(
  num('sealing.positionInvalid'),
  v.finite('sealing.positionInvalid'),
  v.minValue(0, 'sealing.positionInvalid'),
  v.maxValue(1, 'sealing.positionInvalid'),
);
const date = optionalDayField();
const page = pageField;
const limit = limitField();
const keyword = v.optional(v.pipe(v.string('sealing.keywordInvalid'), v.trim(), v.maxLength(50, 'sealing.keywordInvalid')), '');

/** POST /seal/add: an uploaded PNG (topic `seal`) becomes a pending seal. */
export const sealAddSchema = v.object({
  name: text(1, 30, 'sealing.nameInvalid'),
  kind: v.picklist(SEAL_KINDS, 'sealing.kindInvalid'),
  company_name: text(2, 40, 'sealing.companyInvalid'),
  diameter_mm: v.optional(intIn(30, 60, 'sealing.diameterInvalid'), 40),
  file_id: id('sealing.fileInvalid'),
});
export type SealAddInput = v.InferOutput<typeof sealAddSchema>;

/** POST /seal/generate: the standard red seal drawn for the company. */
export const sealGenerateSchema = v.object({
  company_name: text(2, 24, 'sealing.companyInvalid'),
  kind: v.picklist(SEAL_KINDS, 'sealing.kindInvalid'),
  inner_text: v.optional(v.pipe(v.string('sealing.innerTextInvalid'), v.trim(), v.maxLength(10, 'sealing.innerTextInvalid')), ''),
});
export type SealGenerateInput = v.InferOutput<typeof sealGenerateSchema>;

/** `{id}` of one record. */
export const idSchema = v.object({ id: id() });

/** POST /seal/file/inspect */
export const inspectSchema = v.object({ file_id: id('sealing.fileInvalid') });

/** GET /seal/file/preview?file_id&page&width */
export const previewSchema = v.object({
  file_id: id('sealing.fileInvalid'),
  page: v.optional(intIn(1, 100_000, 'sealing.pageInvalid'), 1),
  width: v.optional(intIn(200, 1200, 'sealing.widthInvalid'), 600),
});

const point = v.object({ x: fraction, y: fraction });

/** POST /seal/file/seal: where the seal goes. At least one placement. */
export const sealFileSchema = v.pipe(
  v.object({
    request_id: v.pipe(v.string('sealing.requestIdInvalid'), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'sealing.requestIdInvalid')),
    file_id: id('sealing.fileInvalid'),
    seal_id: id('sealing.sealInvalid'),
    stamps: v.optional(
      v.pipe(
        v.array(v.object({ page: intIn(1, 100_000, 'sealing.pageInvalid'), x: fraction, y: fraction }), 'sealing.stampsInvalid'),
        v.maxLength(MAX_STAMPS, 'sealing.stampsTooMany'),
      ),
      [],
    ),
    every_page: v.optional(v.nullable(point), null),
    cross_page: v.optional(v.nullable(v.object({ y: fraction })), null),
  }),
  v.forward(
    v.check((b) => b.stamps.length > 0 || b.every_page !== null || b.cross_page !== null, 'sealing.placementRequired'),
    ['stamps'],
  ),
);
export type SealFileInput = v.InferOutput<typeof sealFileSchema>;

/** GET /seal/file/list */
export const fileListSchema = v.pipe(
  v.object({
    status: v.optional(v.union([v.literal(''), v.picklist(SEALED_STATUSES, 'sealing.statusInvalid')], 'sealing.statusInvalid'), ''),
    keyword,
    start: date,
    end: date,
    page,
    limit,
  }),
  v.forward(
    v.check((q) => !q.start || !q.end || q.start <= q.end, 'sealing.rangeInvalid'),
    ['end'],
  ),
);
export type FileListQuery = v.InferOutput<typeof fileListSchema>;

/** POST /seal/file/void */
export const voidSchema = v.object({ id: id(), reason: text(1, 200, 'sealing.reasonRequired') });

/** GET /seal/verify?code= or ?sha256=&code= */
export const verifySchema = v.object({
  code: v.pipe(v.string('sealing.codeInvalid'), v.trim(), v.minLength(1, 'sealing.codeInvalid'), v.maxLength(40, 'sealing.codeInvalid')),
  sha256: v.optional(
    v.union(
      [
        v.literal(''),
        v.pipe(v.string('sealing.sha256Invalid'), v.trim(), v.toLowerCase(), v.regex(/^[0-9a-f]{64}$/, 'sealing.sha256Invalid')),
      ],
      'sealing.sha256Invalid',
    ),
    '',
  ),
});

/** GET /operator/seal/list */
export const operatorListSchema = v.object({
  status: v.optional(v.union([v.literal(''), v.picklist(SEAL_STATUSES, 'sealing.statusInvalid')], 'sealing.statusInvalid'), 'pending'),
  keyword,
  page,
  limit,
});
export type OperatorListQuery = v.InferOutput<typeof operatorListSchema>;

/** POST /operator/seal/approve */
export const approveSchema = v.object({
  id: id(),
  note: v.optional(v.pipe(v.string('sealing.noteInvalid'), v.trim(), v.maxLength(200, 'sealing.noteInvalid')), ''),
});
/** POST /operator/seal/reject and /revoke */
export const reasonSchema = voidSchema;

/** Upper case, no hyphens or spaces: the stored form of a code typed by a person. */
export function normalizeCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/** Whether a normalised code could be one of ours (12 characters of the alphabet). */
export function isCodeShape(code: string): boolean {
  return code.length === 12 && [...code].every((ch) => CODE_ALPHABET.includes(ch));
}

/** `XXXX-XXXX-XXXX`. */
export function formatCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;
}
