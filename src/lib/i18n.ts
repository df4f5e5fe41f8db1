/**
 * Translation: a thin wrapper over rosetta, usable on the server and in islands.
 *
 * - Message sets live in `i18n/<locale>/common.ts` (every page) and one file per page that
 *   mirrors the route path (`i18n/en/user/account/overview.ts`, `i18n/en/index.ts`).
 * - `createT(locale, ...bundles)` merges bundles (later ones win) and returns `t(key, params)`.
 *   Keys are dotted paths (`nav.home`) or arrays (`['route', '/user/claim/list']`), values are
 *   strings with `{name}` placeholders.
 * - `loadT(locale, page)` loads common plus the page's own bundle. The page bundles sit in a
 *   static import map per locale, so Vite splits them into chunks and only the current page's
 *   chunk is loaded. A page with no bundle in a locale (its texts are its area's `defineTexts` table)
 *   just gets the common messages.
 * - Islands get plain strings as props rather than bundles (keeps the RSC payload small).
 */
import rosetta from 'rosetta';
import { interpolate } from './interpolate';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './types';
import zhCommon from '../../i18n/zh-cn/common';
import enCommon from '../../i18n/en/common';

export { interpolate };

export type Messages = { readonly [key: string]: unknown };
export type Params = Record<string, string | number>;
export type Key = string | readonly (string | number)[];

export interface Translator {
  (key: Key, params?: Params): string;
  /** True when the key resolves to a string in the loaded bundles. */
  has(key: Key): boolean;
  readonly locale: Locale;
}

export const COMMON: Record<Locale, Messages> = { 'zh-cn': zhCommon, en: enCommon };

type Loader = () => Promise<{ default: Messages }>;

/** Page bundles by page key (route path without the leading slash; `index` for `/`). */
const PAGES: Record<Locale, Partial<Record<string, Loader>>> = {
  'zh-cn': {
    // public and sign-in pages
    index: () => import('../../i18n/zh-cn/index'),
    'user/iframe': () => import('../../i18n/zh-cn/user/iframe'),
    // account area
    'user/account/overview': () => import('../../i18n/zh-cn/user/account/overview'),
  },
  en: {
    // public and sign-in pages
    index: () => import('../../i18n/en/index'),
    'user/iframe': () => import('../../i18n/en/user/iframe'),
    // account area
    'user/account/overview': () => import('../../i18n/en/user/account/overview'),
  },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Page key for a pathname: `/` → `index`, `/user/account/overview/` → `user/account/overview`. */
export function pageKey(pathname: string): string {
  const p = pathname.replace(/^\/+|\/+$/g, '');
  return p === '' ? 'index' : p;
}

/** True when the locale has a bundle for that page key. */
export function hasPageBundle(locale: Locale, page: string): boolean {
  return PAGES[locale][page] !== undefined;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Deep merge: nested objects merge, anything else from the later bundle wins. */
export function mergeMessages(...bundles: (Messages | undefined)[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const b of bundles) {
    if (!b) continue;
    for (const [k, v] of Object.entries(b)) {
      const prev = out[k];
      out[k] = isPlainObject(prev) && isPlainObject(v) ? mergeMessages(prev, v) : v;
    }
  }
  return out;
}

function toPath(key: Key): (string | number)[] {
  return typeof key === 'string' ? key.split('.') : [...key];
}

/**
 * A translator over the given bundles (later bundles override earlier ones). A missing key
 * returns the key itself so a gap is visible rather than blank.
 */
export function createT(locale: Locale, ...bundles: (Messages | undefined)[]): Translator {
  const r = rosetta<Record<string, unknown>>({ [locale]: mergeMessages(...bundles) });
  r.locale(locale);
  const lookup = (key: Key): unknown => r.t(toPath(key));
  const t = ((key: Key, params?: Params) => {
    const v = lookup(key);
    return typeof v === 'string' && v !== '' ? interpolate(v, params) : typeof key === 'string' ? key : key.join('.');
  }) as Translator;
  t.has = (key: Key) => typeof lookup(key) === 'string' && lookup(key) !== '';
  Object.defineProperty(t, 'locale', { value: locale });
  return t;
}

/** The page's own bundle for a locale, or undefined when it has none. */
export async function loadPageMessages(locale: Locale, page: string): Promise<Messages | undefined> {
  const load = PAGES[locale][page];
  return load ? (await load()).default : undefined;
}

/** Common messages plus the page's bundle (`page` is a page key, see `pageKey`). */
export async function loadT(locale: Locale, page?: string): Promise<Translator> {
  const loc = isLocale(locale) ? locale : DEFAULT_LOCALE;
  return createT(loc, COMMON[loc], page ? await loadPageMessages(loc, page) : undefined);
}
