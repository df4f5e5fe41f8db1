/**
 * Inputs of the account centre (isomorphic: the profile, password, bind and top-up islands check
 * the same schemas the API enforces). Messages are i18n keys (`validate.*`, `account.*`).
 */
import * as v from 'valibot';
import { isDay } from '~/lib/dates';
import { limitField, pageField } from '~/lib/list';
import { account, email, mobile, password } from '~/lib/fields';

/** A positive database id, as a number or a string of digits. */
export const idField = (message = 'validate.invalid') =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.regex(/^\d{1,12}$/, message), v.transform(Number))], message),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(Number.MAX_SAFE_INTEGER, message),
  );

/** Largest single top-up: 10 000 000.00 yuan. */
export const MAX_TOPUP_FEN = 1_000_000_000;

/** "12.5", "12.50" or 12.5 (yuan, at most two decimals) → integer fen, no floating-point maths. */
export function yuanToFen(value: string): number | null {
  const m = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const amount = v.pipe(
  v.union([v.string('account.amountInvalid'), v.number('account.amountInvalid')], 'account.amountInvalid'),
  v.transform((x) => yuanToFen(typeof x === 'number' ? (Number.isFinite(x) ? String(x) : '') : x)),
  v.number('account.amountInvalid'),
  v.minValue(1, 'account.amountInvalid'),
  v.maxValue(MAX_TOPUP_FEN, 'account.amountTooLarge'),
);

/** No control characters in one-line text. */
const oneLine = (max: number, message: string) =>
  v.pipe(
    v.string('validate.required'),
    v.trim(),
    v.nonEmpty('validate.required'),
    v.maxLength(max, message),
    v.check((s) => !/[\p{Cc}\p{Cf}]/u.test(s), message),
  );

/** POST /userapi/v1/account/topup {amount (yuan), payment_ref, slip (an uploaded file id, topic `topup`)} */
export const topupSchema = v.object({
  amount,
  payment_ref: oneLine(64, 'account.paymentRefInvalid'),
  slip: idField('account.slipRequired'),
});
export type TopupFields = v.InferOutput<typeof topupSchema>;

/** POST /userapi/v1/operator/topup/confirm {id} */
export const topupConfirmSchema = v.object({ id: idField() });

/** POST /userapi/v1/operator/topup/reject {id, reason} */
export const topupRejectSchema = v.object({ id: idField(), reason: oneLine(200, 'account.reasonInvalid') });

/** Top-up states. */
export const TOPUP_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type TopupStatus = (typeof TOPUP_STATUSES)[number];

/** GET /userapi/v1/operator/topup/list ?status&page&limit */
export const topupListSchema = v.object({
  status: v.optional(v.union([v.literal(''), v.picklist(TOPUP_STATUSES, 'validate.invalid')], 'validate.invalid'), ''),
  page: pageField,
  limit: limitField(),
});

/** Chinese characters, letters, digits, `_` and `-` (the reference's chsDash). */
export const NICKNAME_PATTERN = /^[\p{Script=Han}A-Za-z0-9_-]+$/u;

/** A real calendar day between 1900-01-01 and today (UTC). */
function realDay(s: string): boolean {
  return isDay(s) && s <= new Date().toISOString().slice(0, 10);
}

export const MOTTO_MAX = 120;

/**
 * POST /userapi/v1/account/profile {avatar, username, nickname, gender, birthday, motto}; any other
 * key is ignored. `avatar`: a file id of topic `avatar` (cropped and re-encoded by the server), the
 * current avatar unchanged, or '' to remove it.
 */
export const profileSchema = v.object({
  avatar: v.optional(
    v.union(
      [idField('account.avatarInvalid'), v.pipe(v.string('account.avatarInvalid'), v.maxLength(255, 'account.avatarInvalid'))],
      'account.avatarInvalid',
    ),
  ),
  username: account(),
  nickname: v.pipe(
    v.string('validate.required'),
    v.trim(),
    v.nonEmpty('validate.required'),
    v.maxLength(50, 'account.nicknameInvalid'),
    v.regex(NICKNAME_PATTERN, 'account.nicknameInvalid'),
  ),
  gender: v.optional(
    v.pipe(
      v.union([v.number('account.genderInvalid'), v.string('account.genderInvalid')], 'account.genderInvalid'),
      v.transform(Number),
      v.picklist([0, 1, 2] as const, 'account.genderInvalid'),
    ),
    0,
  ),
  birthday: v.optional(
    v.nullable(
      v.union(
        [v.literal(''), v.pipe(v.string('account.birthdayInvalid'), v.trim(), v.check(realDay, 'account.birthdayInvalid'))],
        'account.birthdayInvalid',
      ),
    ),
    null,
  ),
  motto: v.optional(v.pipe(v.string('account.mottoInvalid'), v.trim(), v.maxLength(MOTTO_MAX, 'account.mottoInvalid')), ''),
});
export type ProfileFields = v.InferOutput<typeof profileSchema>;

/** POST /userapi/v1/account/changePassword {oldPassword, newPassword} (a `confirmPassword` is ignored). */
export const changePasswordSchema = v.pipe(
  v.object({
    oldPassword: v.pipe(v.string('validate.required'), v.nonEmpty('validate.required'), v.maxLength(100, 'account.oldPasswordWrong')),
    newPassword: password(),
  }),
  v.forward(
    v.check((f) => f.oldPassword !== f.newPassword, 'account.samePassword'),
    ['newPassword'],
  ),
);
export type ChangePasswordFields = v.InferOutput<typeof changePasswordSchema>;

/** The password form of the page: the same, plus the confirmation the server never sees. */
export const changePasswordFormSchema = v.pipe(
  v.object({
    oldPassword: v.pipe(v.string('validate.required'), v.nonEmpty('validate.required')),
    newPassword: password(),
    confirmPassword: v.pipe(v.string('validate.required'), v.nonEmpty('validate.required')),
  }),
  v.forward(
    v.check((f) => f.oldPassword !== f.newPassword, 'account.samePassword'),
    ['newPassword'],
  ),
  v.forward(
    v.check((f) => f.newPassword === f.confirmPassword, 'account.confirmMismatch'),
    ['confirmPassword'],
  ),
);

const code = () => v.pipe(v.string('validate.required'), v.trim(), v.nonEmpty('validate.required'), v.regex(/^\d{6}$/, 'validate.code'));
const bindType = v.picklist(['email', 'mobile'] as const, 'account.bindTypeInvalid');

/** POST /userapi/v1/account/verification {type, captcha}: the code sent to the current address. */
export const verificationSchema = v.object({ type: bindType, captcha: code() });

const proof = {
  accountVerificationToken: v.optional(v.pipe(v.string('validate.invalid'), v.maxLength(100, 'validate.invalid')), ''),
  password: v.optional(v.pipe(v.string('validate.invalid'), v.maxLength(100, 'validate.invalid')), ''),
};

/**
 * POST /userapi/v1/account/changeBind {type, captcha, email | mobile, accountVerificationToken | password}:
 * the code sent to the new address, and proof of the account (the token of /account/verification
 * when something is bound, else the password).
 */
export const changeBindSchema = v.variant(
  'type',
  [
    v.object({ type: v.literal('email'), captcha: code(), email: email(), ...proof }),
    v.object({ type: v.literal('mobile'), captcha: code(), mobile: mobile(), ...proof }),
  ],
  'account.bindTypeInvalid',
);
export type ChangeBindFields = v.InferOutput<typeof changeBindSchema>;

/** GET /userapi/v1/account/overview ?days=7|30 */
export const overviewQuerySchema = v.object({
  days: v.optional(
    v.pipe(
      v.union([v.string('account.daysInvalid'), v.number('account.daysInvalid')], 'account.daysInvalid'),
      v.transform(Number),
      v.picklist([7, 30] as const, 'account.daysInvalid'),
    ),
    7,
  ),
});
