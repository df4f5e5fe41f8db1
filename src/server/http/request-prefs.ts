/**
 * A request's display preferences: language (`ba-lang` cookie, then `think-lang` header), theme
 * (`ba-theme`) and the browser's time zone (`ba-tz`). One reader for the page context and the page
 * cache's key, so a cached page is always keyed by what its render used.
 */
import { validTimeZone } from '~/lib/format';
import { resolveLocale } from '~/lib/locale';
import type { Locale, Theme } from '~/lib/types';

export interface RequestPrefs {
  locale: Locale;
  theme: Theme;
  /** The browser's IANA time zone once it told us, else null. */
  browserTimeZone: string | null;
}

export function readPrefs(headers: Headers, cookies: Record<string, string | undefined>): RequestPrefs {
  return {
    locale: resolveLocale({ cookie: cookies['ba-lang'], header: headers.get('think-lang') }),
    theme: cookies['ba-theme'] === 'dark' ? 'dark' : 'light',
    browserTimeZone: validTimeZone(cookies['ba-tz']),
  };
}
