import type { MiddlewareHandler } from 'hono';
import { islandPageResponse, readClientManifest } from '~/server/http/island-page';
import { replaceResponse } from '~/server/http/replace-response';

/**
 * Pages leave with the page script and their islands' scripts instead of Waku's client
 * (src/server/http/island-page.ts, decision 0011). Inside the context middleware, so the CSP and
 * cache headers it sets land on the rewritten response.
 */
export default function islandPagesMiddleware(): MiddlewareHandler {
  // Read once: the build does not change under a running server.
  const manifest = readClientManifest();
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'POST') return;
    if (new URL(c.req.url).pathname.startsWith('/RSC/')) return;
    const res = islandPageResponse(c.res, manifest);
    if (res !== c.res) replaceResponse(c, res);
  };
}
