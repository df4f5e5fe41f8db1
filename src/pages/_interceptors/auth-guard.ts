import {
  unstable_getRequest as getRequest,
  unstable_parseRouterRequest as parseRouterRequest,
  unstable_redirect as redirect,
  unstable_setNonce as setNonce,
} from 'waku/router/server';
import { tryRequestContext } from '~/server/context';
import { decidePage } from '~/server/page-guard';

/**
 * Runs around every Waku render. Hands the CSP nonce to Waku's inline scripts
 * and turns an anonymous client navigation into `/user/*` into a redirect that
 * Waku's client follows. A layout redirect alone is not a boundary (page and
 * layout render as separate slots), so this is where the RSC guard lives.
 */
export default async function authGuard<T>(next: () => Promise<T>): Promise<T> {
  const ctx = tryRequestContext();
  if (!ctx) return next(); // build-time prerender: no request, no member
  setNonce(ctx.nonce);
  const route = parseRouterRequest(getRequest());
  if (route?.type === 'route') {
    const decision = decidePage(ctx, route.path, route.query ? `?${route.query}` : '', () => 'unknown');
    if (decision.kind === 'login') redirect(decision.to as `/user/login?to=${string}`);
  }
  return next();
}
