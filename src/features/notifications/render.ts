/** Notices are stored as kind + params and rendered in the reader's language when read or sent. */
import { apiMessage, lookupMessage, messageTable } from '~/features/_shared/messages';
import { fen } from '~/lib/format';
import type { Locale } from '~/lib/types';

/** A parameter value that is itself a message key, translated when the notification is rendered. */
export const MESSAGE_PARAM = 'msg:';

export function parseParams(raw: unknown): Record<string, string | number> {
  try {
    const p = JSON.parse(String(raw ?? '{}'));
    return p && typeof p === 'object' && !Array.isArray(p) ? p : {};
  } catch {
    return {};
  }
}

/** A value that prints as nothing: empty, or the "-" older rows stored for an empty note. */
const blank = (v: string | number | undefined) => v === undefined || v === '' || v === '-';

/**
 * A notice text filled with its parameters (`{name}`; `{name:yuan}`: integer fen shown as money is on every page, "¥1,234.50", as apiMessage does).
 * A part in square brackets (`[说明：{note}]`) is left out when one of its placeholders is empty,
 * so an empty note never prints as "说明：-". A kind without texts reads as a generic notice.
 */
function fillNotice(locale: Locale, kind: string, part: 'title' | 'body', p: Record<string, string | number>): string {
  const key = `notify.${kind}.${part}`;
  const raw =
    lookupMessage(messageTable(locale), key) ??
    lookupMessage(messageTable('en'), key) ??
    apiMessage(locale, `notification.fallback.${part}`);
  const value = (name: string, format?: string) => {
    const v = p[name];
    if (blank(v)) return '';
    return format === 'yuan' && typeof v === 'number' ? fen(v) : String(v);
  };
  return raw
    .replace(/\[([^[\]]*)\]/g, (_, inner: string) => ([...inner.matchAll(/\{(\w+)(?::\w+)?\}/g)].some((m) => blank(p[m[1]])) ? '' : inner))
    .replace(/\{(\w+)(?::(\w+))?\}/g, (_, name: string, format?: string) => value(name, format))
    .trim();
}

/** Title and body of a notification kind in a language. */
export function renderNotification(locale: Locale, kind: string, params: Record<string, string | number>): { title: string; body: string } {
  const p: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    p[k] = typeof v === 'string' && v.startsWith(MESSAGE_PARAM) ? apiMessage(locale, v.slice(MESSAGE_PARAM.length)) : v;
  }
  return { title: fillNotice(locale, kind, 'title', p), body: fillNotice(locale, kind, 'body', p) };
}
