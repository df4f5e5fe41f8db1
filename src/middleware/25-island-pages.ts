import type { MiddlewareHandler } from 'hono';
import { devClientManifest, serveDevClient } from '~/server/http/dev-client';
import { type ClientManifest, islandPageResponse, readClientManifest, SPECULATION_RULES_PATH } from '~/server/http/island-page';
import { replaceResponse } from '~/server/http/replace-response';

const DEV = Boolean(import.meta.env?.DEV);

/**
 * Pages leave with the page script and their islands' scripts instead of Waku's client
 * (src/server/http/island-page.ts, decision 0011). Inside the context middleware, so the CSP and
 * cache headers it sets land on the rewritten response. Every page names the speculation rules
 * that prefetch in-app links on hover. Under `waku dev` the scripts are built on demand and served
 * from here (src/server/http/dev-client.ts).
 */
export default function islandPagesMiddleware(): MiddlewareHandler {
  // Read once: the build does not change under a running server.
  const built = DEV ? null : readClientManifest();
  return async (c, next) => {
    if (DEV) {
      const file = serveDevClient(c.req.path);
      if (file) {
        c.res = file;
        return;
      }
    }
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'POST') return;
    if (c.req.path.startsWith('/RSC/')) return;
    if (!(c.res.headers.get('content-type') ?? '').startsWith('text/html')) return;
    const manifest: ClientManifest | null = DEV ? await devClientManifest() : built;
    const res = islandPageResponse(c.res, manifest);
    if (res !== c.res) replaceResponse(c, res);
    c.res.headers.set('speculation-rules', `"${SPECULATION_RULES_PATH}"`);
  };
}
