import type { MiddlewareHandler } from 'hono';
import { plainPageResponse, plainPageScriptUrl } from '~/server/http/plain-page';
import { replaceResponse } from '~/server/http/replace-response';

const DEV = Boolean(import.meta.env?.DEV);

/**
 * Pages that declare themselves plain (src/components/plain-page.tsx) leave without React's
 * hydration scripts and with the plain-page script (src/server/http/plain-page.ts). Inside the
 * context middleware, so the CSP and cache headers it sets land on the rewritten response.
 */
export default function plainPagesMiddleware(): MiddlewareHandler {
  // Listed once: the build does not change under a running server.
  const scriptUrl = plainPageScriptUrl(DEV);
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'POST') return;
    if (new URL(c.req.url).pathname.startsWith('/RSC/')) return;
    const res = plainPageResponse(c.res, scriptUrl);
    if (res !== c.res) replaceResponse(c, res);
  };
}
