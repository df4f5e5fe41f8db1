import { fsRouter } from 'waku';
import adapter from 'waku/adapters/bun';
import { refuseBadPath } from './middleware/05-paths';
import { join } from 'node:path';
import { indexAssets, serveBuiltAsset } from './server/http/built-assets';
import { addMissingHeaders, applySecurityHeaders } from './server/http/security-headers';
import { traceHeaders } from './server/http/trace';
import { healthResponse } from './server/health';
import { servePage } from './server/page-cache';

const pages = Object.fromEntries(Object.entries(import.meta.glob('./pages/**/*.{tsx,ts}')).map(([k, v]) => [k.slice('./'.length), v]));

const entry = adapter(fsRouter(pages), {
  middlewareModules: import.meta.glob(['./middleware/*.ts', '!./middleware/*.test.ts']),
  // Uploads set their own limits per route; nothing else needs more than this.
  bodyLimit: { maxSize: 20 * 1024 * 1024 },
});

// The server runs from the project folder (scripts/start.ts), where the build is dist/.
const assets = indexAssets(join(process.cwd(), 'dist', 'public'));

/**
 * Waku's Bun adapter with these additions: hostile paths (NUL and other control characters, bad
 * percent-encoding, `..` segments) answer 404 before the static file lookup, which runs ahead of
 * any middleware; the build's hashed assets are served immutable and precompressed
 * (server/http/built-assets.ts); `/healthz` and `/readyz` answer before any middleware
 * (server/health); member pages that allow it are answered from the page cache
 * (server/page-cache); and on every response the baseline security headers, the request id and
 * the instance's name (server/http/trace.ts).
 */
export default {
  ...entry,
  fetch: async (req: Request, ...rest: unknown[]) =>
    addMissingHeaders(
      applySecurityHeaders(
        refuseBadPath(req) ??
          (await healthResponse(req)) ??
          serveBuiltAsset(req, assets) ??
          (await servePage(req, () => (entry.fetch as (r: Request, ...a: unknown[]) => Promise<Response>)(req, ...rest))),
        req,
      ),
      traceHeaders(req),
    ),
};
