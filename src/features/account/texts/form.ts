/**
 * The texts of the message keys the account forms' schemas use (`validate.*`, `account.*`), in the
 * page's language, for the islands (they get plain strings, not bundles).
 */
import accountMessages from '../messages';
import { apiMessage } from '~/features/_shared/messages';
import type { Locale } from '~/lib/types';

const KEYS = [
  'validate.required',
  'validate.invalid',
  'validate.account',
  'validate.password',
  'validate.email',
  'validate.mobile',
  'validate.code',
  ...Object.keys(accountMessages.en.account).map((k) => `account.${k}`),
];

/** Message key → text for every key the account schemas can report. */
export function accountFormTexts(locale: Locale): Record<string, string> {
  return Object.fromEntries(KEYS.map((k) => [k, apiMessage(locale, k)]));
}
