import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { renderErrorPage } from '~/server/http/error-page';
import { resolveLocale } from '~/lib/locale';
import { replaceResponse } from '~/server/http/replace-response';
import { requestIdOf } from '~/server/http/trace';

/**
 * Outermost middleware: a thrown error or a 5xx HTML answer becomes our own
 * server-error page (HTTP 500, no stack trace). RSC and API answers keep their
 * own error formats; the API already answers with an envelope.
 */
export default function errorsMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    const pathname = new URL(c.req.url).pathname;
    const isHtmlRoute = !pathname.startsWith('/RSC/') && !pathname.startsWith('/userapi/');
    const errorPage = () =>
      renderErrorPage({
        status: 500,
        locale: resolveLocale({ cookie: getCookie(c, 'ba-lang'), header: c.req.header('think-lang') }),
        theme: getCookie(c, 'ba-theme'),
      });
    try {
      await next();
    } catch (err) {
      console.error(`[req ${requestIdOf(c.req.raw)}] ${c.req.method} ${pathname}:`, err instanceof Error ? err.message : err);
      replaceResponse(c, isHtmlRoute ? errorPage() : new Response('Internal Server Error', { status: 500 }));
      return;
    }
    if (c.res.status >= 500 && isHtmlRoute && c.req.header('accept')?.includes('text/html')) {
      replaceResponse(c, errorPage());
    }
  };
}
