/**
 * Declares the page a plain page: served without React in the browser (no hydration, no inline
 * RSC payload, no modulepreloads), with the small script of src/lib/plain-page/index.ts instead. The
 * server strips the rest (src/server/http/plain-page.ts) when it finds this marker in <head>.
 *
 * Only for pages whose every island degrades to what its server HTML already does: LangSwitch and
 * ThemeSwitch are form posts (the server sets the cookie and answers 303), `<a data-nav>` links are
 * links, static regions are plain markup; the root layout's islands are covered by the plain-page
 * script.
 * A page with a form island, an upload or a captcha must not render this; behaviour of its own goes
 * into the plain-page script (as /verify's file comparison did). Its route declares the `plain-page`
 * middleware (src/lib/navigation/routes.ts; a test checks both agree), so the browser reaches it by a
 * document request, never by a client navigation that would not bring the script.
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
