/** A parsed navigation target (isomorphic). */
export interface NavTarget {
  /** Path name as in the URL (percent-encoded), e.g. `/user/iframe/https%3A%2F%2Fa.b`. */
  path: string;
  /** `?a=1` or ''. */
  search: string;
  /** `#x` or ''. */
  hash: string;
  /** path + search + hash (what messages show as `{fullPath}`). */
  fullPath: string;
  query: URLSearchParams;
  /** Another origin than `origin`. */
  external: boolean;
  /** Absolute URL. */
  href: string;
  /** `http:`, `https:`, `javascript:`… */
  protocol: string;
}

const LOCAL = 'http://portal.invalid';

/** Parses `to` relative to `origin` (the page's origin in the browser, the request's on the server). */
export function parseTarget(to: string, origin: string = LOCAL): NavTarget {
  const url = new URL(to, origin === LOCAL ? `${LOCAL}/` : origin);
  const external = url.origin !== new URL(origin).origin;
  return {
    path: url.pathname,
    search: url.search,
    hash: url.hash,
    fullPath: url.pathname + url.search + url.hash,
    query: url.searchParams,
    external,
    href: url.href,
    protocol: url.protocol,
  };
}
