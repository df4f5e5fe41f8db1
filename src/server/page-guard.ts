import { safeLocalPath } from '~/lib/safe-path';
import type { RequestContext } from './context';

/** What the member-centre guard decided for one page request. */
export type GuardDecision = { kind: 'open' } | { kind: 'login'; to: string } | { kind: 'forbidden' } | { kind: 'member' };

/** Paths that never need a login (spec §6: noNeedLogin routes). */
export function isOpenPath(pathname: string): boolean {
  return !(pathname === '/user' || pathname.startsWith('/user/')) || pathname === '/user/login';
}

/**
 * The one auth decision for `/user/*` pages, shared by the document middleware
 * (302) and the RSC interceptor (client navigation), so the two cannot drift.
 */
export function decidePage(
  ctx: Pick<RequestContext, 'session'> & { sessionProblem?: RequestContext['sessionProblem'] },
  pathname: string,
  search: string,
  permission: (pathname: string) => 'allowed' | 'forbidden' | 'unknown',
): GuardDecision {
  if (isOpenPath(pathname)) return { kind: 'open' };
  if (!ctx.session) {
    const to = loginUrlFor(pathname + search);
    // A disabled member is sent to the login form with the reason.
    return { kind: 'login', to: ctx.sessionProblem === 'disabled' ? `${to}&error=auth.accountDisabled` : to };
  }
  return permission(pathname) === 'forbidden' ? { kind: 'forbidden' } : { kind: 'member' };
}

/** `/user/login?to=…` for a same-origin path. */
export function loginUrlFor(target: string): string {
  return `/user/login?to=${encodeURIComponent(safeLocalPath(target) ?? '/user')}`;
}
