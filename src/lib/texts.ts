/**
 * One way to write texts (decision 0014): an area declares its texts beside its code with
 * `defineTexts(id, { 'zh-cn': {...}, en: {...} })`. The key type is inferred from the Chinese
 * table and the English one must have the same shape (tsc fails otherwise; `tests/texts.test.ts`
 * also fails on a key present in one language only, or used nowhere).
 *
 * The result is one loader for every consumer: `texts(locale)` gives the typed table (server
 * pages, CSV and PDF writers, API messages), `texts.t(locale, 'a.b', params)` looks a dotted key
 * up through rosetta (the i18n engine of `~/lib/i18n`) and fills `{name}` placeholders. Client
 * components get the slice they need as props (`texts(locale).form`), or import the table when it
 * is small and isomorphic: this module has no server imports.
 */
import rosetta from 'rosetta';
import { interpolate } from './interpolate';
import type { Locale } from './types';

/** The same keys as T, any string values (so `as const` tables in two languages compare). */
export type Shape<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? readonly Shape<U>[]
    : T extends (...args: never[]) => unknown
      ? T
      : { readonly [K in keyof T]: Shape<T[K]> };

/** Dotted paths to the string leaves of T: `'detail.back' | 'filters.apply' | …`. */
export type TextKey<T> = T extends string
  ? never
  : {
      [K in keyof T & string]: T[K] extends string ? K : T[K] extends readonly unknown[] ? K : `${K}.${TextKey<T[K]>}`;
    }[keyof T & string];

export interface Texts<T> {
  (locale: Locale): T;
  /** A dotted key through rosetta, `{name}` filled; a missing key returns the key. */
  t(locale: Locale, key: TextKey<T> | (string & {}), params?: Record<string, string | number>): string;
  readonly id: string;
  readonly tables: Readonly<Record<Locale, T>>;
}

/** Every table declared so far, by id (the completeness test walks it). */
export const TEXT_REGISTRY = new Map<string, Texts<unknown>>();

export function defineTexts<T>(id: string, tables: { 'zh-cn': T; en: Shape<T> }): Texts<T> {
  const all = tables as unknown as Record<Locale, T>;
  const engine = rosetta<T>(all as unknown as Record<string, T>);
  const texts = ((locale: Locale) => all[locale] ?? all['zh-cn']) as Texts<T>;
  texts.t = (locale, key, params) => {
    const v = engine.t(key as string, undefined, locale) as unknown;
    return typeof v === 'string' && v !== '' ? interpolate(v, params) : String(key);
  };
  Object.defineProperties(texts, { id: { value: id }, tables: { value: all } });
  TEXT_REGISTRY.set(id, texts as Texts<unknown>);
  return texts;
}

export { interpolate as fill };

/**
 * The key of a counted text: `key_one` when `n` is 1, else `key` ("1 person", "2 people"). A table
 * with counts declares both forms in every language (Chinese repeats the text); read them with
 * brackets, `t.tiles[plural('people', n)]`.
 */
export function plural<K extends string>(key: K, n: number): K | `${K}_one` {
  return n === 1 ? `${key}_one` : key;
}

/** A table's count line filled with `n`: its `count_one` form when `n` is 1 and the table has one ("1 policy"). */
export function countText(table: { count: string; count_one?: string }, n: number): string {
  return interpolate(n === 1 && table.count_one ? table.count_one : table.count, { n });
}
