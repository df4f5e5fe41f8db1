import type { MiddlewareHandler } from 'hono';
import { api } from '~/server/api';

/** Mounts the `/userapi/v1` JSON API (a Hono sub-app) in front of Waku. */
export default function userApiMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    if (!c.req.path.startsWith('/userapi/')) return next();
    // Assign rather than return: outer middleware must see the real status.
    // c.env carries Bun's server, which the API uses for the client address.
    c.res = await api.fetch(c.req.raw, c.env);
  };
}
