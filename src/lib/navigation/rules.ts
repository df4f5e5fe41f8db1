/**
 * Route rules: a small declarative redirect table (the "route-rule redirect" step that runs
 * after route validation and before the named middlewares). Isomorphic and pure; written into
 * the build's route-rules manifest (`/builds/meta/{id}.json`, `matcher.rules`) by
 * scripts/post-build.ts.
 *
 * A source is an exact path or a prefix ending in `/**`; for a prefix source whose target
 * also ends in `/**` the rest of the path is carried over. The query and hash are kept.
 * A target starting with `http(s)://` is external: the client leaves with a full page load.
 */

export interface RouteRule {
  redirect: string;
  /** HTTP status used by the server for first loads. Default 302. */
  statusCode?: 301 | 302 | 307 | 308;
}

export type RouteRules = Readonly<Record<string, RouteRule>>;

export const ROUTE_RULES: RouteRules = {
  '/member': { redirect: '/user' },
  '/member/**': { redirect: '/user/**' },
  '/login': { redirect: '/user/login' },
  '/user/account': { redirect: '/user/account/overview' },
  '/user/claim': { redirect: '/user/claim/list' },
  '/user/file': { redirect: '/user/file/sealfile' },
  '/user/order': { redirect: '/user/order/guzhu' },
  '/user/team': { redirect: '/user/team/teamMange' },
};

export interface RuleMatch {
  source: string;
  rule: RouteRule;
  /** The redirect target for this path (prefix rest substituted), without query or hash. */
  to: string;
}

const strip = (p: string) => (p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p);

/** The rule for `pathname`: an exact source first, then the longest matching prefix source. */
export function matchRule(pathname: string, rules: RouteRules = ROUTE_RULES): RuleMatch | null {
  const path = strip(pathname);
  const exact = Object.hasOwn(rules, path) ? rules[path] : undefined;
  if (exact) return { source: path, rule: exact, to: exact.redirect };
  let best: RuleMatch | null = null;
  for (const [source, rule] of Object.entries(rules)) {
    if (!source.endsWith('/**')) continue;
    const base = source.slice(0, -3);
    if (path !== base && !path.startsWith(`${base}/`)) continue;
    if (best && best.source.length >= source.length) continue;
    const rest = path.slice(base.length); // '' or '/x/y'
    const to = rule.redirect.endsWith('/**') ? `${rule.redirect.slice(0, -3)}${rest}` || '/' : rule.redirect;
    best = { source, rule, to };
  }
  return best;
}

export const isExternalUrl = (to: string) => /^https?:\/\//i.test(to);
