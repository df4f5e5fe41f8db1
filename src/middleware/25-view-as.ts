import type { MiddlewareHandler } from 'hono';
import { apiMessage } from '~/features/_shared/messages';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { requestRoutePath } from '~/server/http/route-path';
import { recordViewAsPage, viewAsRefusesWrite } from '~/server/session';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * "View as member" on the page side (decision 0016; the API pipeline asks the same
 * `viewAsRefusesWrite`): while an operator views a member's centre, a form post or any other
 * write to a page answers 403 with the read-only message, and every member page seen (document or
 * in-app navigation) is added to the view-as session's list for the audit log.
 */
export default function viewAsMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    const ctx = getRequestContext();
    const viewAs = ctx.session?.viewAs;
    if (!viewAs) return next();
    if (viewAsRefusesWrite(ctx.session, c.req.method, c.req.path)) {
      const text = apiMessage(ctx.locale, 'viewAs.readOnly');
      const back = apiMessage(ctx.locale, 'viewAs.back');
      c.res = c.html(
        `<!DOCTYPE html><html lang="${ctx.locale}" data-theme="${ctx.theme === 'dark' ? 'dark' : 'light'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>403</title><link rel="stylesheet" href="/error-page.css"></head><body><main class="error"><p class="code">403</p><h1>${escapeHtml(text)}</h1><a class="btn" href="/user">${escapeHtml(back)}</a></main></body></html>`,
        403,
      );
      return;
    }
    const path = c.req.method === 'GET' ? requestRoutePath(c.req.raw) : null;
    if (path && (path === '/user' || path.startsWith('/user/'))) {
      const rsc = c.req.path.startsWith('/RSC/');
      const query = rsc ? (ctx.url.searchParams.get('query') ?? '') : ctx.url.search.slice(1);
      // Ignore a failed note rather than fail the page; the session is still audited at its start.
      await recordViewAsPage(getDb(), viewAs.id, query ? `${path}?${query}` : path).catch(() => {});
    }
    return next();
  };
}
