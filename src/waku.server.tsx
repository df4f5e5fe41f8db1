import { fsRouter } from 'waku';
import adapter from 'waku/adapters/bun';
import { refuseBadPath } from './middleware/05-paths';
import { applySecurityHeaders } from './server/http/security-headers';

const pages = Object.fromEntries(Object.entries(import.meta.glob('./pages/**/*.{tsx,ts}')).map(([k, v]) => [k.slice('./'.length), v]));

const entry = adapter(fsRouter(pages), {
  middlewareModules: import.meta.glob(['./middleware/*.ts', '!./middleware/*.test.ts']),
  // Uploads set their own limits per route; nothing else needs more than this.
  bodyLimit: { maxSize: 20 * 1024 * 1024 },
});

/**
 * Waku's Bun adapter with two additions: hostile paths (NUL and other control characters, bad
 * percent-encoding, `..` segments) answer 404 before the static file lookup, which runs ahead of
 * any middleware; and baseline security headers on every response, static assets included.
 */
export default {
  ...entry,
  fetch: async (req: Request, ...rest: unknown[]) =>
    applySecurityHeaders(
      refuseBadPath(req) ?? (await (entry.fetch as (r: Request, ...a: unknown[]) => Promise<Response>)(req, ...rest)),
      req,
    ),
};
