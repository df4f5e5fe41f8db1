/**
 * The app's page routes (src/pages, as Waku's file router sees them) and the route
 * middlewares each one declares. Isomorphic and pure: the Hono middleware (first loads)
 * and the client (in-app navigation) validate against the same table.
 *
 * Kept by hand so the client does not have to ship Waku's generated types; `routes.test.ts`
 * checks it against the src/pages tree and `scripts/post-build.ts` against the build's
 * route list, so it cannot drift silently.
 */

export interface RouteEntry {
  /** Waku route pattern: literal segments, `[name]` for one dynamic segment. */
  readonly path: string;
  /** Named route middlewares (see middleware.ts), run in this order. */
  readonly middleware?: readonly string[];
}

const MEMBER = ['signed-link'] as const;

export const ROUTES: readonly RouteEntry[] = [
  { path: '/' },
  { path: '/help' },
  { path: '/offer' },
  { path: '/product' },
  { path: '/verify' },
  { path: '/verify/cover' },
  { path: '/user', middleware: MEMBER },
  { path: '/user/login', middleware: MEMBER },
  { path: '/user/help', middleware: MEMBER },
  { path: '/user/notice', middleware: MEMBER },
  { path: '/user/account/balance', middleware: MEMBER },
  { path: '/user/account/changePassword', middleware: MEMBER },
  { path: '/user/account/integral', middleware: MEMBER },
  { path: '/user/account/overview', middleware: MEMBER },
  { path: '/user/account/profile', middleware: MEMBER },
  { path: '/user/operator/topups', middleware: MEMBER },
  { path: '/user/operator/audit', middleware: MEMBER },
  { path: '/user/operator/deliveries', middleware: MEMBER },
  { path: '/user/operator/endorseDetail', middleware: MEMBER },
  { path: '/user/operator/endorsements', middleware: MEMBER },
  { path: '/user/operator/groups', middleware: MEMBER },
  { path: '/user/operator/invoiceDetail', middleware: MEMBER },
  { path: '/user/operator/invoices', middleware: MEMBER },
  { path: '/user/operator/memberDetail', middleware: MEMBER },
  { path: '/user/operator/members', middleware: MEMBER },
  { path: '/user/operator/products', middleware: MEMBER },
  { path: '/user/operator/rules', middleware: MEMBER },
  { path: '/user/operator/settings', middleware: MEMBER },
  { path: '/user/operator/underwriting', middleware: MEMBER },
  { path: '/user/operator/renewals', middleware: MEMBER },
  { path: '/user/renewal', middleware: MEMBER },
  { path: '/user/claim/list', middleware: MEMBER },
  { path: '/user/claim/detail', middleware: MEMBER },
  { path: '/user/operator/claims', middleware: MEMBER },
  { path: '/user/operator/claimDetail', middleware: MEMBER },
  { path: '/user/file/sealfile', middleware: MEMBER },
  { path: '/user/operator/seals', middleware: MEMBER },
  { path: '/user/iframe/[url]', middleware: MEMBER },
  { path: '/user/order/anze', middleware: MEMBER },
  { path: '/user/order/endorse', middleware: MEMBER },
  { path: '/user/order/endorseDetail', middleware: MEMBER },
  { path: '/user/endorse/reconcile', middleware: MEMBER },
  { path: '/user/order/groupDetail', middleware: MEMBER },
  { path: '/user/order/guzhu', middleware: MEMBER },
  { path: '/user/order/invoiceApply', middleware: MEMBER },
  { path: '/user/order/personal', middleware: MEMBER },
  { path: '/user/order/tuanyi', middleware: MEMBER },
  { path: '/user/order/withoutDetail', middleware: MEMBER },
  { path: '/user/team/addAccount', middleware: MEMBER },
  { path: '/user/team/allocation', middleware: MEMBER },
  { path: '/user/team/teamMange', middleware: MEMBER },
];

/** `/a/b/` → `/a/b`; the root stays `/`. */
export function normalizePath(pathname: string): string {
  const p = pathname.replace(/\/{2,}/g, '/');
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p || '/';
}

/** Whether `pattern` (literal segments, `[name]`, `[...name]`) matches `pathname`. */
export function matchPattern(pattern: string, pathname: string): boolean {
  const want = normalizePath(pattern).split('/').slice(1);
  const have = normalizePath(pathname).split('/').slice(1);
  for (let i = 0; i < want.length; i++) {
    const seg = want[i];
    if (/^\[\.\.\.[^\]]+\]$/.test(seg)) return have.length > i && have.slice(i).every(Boolean);
    if (i >= have.length) return false;
    if (/^\[[^\]]+\]$/.test(seg)) {
      if (!have[i]) return false;
      continue;
    }
    if (seg !== have[i]) return false;
  }
  return want.length === have.length;
}

/** The route entry for `pathname`; literal patterns win over dynamic ones. */
export function matchRoute(pathname: string, routes: readonly RouteEntry[] = ROUTES): RouteEntry | null {
  let dynamic: RouteEntry | null = null;
  for (const r of routes) {
    if (!matchPattern(r.path, pathname)) continue;
    if (!r.path.includes('[')) return r;
    dynamic ??= r;
  }
  return dynamic;
}
