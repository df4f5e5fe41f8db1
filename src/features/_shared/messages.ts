/**
 * The API's message table: the shared messages of i18n/<locale>/api.ts plus every feature's
 * `messages.ts`. A feature adds its file to FEATURE_MESSAGES.
 */
import en from '../../../i18n/en/api';
import zh from '../../../i18n/zh-cn/api';
import { fen } from '~/lib/format';
import type { Locale } from '~/lib/types';
import account from '../account/messages';
import area from '../area/messages';
import captcha from '../captcha/messages';
import claims from '../claims/messages';
import cover from '../cover/messages';
import endorse from '../endorse/messages';
import identity from '../identity/messages';
import invoices from '../invoices/messages';
import ledger from '../ledger/messages';
import notifications from '../notifications/messages';
import operator from '../operator/messages';
import orders from '../orders/messages';
import renewals from '../renewals/messages';
import runway from '../runway/messages';
import sealing from '../sealing/messages';
import team from '../team/messages';
import upload from '../upload/messages';
import verification from '../verification/messages';

type Bundle = Record<string, unknown>;

const FEATURE_MESSAGES: Record<Locale, Bundle>[] = [
  identity,
  orders,
  verification,
  area,
  captcha,
  ledger,
  claims,
  notifications,
  upload,
  account,
  team,
  operator,
  endorse,
  invoices,
  sealing,
  cover,
  renewals,
  runway,
];

function merge(into: Bundle, from: Bundle): Bundle {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    into[key] =
      typeof value === 'object' && value !== null && typeof existing === 'object' && existing !== null
        ? merge({ ...(existing as Bundle) }, value as Bundle)
        : value;
  }
  return into;
}

const BUNDLES: Record<Locale, Bundle> = {
  'zh-cn': FEATURE_MESSAGES.reduce((all, f) => merge(all, f['zh-cn']), merge({}, zh)),
  en: FEATURE_MESSAGES.reduce((all, f) => merge(all, f.en), merge({}, en)),
};

/** The string at a dotted key (`notify.order.paid.title`) in a message bundle, or undefined. */
export function lookupMessage(bundle: unknown, key: string): string | undefined {
  let cur: unknown = bundle;
  for (const part of key.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return typeof cur === 'string' ? cur : undefined;
}

/**
 * An API message in the given language (falls back to English, then to the key itself). A
 * placeholder without its parameter is left out rather than shown as `{name}` (a key can also come
 * from a URL, `?error=`); messages.test.ts checks that every caller passes its parameters.
 */
export function apiMessage(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const text = lookupMessage(BUNDLES[locale], key) ?? lookupMessage(BUNDLES.en, key) ?? key;
  return text.replace(/\{(\w+)(:yuan)?\}/g, (_, name: string, yuan?: string) => {
    if (!params || !(name in params)) return '';
    const v = params[name];
    // `{amount:yuan}`: a parameter stored in integer fen, shown as money is on every page ("¥1,234.50").
    return yuan && typeof v === 'number' ? fen(v) : String(v);
  });
}

/** The composed table of one language (tests render every message from it). */
export const messageTable = (locale: Locale): Readonly<Bundle> => BUNDLES[locale];
