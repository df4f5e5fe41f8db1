import en from '../../../i18n/en/api';
import zh from '../../../i18n/zh-cn/api';
import type { Locale } from '../../lib/types';

const BUNDLES: Record<Locale, unknown> = { 'zh-cn': zh, en };

function lookup(bundle: unknown, key: string): string | undefined {
  let cur: unknown = bundle;
  for (const part of key.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return typeof cur === 'string' ? cur : undefined;
}

/** An API message in the given language (falls back to English, then to the key itself). */
export function apiMessage(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const text = lookup(BUNDLES[locale], key) ?? lookup(BUNDLES.en, key) ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
