import type { MiddlewareHandler } from 'hono';
import { getRequestContext } from '~/server/context';
import { safeLocalPath } from '~/lib/safe-path';
import { decidePage, isOpenPath } from '~/server/page-guard';
import { renderErrorPage } from '~/server/http/error-page';
import { requestRoutePath } from '~/server/http/route-path';
import { replaceResponse } from '~/server/http/replace-response';
import { getDb } from '~/server/db/client';
import { redeemSignature } from '~/server/session';
import { isOperatorMember, memberPagePermission } from '~/server/permissions';
import { getSiteConfig } from '~/server/site-config';

/** Query strings that name one record (detail and edit pages). */
const RECORD_QUERY = /[?&](id|edit)=/;

/**
 * The member-centre gate for page requests (documents and RSC navigations):
 * signed-link login, closed member centre, login redirect and the 403 for a
 * page outside the member's group. RSC login redirects are thrown by the
 * interceptor (`src/pages/_interceptors/auth-guard.ts`) because Waku's client
 * only follows redirects that come as RSC payloads.
 */
export default function guardMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    const pathname = requestRoutePath(c.req.raw);
    if (!pathname) return next();
    const ctx = getRequestContext();
    const isDocument = !c.req.path.startsWith('/RSC/');
    const inMemberArea = pathname === '/user' || pathname.startsWith('/user/');
    if (!inMemberArea) return next();
    const db = getDb();

    // A closed centre: members see the closed notice; the login page and operators carry on.
    const { openMemberCenter } = await getSiteConfig(db);
    const closedToThisRequest =
      !openMemberCenter && pathname !== '/user/login' && !(ctx.session && (await isOperatorMember(db, ctx.session.userId)));
    if (closedToThisRequest && isDocument) {
      c.res = renderErrorPage({ status: 403, locale: ctx.locale, theme: ctx.theme });
      return;
    }

    const signature = isDocument && c.req.method === 'GET' ? ctx.url.searchParams.get('signature') : null;
    if (signature) {
      const { session } = await redeemSignature(c, db, signature);
      if (!session) {
        c.res = renderErrorPage({ status: 401, locale: ctx.locale, theme: ctx.theme });
        return;
      }
      // Stored as a cookie by redeemSignature; drop it from the URL to keep it out of history and Referer.
      const clean = new URL(ctx.url);
      clean.searchParams.delete('signature');
      c.res = c.redirect(clean.pathname + clean.search, 302);
      return;
    }

    if (pathname === '/user/login') {
      if (ctx.session && isDocument && c.req.method === 'GET') {
        c.res = c.redirect(safeLocalPath(ctx.url.searchParams.get('to')) ?? '/user', 302);
        return;
      }
      return next();
    }

    const permission = ctx.session && !isOpenPath(pathname) ? await memberPagePermission(db, ctx.session, pathname) : 'unknown';
    const decision = decidePage(ctx, pathname, ctx.url.search, () => permission);
    if (decision.kind === 'login') {
      if (isDocument) {
        c.res = c.redirect(decision.to, 302);
        return;
      }
      return next(); // the interceptor answers RSC navigations with a redirect payload
    }
    if (decision.kind === 'forbidden') {
      ctx.status = 403;
      await next();
      if (isDocument && c.res.status === 200) {
        replaceResponse(c, new Response(c.res.body, { status: 403, headers: c.res.headers }));
      }
      return;
    }
    if (isDocument && c.req.method === 'GET' && RECORD_QUERY.test(ctx.url.search)) {
      // A record page (`?id=`, `?edit=`): its status is known only once it has rendered (a missing,
      // deleted or someone else's record answers 404 with the notice in the shell), so its HTML
      // is read to the end before the status goes out.
      await next();
      const html = (c.res.headers.get('content-type') ?? '').includes('text/html');
      if (c.res.status === 200 && html) {
        const body = await c.res.text();
        replaceResponse(c, new Response(body, { status: ctx.status === 404 ? 404 : 200, headers: c.res.headers }));
      }
      return;
    }
    return next();
  };
}
