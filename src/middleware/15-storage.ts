import type { MiddlewareHandler } from 'hono';
import { serveStored, STORAGE_PREFIX } from '~/features/upload';
import { getDb } from '~/server/db/client';
import { resolveRequestSession } from '~/server/session';
import { ensurePortalDatabase } from '~/demo';

let ready: Promise<unknown> | undefined;

/**
 * Uploaded files under `/storage/...`, served by the upload feature (attachment rows and the
 * storage adapter) with their stored type, `nosniff`, a sandbox CSP, and a download disposition
 * for anything but an image. Private files go only to their owner (session cookie or token
 * header) or to a signed URL (`?exp=&sig=`); everyone else gets 404. A middleware rather than a
 * Waku route: it answers before the page context and the page guard do any work; hostile paths
 * were already refused (05-paths) before any lookup.
 */
export default function storageMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    if (!c.req.path.startsWith(STORAGE_PREFIX) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    const db = getDb();
    ready ??= ensurePortalDatabase(db);
    await ready;
    const url = c.req.url;
    const start = url.indexOf(STORAGE_PREFIX, url.indexOf('//') + 2);
    const end = url.indexOf('?', start);
    const auth = await resolveRequestSession(c, db).catch(() => null);
    c.res = await serveStored(db, c.req.method, url.slice(start, end < 0 ? undefined : end), {
      userId: auth?.session?.userId ?? null,
      exp: c.req.query('exp') ?? null,
      sig: c.req.query('sig') ?? null,
    });
  };
}
