/**
 * The page route a request is for, read the way Waku's router reads it: `/user/x` for both
 * `GET /user/x` (a document) and `GET /RSC/R/user/x.txt` (a client navigation). Null for server
 * actions, slices and URLs that do not decode. Same result as Waku's
 * `unstable_parseRouterRequest(req).path` (a test holds the two together), without importing
 * `waku/router/server`, which needs the react-server runtime and so cannot load in plain tests.
 */
export function requestRoutePath(req: Request, rscBase = 'RSC'): string | null {
  const { pathname } = new URL(req.url);
  const prefix = `/${rscBase}/`;
  if (!pathname.startsWith(prefix)) return toRoutePath(pathname);
  let rscPath = pathname.slice(prefix.length);
  if (!rscPath.endsWith('.txt')) return null;
  rscPath = rscPath.slice(0, -'.txt'.length);
  if (rscPath.startsWith('_')) rscPath = rscPath.slice(1);
  if (rscPath.endsWith('_')) rscPath = rscPath.slice(0, -1);
  if (!rscPath.startsWith('R/')) return null; // F/… actions, S/… slices
  const route = rscPath.slice(1);
  if (route === '/_root') return '/';
  if (route.startsWith('/__')) return `/_${route.slice(3)}`;
  return route;
}

function toRoutePath(pathname: string): string {
  let p = pathname;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  if (p.endsWith('/index.html')) p = p.slice(0, -'/index.html'.length) || '/';
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p || '/';
}
