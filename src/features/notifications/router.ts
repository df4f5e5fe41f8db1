import { Hono } from 'hono';
import type { ApiEnv } from '~/server/http/api-env';
import { requireMember } from '~/server/session';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { notificationListSchema, notificationReadSchema } from './schemas';
import { listNotifications, markRead } from './service';

/**
 * GET /notification/list?unread&page&limit → `{list, total, unread}` (the caller's own, in the
 * request's language); POST /notification/read `{ids}` | `{all: true}` → `{unread}`.
 * Any signed-in member (operators too): notifications are never another's.
 */
export const notificationsRouter = new Hono<ApiEnv>()
  .get('/notification/list', async (c) => {
    const { db, session } = await requireMember(c);
    const q = parseInput(notificationListSchema, c.get('query'));
    return ok(c, await listNotifications(db, session.userId, q, c.get('locale')));
  })
  .post('/notification/read', async (c) => {
    const { db, session } = await requireMember(c);
    const input = parseInput(notificationReadSchema, c.get('body'));
    return ok(c, await markRead(db, session.userId, input), 'notification.marked');
  });
