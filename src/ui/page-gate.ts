/**
 * What the page frame shows in place of a page body (decision 0014, "the page gate"). The gate is
 * decided once, per request, by `decidePage` in `~/server/page-guard` — run by middleware 40 for
 * documents and by the interceptor for RSC navigations — and recorded in the portal view
 * (`view.forbidden` = the request's 403). The frame only reads that outcome here; it never asks the
 * database again. `login` is the safety net when a page renders without a member (the middleware
 * normally redirects first).
 */
import type { PortalView } from '~/server/portal';

export type PageGate = 'open' | 'forbidden' | 'login';

export function pageGate(view: Pick<PortalView, 'forbidden' | 'user'>): PageGate {
  if (view.forbidden) return 'forbidden';
  if (!view.user) return 'login';
  return 'open';
}
