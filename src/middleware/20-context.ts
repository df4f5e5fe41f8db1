import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { readPrefs } from '~/server/http/request-prefs';
import { requestStore, type RequestContext } from '~/server/context';
import { requestRoutePath } from '~/server/http/route-path';
import { pageCsp } from '~/server/http/security-headers';
import { requestIdOf } from '~/server/http/trace';
import { getDb } from '~/server/db/client';
import { ensurePortalDatabase } from '~/demo';
import { directUploadOrigins } from '~/features/upload';
import { clientIp, resolveRequestSession } from '~/server/session';
import { getSiteConfig } from '~/server/site-config';
import { sessionResolvedByPageCache } from '~/server/page-cache';

const DEV = Boolean(import.meta.env?.DEV);
/** The object store's origin when direct uploads are configured (read once: it comes from the environment). */
const UPLOAD_ORIGINS = directUploadOrigins();
let ready: Promise<unknown> | undefined;

/**
 * Opens the per-request context for pages: locale, theme, CSP nonce and the
 * member's session (auth cookie or signature cookie). Pages, layouts, actions
 * and interceptors read it through `getRequestContext()`.
 */
export default function contextMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    const db = getDb();
    // `bun run start` migrates before serving; this covers `bun dev` and a bare dist/serve-bun.js.
    ready ??= ensurePortalDatabase(db);
    await ready;
    const url = new URL(c.req.url);
    // The page cache resolved the same cookie already when it looked this page up.
    const resolved = sessionResolvedByPageCache() ?? (await resolveRequestSession(c, db));
    const ctx: RequestContext = {
      requestId: requestIdOf(c.req.raw),
      nonce: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64'),
      ...readPrefs(c.req.raw.headers, getCookie(c)),
      url,
      pathname: requestRoutePath(c.req.raw) ?? url.pathname,
      session: resolved.session,
      dataVersion: resolved.dataVersion ?? 0,
      sessionProblem: resolved.problem,
      ip: clientIp(c),
    };
    await requestStore.run(ctx, next);
    const type = c.res.headers.get('content-type') ?? '';
    if (type.startsWith('text/html') && !c.res.headers.has('content-security-policy')) {
      // Every page, not only /user/iframe/*.
      // Inside the request's scope, so the config version read of this request is reused.
      const site = await requestStore.run(ctx, () => getSiteConfig(db));
      const frameSrc = site.iframeHosts.flatMap((h) => [`https://${h}`, `http://${h}`]);
      c.res.headers.set('content-security-policy', pageCsp(ctx.nonce, { frameSrc, connectSrc: UPLOAD_ORIGINS, dev: DEV }));
    }
    if (type.startsWith('text/html') || url.pathname.startsWith('/RSC/')) {
      // Pages carry per-member data: never let a shared cache keep them.
      c.res.headers.set('cache-control', 'private, no-store');
    }
  };
}
