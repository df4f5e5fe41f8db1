import type { MiddlewareHandler } from 'hono';
import { apiMessage } from '~/features/_shared/messages';
import { resolveLocale } from '~/lib/locale';
import { renderErrorPage } from '~/server/http/error-page';

/** Why a request path is refused, or null when it may go on to the file system and the router. */
export type BadPathReason = 'control' | 'encoding' | 'dot-segment' | 'too-long';

/**
 * Longest request path taken (as sent, percent-encoded). No route or file is anywhere near it;
 * past PATH_MAX (4096) the static lookup throws ENAMETOOLONG.
 */
export const MAX_PATH_LENGTH = 2048;

/** C0 and C1 control characters and DEL (NUL, CR, LF, ESC, …). */
const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);

function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
}

/** The text with each control character percent-encoded. */
const encodeControls = (text: string) => Array.from(text, (ch) => (isControl(ch.charCodeAt(0)) ? encodeURIComponent(ch) : ch)).join('');

/** The path part of a request URL exactly as it arrived (still percent-encoded), without query or fragment. */
export function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf(':') + 3);
  if (start < 0) return '/';
  let end = url.length;
  for (const mark of ['?', '#']) {
    const at = url.indexOf(mark, start);
    if (at >= 0 && at < end) end = at;
  }
  return url.slice(start, end);
}

const hasDotDot = (path: string) => path.split(/[/\\]/).some((segment) => segment === '..');

/**
 * Checks a raw (percent-encoded) request path: control characters, raw or encoded; percent
 * escapes that are not `%XX` or do not decode to UTF-8; and `..` segments, raw or encoded
 * (`%2e%2e`, `..%2f`, `%5c..%5c`); and paths over MAX_PATH_LENGTH. Bun already folds plain
 * `/a/../b` into `/b`; what is left here would reach the static file lookup or a route decoded.
 */
export function badPathReason(path: string): BadPathReason | null {
  if (path.length > MAX_PATH_LENGTH) return 'too-long';
  if (hasControl(path)) return 'control';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return 'encoding';
  }
  if (hasControl(decoded)) return 'control';
  if (hasDotDot(path) || hasDotDot(decoded)) return 'dot-segment';
  return null;
}

function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The 404 for a refused path: under /userapi/ the API envelope (404001, 'Error requesting
 * address: {url}' in the request's language), elsewhere the small HTML 404 page. Nothing is
 * looked up: no file, no database.
 */
export function refusedPathResponse(req: Request): Response {
  const path = rawPath(req.url);
  const locale = resolveLocale({ cookie: cookieValue(req, 'ba-lang'), header: req.headers.get('think-lang') });
  if (path.startsWith('/userapi/')) {
    // The raw (still encoded) path; a control character that arrived raw is echoed encoded.
    const url = encodeControls(path);
    const body = { code: 404001, message: apiMessage(locale, 'notFound', { url }), data: null, time: Math.floor(Date.now() / 1000) };
    return new Response(JSON.stringify(body), {
      status: 404,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  }
  return renderErrorPage({ status: 404, locale, theme: cookieValue(req, 'ba-theme') });
}

/** The refusal for a request whose path fails `badPathReason`, or null to let it through. */
export function refuseBadPath(req: Request): Response | null {
  return badPathReason(rawPath(req.url)) ? refusedPathResponse(req) : null;
}

/**
 * Refuses hostile paths (control characters, bad percent-encoding, `..` segments, overlong) with a 404
 * before anything looks up a file. In the build, Waku serves static files before the middleware
 * chain, so the server entry (src/waku.server.tsx) calls `refuseBadPath` first too; this
 * middleware covers the chain itself (dev server, and any request the static step passed on).
 */
export default function pathsMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    const refused = refuseBadPath(c.req.raw);
    if (refused) {
      c.res = refused;
      return;
    }
    await next();
  };
}
