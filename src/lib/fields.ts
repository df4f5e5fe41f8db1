/**
 * Field rules of spec §5 as valibot schemas, for the feature schemas to compose. Messages are
 * i18n keys (`validate.*`).
 */
import * as v from 'valibot';

/** 3–15 characters, starting with a letter, then letters, digits or underscores. */
export const ACCOUNT_PATTERN = /^[A-Za-z][A-Za-z0-9_]{2,14}$/;
/** 6–32 characters, none of & < > " '. */
export const PASSWORD_PATTERN = /^[^&<>"']{6,32}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Mainland China mobile number. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** A string that must be present and not blank. */
export const requiredString = () => v.pipe(v.string('validate.required'), v.trim(), v.nonEmpty('validate.required'));

export const account = () => v.pipe(requiredString(), v.regex(ACCOUNT_PATTERN, 'validate.account'));

/** Passwords are not trimmed: spaces count. */
export const password = () =>
  v.pipe(v.string('validate.required'), v.nonEmpty('validate.required'), v.regex(PASSWORD_PATTERN, 'validate.password'));

export const email = () => v.pipe(requiredString(), v.maxLength(100, 'validate.email'), v.regex(EMAIL_PATTERN, 'validate.email'));

export const mobile = () => v.pipe(requiredString(), v.regex(MOBILE_PATTERN, 'validate.mobile'));

/** Which rule a login "account" value is held to: an e-mail, a mobile number or a username. */
function loginAccountProblem(value: string): string | null {
  if (value.includes('@')) return value.length <= 100 && EMAIL_PATTERN.test(value) ? null : 'validate.email';
  if (/^\d+$/.test(value)) return MOBILE_PATTERN.test(value) ? null : 'validate.mobile';
  return ACCOUNT_PATTERN.test(value) ? null : 'validate.account';
}

/** The login "account" field takes a username, an e-mail or a mobile number. */
export const loginAccount = () =>
  v.pipe(
    requiredString(),
    v.check(
      (value) => loginAccountProblem(value) === null,
      (issue) => loginAccountProblem(String(issue.input)) ?? 'validate.invalid',
    ),
  );
