import { Hono } from 'hono';
import type { ApiEnv } from '~/server/http/api-env';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { areaQuerySchema } from './schemas';
import { listAreas } from './service';

/** The division table changes once a year at most, and a release brings it: cache for a day. */
export const AREA_CACHE_CONTROL = 'public, max-age=86400';

/**
 * GET /index/area?province=&city= (no login, spec reference §7): `data` is the flat list
 * `[{value, label}]` of the next level down (provinces, a province's cities, a city's districts).
 */
export const areaRouter = new Hono<ApiEnv>().get('/index/area', async (c) => {
  const { province, city } = parseInput(areaQuerySchema, c.get('query'));
  const list = await listAreas({ province, city });
  c.header('cache-control', AREA_CACHE_CONTROL);
  return ok(c, list);
});
