/**
 * User-facing texts of the helper in the page's language (`<html lang>`, set by the server from
 * `ba-lang`): en for `en*`, zh-cn otherwise (the default language, spec §9).
 */
import en, { type RequestMessages } from '../../../i18n/en/request';
import zhCn from '../../../i18n/zh-cn/request';

export type RequestLang = 'zh-cn' | 'en';

const BUNDLES: Record<RequestLang, RequestMessages> = { 'zh-cn': zhCn, en };

export function pageLang(): RequestLang {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang.toLowerCase();
  return lang.startsWith('en') ? 'en' : 'zh-cn';
}

export function requestMessages(lang: RequestLang = pageLang()): RequestMessages {
  return BUNDLES[lang];
}

/**
 * Statuses whose envelope message is shown instead of the §8 table text when the error response
 * carries one. Rule: the table is the fallback everywhere; for 400, 401, 403 and 409 our API
 * answers an envelope whose message is more specific and already in the request's language
 * (which field failed validation, "Account or password is incorrect", which record conflicts),
 * so that message wins when present and non-empty. For every other status (404, 5xx, …) the
 * table text is shown word for word even if an envelope came along.
 */
export const ENVELOPE_MESSAGE_STATUSES: ReadonlySet<number> = new Set([400, 401, 403, 409]);

/** The §8 message for an HTTP error status (`404` gets the url appended). */
export function statusMessage(status: number, url: string, lang: RequestLang = pageLang()): string {
  const m = requestMessages(lang);
  const text = m.status[status];
  if (!text) return m.other;
  return status === 404 ? `${text}${url}` : text;
}

/** What to show for an HTTP error response, per the rule above. */
export function httpErrorMessage(status: number, url: string, envelopeMessage?: string | null, lang: RequestLang = pageLang()): string {
  if (ENVELOPE_MESSAGE_STATUSES.has(status) && envelopeMessage) return envelopeMessage;
  return statusMessage(status, url, lang);
}
