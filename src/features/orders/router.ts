import { Hono } from 'hono';
import { writeAudit } from '~/server/audit';
import type { ApiEnv } from '~/server/http/api-env';
import { requireMember, requireRule } from '~/server/session';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { exportQuerySchema } from './schemas';

/**
 * Export of a member's list pages, guarded by the page's `…/export` button rule (the rule that
 * shows the Export button). Orders and claims are not stored yet, so every export is empty and
 * says so; the permission check is real.
 */
export const ordersRouter = new Hono<ApiEnv>().get('/order/export', async (c) => {
  await requireMember(c); // a guest hears 401 before any word about the query
  const { type } = parseInput(exportQuerySchema, c.get('query'));
  const { db, session } = await requireRule(c, `${type}/export`);
  await writeAudit(db, { userId: session.userId, action: 'export', detail: { page: type }, ip: c.get('ip') });
  return ok(c, { list: [], total: 0 }, 'exportEmpty');
});
