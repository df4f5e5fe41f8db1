import type { MiddlewareHandler } from 'hono';
import { resolveNavigation } from '~/lib/navigation/pipeline';

/** A first load of a page: a GET/HEAD for a document, not an RSC fetch, API call or asset. */
export function isDocumentRequest(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const { pathname } = new URL(req.url);
  if (
    pathname.startsWith('/RSC/') ||
    pathname.startsWith('/userapi/') ||
    pathname.startsWith('/assets/') ||
    pathname.startsWith('/builds/')
  )
    return false;
  const dest = req.headers.get('sec-fetch-dest');
  if (dest) return dest === 'document' || dest === 'iframe';
  return (req.headers.get('accept') ?? '').includes('text/html');
}

/**
 * The pre-navigation checks for first loads (the browser runs the same ones before in-app
 * navigations; both call `resolveNavigation` from src/lib/navigation):
 * 1. route validation: an unknown path is left to Waku, whose 404 page says 'Page not found: {path}';
 * 2. route-rule redirect: answered here with its status (302 by default), query kept;
 * 3. named middlewares from the registry: a redirect is answered here, a refusal is a 403,
 *    an unknown middleware name throws (the error middleware turns it into the 500 page).
 */
export default function navigationMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    if (!isDocumentRequest(c.req.raw)) return next();
    const url = new URL(c.req.url);
    const decision = await resolveNavigation(url.pathname + url.search, { side: 'server', origin: url.origin });
    switch (decision.kind) {
      case 'redirect':
        c.res = c.redirect(decision.to, decision.status as 301 | 302 | 307 | 308);
        return;
      case 'abort':
        c.res = c.text(decision.message ?? 'Forbidden', 403);
        return;
      default:
        // proceed, not-found (Waku's 404 answers), document (this already is one)
        return next();
    }
  };
}
