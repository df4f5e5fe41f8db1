/**
 * Field rules of spec §5, shared by the browser (instant feedback) and the server (authority).
 * Each validator returns an i18n message key (see i18n/<locale>/api.ts) or null when valid.
 */

/** 3–15 characters, starting with a letter, then letters, digits or underscores. */
export const ACCOUNT_PATTERN = /^[A-Za-z][A-Za-z0-9_]{2,14}$/;
/** 6–32 characters, none of & < > " '. */
export const PASSWORD_PATTERN = /^[^&<>"']{6,32}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Mainland China mobile number. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

export type MessageKey = string;

export function validateAccount(value: unknown): MessageKey | null {
  if (typeof value !== 'string' || value.trim() === '') return 'validate.required';
  return ACCOUNT_PATTERN.test(value) ? null : 'validate.account';
}

export function validatePassword(value: unknown): MessageKey | null {
  if (typeof value !== 'string' || value === '') return 'validate.required';
  return PASSWORD_PATTERN.test(value) ? null : 'validate.password';
}

export function validateEmail(value: unknown): MessageKey | null {
  if (typeof value !== 'string' || value.trim() === '') return 'validate.required';
  return value.length <= 100 && EMAIL_PATTERN.test(value) ? null : 'validate.email';
}

export function validateMobile(value: unknown): MessageKey | null {
  if (typeof value !== 'string' || value.trim() === '') return 'validate.required';
  return MOBILE_PATTERN.test(value) ? null : 'validate.mobile';
}

/**
 * The login "account" field takes a username, an email or a mobile number; anything that is
 * neither an email nor a mobile is held to the username rule.
 */
export function validateLoginAccount(value: unknown): MessageKey | null {
  if (typeof value !== 'string' || value.trim() === '') return 'validate.required';
  const v = value.trim();
  if (v.includes('@')) return validateEmail(v);
  if (/^\d+$/.test(v)) return validateMobile(v);
  return validateAccount(v);
}
