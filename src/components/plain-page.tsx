/**
 * Declares the page a plain page: served without React in the browser (no hydration, no inline
 * RSC payload, no modulepreloads), with the small script of src/lib/plain-page.ts instead. The
 * server strips the rest (src/server/http/plain-page.ts) when it finds this marker in <head>.
 *
 * Only for pages whose every island degrades to what its server HTML already does: LangSwitch and
 * ThemeSwitch are form posts (the server sets the cookie and answers 303), `<a data-nav>` links are
 * links, static regions are plain markup; the root layout's islands are covered by the plain-page
 * script.
 * A page with a form island, an upload or a captcha must not render this. On a client navigation
 * (from a hydrated page) the page renders as usual and the marker does nothing.
 */
import type { PlainPageTexts } from '~/lib/plain-page';
import { requestMessages } from '~/lib/http/messages';
import { navMessage } from '~/lib/navigation/messages';
import type { Locale } from '~/lib/types';

export const PLAIN_PAGE_MARKER = { name: 'portal-page', content: 'plain' } as const;

export function PlainPage({ locale }: { locale: Locale }) {
  const texts: PlainPageTexts = {
    close: requestMessages(locale).close,
    menuTypeUnrecognized: navMessage(locale, 'menuTypeUnrecognized'),
  };
  return <meta {...PLAIN_PAGE_MARKER} data-texts={JSON.stringify(texts)} />;
}
