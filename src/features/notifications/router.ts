import { Hono } from 'hono';
import type { ApiEnv } from '~/server/http/api-env';
import { requireMember, requireOperator } from '~/server/session';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { listDeliveries } from './delivery';
import { getPreferences, saveOptIn, savePreference } from './preferences';
import { deliveryListSchema, noticeOptInSchema, noticePreferenceSchema, notificationListSchema, notificationReadSchema } from './schemas';
import { listNotifications, markRead } from './service';

/** The operators' delivery log (page /user/operator/deliveries). */
export const DELIVERY_RULE = 'operator/deliveries';

/**
 * The notification service's API. Any signed-in member (operators too) reads only their own
 * notices: another member's ids are never listed and marking them changes nothing.
 *
 * - GET /notice/list?unread&page&limit → `{list, total, unread}` (rendered in the request's language)
 * - POST /notice/read `{ids}` | `{all: true}` → `{unread}`
 * - GET /notice/preferences → `{groups: [{group, email, sms, mandatory}], bound: {email, mobile}}`
 * - POST /notice/preferences `{group, email?, sms?}` → the preferences after the change
 * - POST /notice/optIn `{kind, on}` → the preferences after the change (`opt_in`: kinds off until asked for)
 * - GET /notice/deliveries?status&page&limit → `{list, total}` (operators: the delivery log)
 *
 * `/notification/list` and `/notification/read` answer as before (aliases for older clients).
 */
export const notificationsRouter = new Hono<ApiEnv>()
  .get('/notice/list', async (c) => {
    const { db, session } = await requireMember(c);
    const q = parseInput(notificationListSchema, c.get('query'));
    return ok(c, await listNotifications(db, session.userId, q, c.get('locale')));
  })
  .post('/notice/read', async (c) => {
    const { db, session } = await requireMember(c);
    const input = parseInput(notificationReadSchema, c.get('body'));
    return ok(c, await markRead(db, session.userId, input), 'notification.marked');
  })
  .get('/notice/preferences', async (c) => {
    const { db, session } = await requireMember(c);
    return ok(c, await getPreferences(db, session.userId));
  })
  .post('/notice/preferences', async (c) => {
    const { db, session } = await requireMember(c);
    const input = parseInput(noticePreferenceSchema, c.get('body'));
    return ok(c, await savePreference(db, session.userId, input), 'notice.saved');
  })
  .post('/notice/optIn', async (c) => {
    const { db, session } = await requireMember(c);
    const input = parseInput(noticeOptInSchema, c.get('body'));
    return ok(c, await saveOptIn(db, session.userId, input), 'notice.saved');
  })
  .get('/notice/deliveries', async (c) => {
    const { db } = await requireOperator(c, DELIVERY_RULE);
    const q = parseInput(deliveryListSchema, c.get('query'));
    return ok(c, await listDeliveries(db, q, c.get('locale')));
  })
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
