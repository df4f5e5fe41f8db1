import type { Context } from 'hono';

/**
 * Replaces `c.res` outright. Hono's setter merges the old response's headers
 * over the new one (old wins), which would leak e.g. a stale CSP or
 * content-length into an error page; clearing first avoids that.
 */
export function replaceResponse(c: Context, res: Response): void {
  (c as unknown as { res: Response | undefined }).res = undefined;
  c.res = res;
}
