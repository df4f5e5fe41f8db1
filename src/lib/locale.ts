import { DEFAULT_LOCALE, LOCALES, type Locale } from './types';

/** Map a language tag (`en-US`, `zh-CN`, `zh-cn`, `zh`) to a supported locale, or null. */
export function toLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const t = tag.trim().toLowerCase().replace('_', '-');
  if ((LOCALES as readonly string[]).includes(t)) return t as Locale;
  const primary = t.split('-')[0];
  if (primary === 'zh') return 'zh-cn';
  if (primary === 'en') return 'en';
  return null;
}

/** Best supported locale from an Accept-Language header, honouring q-values. */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((x) => x.tag && x.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const { tag } of ranked) {
    const l = toLocale(tag);
    if (l) return l;
  }
  return null;
}

/** Request language: cookie `ba-lang`, then header `think-lang`, then Accept-Language, else zh-cn. */
export function resolveLocale(input: { cookie?: string | null; header?: string | null; acceptLanguage?: string | null }): Locale {
  return toLocale(input.cookie) ?? toLocale(input.header) ?? fromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}
