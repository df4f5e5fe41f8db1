/**
 * Inputs of the team area (isomorphic: the islands check the same schemas the API enforces).
 * Messages are i18n keys (`validate.*`, `team.*`).
 */
import * as v from 'valibot';
import { optionalDayField } from '~/lib/dates';
import { limitField, PAGE_SIZES, pageField } from '~/lib/list';
import { account, MOBILE_PATTERN, password } from '~/lib/fields';

/** Sub-account statuses. */
export const TEAM_STATUSES = ['enable', 'disable'] as const;
export type TeamStatus = (typeof TEAM_STATUSES)[number];

/** Allocate moves money owner → sub; reclaim moves it back. */
export const TEAM_DIRECTIONS = ['allocate', 'reclaim'] as const;
export type TeamDirection = (typeof TEAM_DIRECTIONS)[number];

/** Page sizes of the team lists. */
export const TEAM_PAGE_SIZES = PAGE_SIZES;

/** Largest single transfer: 100 million yuan (keeps every sum far inside a safe integer). */
export const MAX_TRANSFER_FEN = 10_000_000_000;

const AMOUNT = /^\d{1,11}(\.\d{1,2})?$/;

/** A decimal yuan string ('12.5', '100.00') → integer fen, without floating point. */
export function yuanToFen(value: string): number {
  const [whole, frac = ''] = value.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const id = (message = 'team.idInvalid') =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.regex(/^\d{1,12}$/, message), v.transform(Number))], message),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(2_147_483_647, message),
  );

const mobile = () =>
  v.pipe(v.string('validate.required'), v.trim(), v.nonEmpty('validate.required'), v.regex(MOBILE_PATTERN, 'validate.mobile'));

const nickname = () => v.optional(v.pipe(v.string('validate.invalid'), v.trim(), v.maxLength(50, 'team.nicknameTooLong')), '');

/** Rule ids the owner ticked (pages and buttons); duplicates are dropped. */
const rules = () =>
  v.optional(
    v.pipe(
      v.array(id('team.rulesInvalid'), 'team.rulesInvalid'),
      v.maxLength(500, 'team.rulesInvalid'),
      v.transform((ids) => [...new Set(ids)]),
    ),
    [],
  );

/** What the owner sets on a sub-account, when adding it and when editing it. */
const accountSettings = () => ({ mobile: mobile(), nickname: nickname(), rules: rules() });

/** POST /team/add */
export const addAccountSchema = v.object({ username: account(), password: password(), ...accountSettings() });
export type AddAccountInput = v.InferOutput<typeof addAccountSchema>;

/** POST /team/edit */
export const editAccountSchema = v.object({ id: id(), ...accountSettings() });
export type EditAccountInput = v.InferOutput<typeof editAccountSchema>;

/** POST /team/status */
export const statusSchema = v.object({
  id: id(),
  status: v.picklist(TEAM_STATUSES, 'team.statusInvalid'),
});

/** POST /team/resetPassword */
export const resetPasswordSchema = v.object({ id: id(), password: password() });

/** GET /team/detail?id */
export const detailSchema = v.object({ id: id() });

/** POST /team/allocate: amount is a decimal yuan string, > 0, at most 2 decimals. */
export const allocateSchema = v.object({
  id: id(),
  direction: v.picklist(TEAM_DIRECTIONS, 'team.directionInvalid'),
  amount: v.pipe(
    v.string('team.amountInvalid'),
    v.trim(),
    v.regex(AMOUNT, 'team.amountInvalid'),
    v.transform(yuanToFen),
    v.minValue(1, 'team.amountInvalid'),
    v.maxValue(MAX_TRANSFER_FEN, 'team.amountTooLarge'),
  ),
  memo: v.optional(v.pipe(v.string('validate.invalid'), v.trim(), v.maxLength(100, 'team.memoTooLong')), ''),
  request_id: v.pipe(v.string('team.requestIdInvalid'), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'team.requestIdInvalid')),
});
export type AllocateInput = v.InferOutput<typeof allocateSchema>;

const limit = limitField();
const page = pageField;

/** GET /team/list?status&keyword&page&limit ('' = not given) */
export const listQuerySchema = v.object({
  status: v.optional(v.union([v.literal(''), v.picklist(TEAM_STATUSES, 'team.statusInvalid')], 'team.statusInvalid'), ''),
  keyword: v.optional(v.pipe(v.string('validate.invalid'), v.trim(), v.maxLength(50, 'team.keywordTooLong')), ''),
  page,
  limit,
});
export type TeamListQuery = v.InferOutput<typeof listQuerySchema>;

const date = optionalDayField();

/** GET /team/allocations?sub_id&start&end&page&limit */
export const allocationsQuerySchema = v.pipe(
  v.object({
    sub_id: v.optional(v.union([v.literal(''), id()], 'team.idInvalid'), ''),
    start: date,
    end: date,
    page,
    limit,
  }),
  v.forward(
    v.check((q) => !q.start || !q.end || q.start <= q.end, 'team.rangeInvalid'),
    ['end'],
  ),
);
export type AllocationsQuery = v.InferOutput<typeof allocationsQuerySchema>;
