/**
 * Security headers for every response. Dynamic HTML gets a nonce-based CSP from
 * the context middleware; everything else (static assets, API JSON) gets the
 * strict default here, applied once in the server entry.
 */

import { isProductionRun } from '~/server/runtime-env';

/** Whether the original request came over HTTPS (directly or through a TLS proxy). */
export function isHttps(req: Request): boolean {
  if (new URL(req.url).protocol === 'https:') return true;
  return (req.headers.get('x-forwarded-proto') ?? '').split(',')[0]?.trim() === 'https';
}

/** CSP for a server-rendered page whose inline scripts carry `nonce`. */
export function pageCsp(nonce: string, opts: { frameSrc?: string[]; connectSrc?: string[]; dev?: boolean } = {}): string {
  const frames = opts.frameSrc?.length ? opts.frameSrc.join(' ') : "'none'";
  const script = opts.dev ? "'self' 'unsafe-inline' 'unsafe-eval'" : `'self' 'nonce-${nonce}'`;
  return [
    "default-src 'self'",
    `script-src ${script}`,
    // React and our islands set style attributes; no inline <style> from users.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    // connectSrc: the object store the browser uploads to in direct mode.
    `connect-src 'self'${opts.connectSrc?.length ? ` ${opts.connectSrc.join(' ')}` : ''}${opts.dev ? ' ws: wss:' : ''}`,
    `frame-src ${frames}`,
    "frame-ancestors 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

const STATIC_CSP = "default-src 'none'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'";

/** Sets each header the response does not have yet; copies an immutable response once. */
export function addMissingHeaders(res: Response, headers: Iterable<[string, string]>): Response {
  let out = res;
  for (const [name, value] of headers) {
    if (out.headers.has(name)) continue;
    try {
      out.headers.set(name, value);
    } catch {
      // Immutable headers (e.g. a fetched Response): copy once, then set.
      out = new Response(out.body, out);
      out.headers.set(name, value);
    }
  }
  return out;
}

/** Adds the baseline headers that are missing; never overrides what a handler set. */
export function applySecurityHeaders(res: Response, req: Request): Response {
  const headers: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
    ['content-security-policy', STATIC_CSP],
  ];
  if (isHttps(req) || isProductionRun()) headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return addMissingHeaders(res, headers);
}
