/**
 * Named route middlewares: a registry filled with `defineMiddleware(name, fn)`; routes declare
 * the names they need (routes.ts). The same registry runs on the server (first loads, Hono
 * middleware 35-navigation) and in the browser (`<a data-nav>` clicks, `navigate()`), so the two
 * cannot drift. A name that is not registered is a programming error: it throws
 * `Unknown route middleware: {name}`.
 *
 * A middleware returns nothing to let the navigation continue, or one of:
 * - `{ redirect: '/path' }` (or an http(s) URL): go there instead (runs the checks again);
 * - `{ document: true }`: the browser must load the target with a full page load
 *   (the server, already answering a document request, just continues);
 * - `{ abort: message }`: refuse; the browser shows the message, the server answers 403.
 * It may be async; keep the common case synchronous so a link click can decide at once.
 */
import type { NavTarget } from './target';

export type Side = 'server' | 'client';

export interface MiddlewareContext {
  side: Side;
  /** Where the navigation starts (client only). */
  from?: NavTarget;
}

export type MiddlewareResult = undefined | undefined | { redirect: string } | { document: true } | { abort: string };

export type RouteMiddleware = (to: NavTarget, ctx: MiddlewareContext) => MiddlewareResult | Promise<MiddlewareResult>;

export type MiddlewareRegistry = Map<string, RouteMiddleware>;

/** The app's registry. Tests build their own with `createRegistry()`. */
export const registry: MiddlewareRegistry = new Map();

export function createRegistry(): MiddlewareRegistry {
  return new Map();
}

export function defineMiddleware(name: string, fn: RouteMiddleware, into: MiddlewareRegistry = registry): RouteMiddleware {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`Invalid route middleware name: ${name}`);
  into.set(name, fn);
  return fn;
}

export class UnknownMiddlewareError extends Error {
  constructor(readonly middlewareName: string) {
    super(`Unknown route middleware: ${middlewareName}`);
    this.name = 'UnknownMiddlewareError';
  }
}

/** Looks every name up first, so an unknown name fails before any middleware runs. */
export function resolveMiddlewares(names: readonly string[], from: MiddlewareRegistry = registry): RouteMiddleware[] {
  return names.map((name) => {
    const fn = from.get(name);
    if (!fn) throw new UnknownMiddlewareError(name);
    return fn;
  });
}

/**
 * `signed-link`: a `?signature=` link logs the member in (spec §4). Only the server can redeem
 * it (and drop it from the URL), so an in-app navigation to such a link becomes a full page
 * load; on the server the member-centre guard (40-guard) takes over.
 */
defineMiddleware('signed-link', (to, ctx) => {
  if (ctx.side === 'client' && to.query.has('signature')) return { document: true };
});
