/**
 * True when a state-changing browser request comes from our own origin.
 * Uses Origin when present, else Sec-Fetch-Site; a request with neither
 * (curl, server-to-server) carries no ambient browser credentials risk here
 * only if it is not cookie-authenticated, so callers decide what to do with it.
 */
export function isSameOrigin(req: Request): boolean {
  const origin = req.headers.get('origin');
  const here = new URL(req.url);
  if (origin) {
    if (origin === 'null') return false;
    try {
      const o = new URL(origin);
      // A TLS-terminating proxy: browser sees https, we see http on the same host.
      return o.origin === here.origin || (here.protocol === 'http:' && o.protocol === 'https:' && o.host === here.host);
    } catch {
      return false;
    }
  }
  const site = req.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}
