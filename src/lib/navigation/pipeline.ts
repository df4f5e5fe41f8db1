/**
 * The checks that run before every navigation, in this order (spec §4):
 *   1. route validation: the path must be a page of the app (routes.ts) or the source of a
 *      route rule, else `not-found` ('Page Not Found: {fullPath}');
 *   2. route-rule redirect (rules.ts): follow it (external targets: full page load);
 *   3. the route's named middlewares (middleware.ts), in declaration order; an unknown name
 *      throws `Unknown route middleware: {name}`.
 * A redirect from step 2 or 3 starts the checks again for the new target (at most 10 hops).
 *
 * Pure and isomorphic: the server (src/middleware/35-navigation.ts) and the browser
 * (src/lib/navigation/browser.ts) both call `resolveNavigation` and act on its decision.
 * Synchronous when every middleware is (so a link click can decide before the default
 * action), a Promise otherwise.
 */
import { matchRoute, ROUTES, type RouteEntry } from './routes';
import { isExternalUrl, matchRule, ROUTE_RULES, type RouteRules } from './rules';
import {
  registry as defaultRegistry,
  resolveMiddlewares,
  type MiddlewareContext,
  type MiddlewareRegistry,
  type MiddlewareResult,
  type Side,
} from './middleware';
import { parseTarget, type NavTarget } from './target';

export type NavigationDecision =
  /** Go there as an in-app navigation (client) / let the page answer (server). */
  | { kind: 'proceed'; to: string; redirected: boolean }
  /** A redirect from a route rule or middleware to an in-app path (the server answers it with `status`). */
  | { kind: 'redirect'; to: string; status: number; external: false }
  /** Leave the app: full page load of an http(s) URL. */
  | { kind: 'redirect'; to: string; status: number; external: true }
  /** Full page load of an in-app target (a middleware asked for it). */
  | { kind: 'document'; to: string }
  /** Route validation failed. */
  | { kind: 'not-found'; fullPath: string }
  /** Refused: a middleware's message, an unsafe protocol or an external URL without `external: true`. */
  | { kind: 'abort'; reason: 'middleware' | 'unsafe-protocol' | 'external-not-allowed'; message?: string; to: string };

export interface ResolveOptions {
  side: Side;
  /** The page's (browser) or request's (server) origin, for telling external URLs apart. */
  origin?: string;
  /** Current location (client). */
  from?: string;
  /** Allow an http(s) URL on another origin as the navigation target itself. */
  external?: boolean;
  routes?: readonly RouteEntry[];
  rules?: RouteRules;
  registry?: MiddlewareRegistry;
  /** Called for each step, in order (tests and debugging). */
  trace?: (step: 'validate' | 'rule' | 'middleware', detail: string) => void;
}

export const MAX_REDIRECTS = 10;

type Maybe<T> = T | Promise<T>;
const isThenable = <T>(v: Maybe<T>): v is Promise<T> => !!v && typeof (v as Promise<T>).then === 'function';
const then = <T, U>(v: Maybe<T>, f: (x: T) => Maybe<U>): Maybe<U> => (isThenable(v) ? v.then(f) : f(v));

function runChain(fns: ReturnType<typeof resolveMiddlewares>, i: number, to: NavTarget, ctx: MiddlewareContext): Maybe<MiddlewareResult> {
  for (; i < fns.length; i++) {
    const r = fns[i](to, ctx);
    if (isThenable(r)) return r.then((v) => (v ? v : runChain(fns, i + 1, to, ctx)));
    if (r) return r;
  }
  return undefined;
}

export function resolveNavigation(to: string, opts: ResolveOptions): Maybe<NavigationDecision> {
  const origin = opts.origin ?? 'http://portal.invalid';
  const routes = opts.routes ?? ROUTES;
  const rules = opts.rules ?? ROUTE_RULES;
  const reg = opts.registry ?? defaultRegistry;
  const ctx: MiddlewareContext = { side: opts.side, from: opts.from ? parseTarget(opts.from, origin) : undefined };
  const trace = opts.trace ?? (() => {});

  const first = parseTarget(to, origin);
  if (first.protocol !== 'http:' && first.protocol !== 'https:') {
    return { kind: 'abort', reason: 'unsafe-protocol', to };
  }
  if (first.external) {
    return opts.external
      ? { kind: 'redirect', to: first.href, status: 302, external: true }
      : { kind: 'abort', reason: 'external-not-allowed', to };
  }

  const step = (target: NavTarget, hops: number, status: number | null): Maybe<NavigationDecision> => {
    const redirectTo = (next: string, code: number): Maybe<NavigationDecision> => {
      if (hops >= MAX_REDIRECTS) throw new Error(`Too many navigation redirects (last: ${next})`);
      if (isExternalUrl(next) && parseTarget(next, origin).external) return { kind: 'redirect', to: next, status: code, external: true };
      const t = parseTarget(next, origin);
      if (t.protocol !== 'http:' && t.protocol !== 'https:') return { kind: 'abort', reason: 'unsafe-protocol', to: next };
      return step(t, hops + 1, code);
    };
    // 1. route validation
    trace('validate', target.path);
    const route = matchRoute(target.path, routes);
    const rule = matchRule(target.path, rules);
    if (!route && !rule) return { kind: 'not-found', fullPath: target.fullPath };
    // 2. route-rule redirect (query and hash carried over)
    if (rule) {
      trace('rule', `${rule.source} -> ${rule.to}`);
      const next = isExternalUrl(rule.to) ? rule.to : rule.to + target.search + target.hash;
      return redirectTo(next, rule.rule.statusCode ?? 302);
    }
    // 3. named middlewares
    const fns = resolveMiddlewares(route!.middleware ?? [], reg);
    trace('middleware', (route!.middleware ?? []).join(',') || '-');
    return then(runChain(fns, 0, target, ctx), (r): Maybe<NavigationDecision> => {
      if (r && 'redirect' in r) return redirectTo(r.redirect, 302);
      if (r && 'abort' in r) return { kind: 'abort', reason: 'middleware', message: r.abort, to: target.fullPath };
      if (r && 'document' in r) return { kind: 'document', to: target.fullPath };
      if (status !== null && opts.side === 'server') return { kind: 'redirect', to: target.fullPath, status, external: false };
      return { kind: 'proceed', to: target.fullPath, redirected: status !== null };
    });
  };
  return step(first, 0, null);
}
