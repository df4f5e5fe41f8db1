import * as v from 'valibot';
import { limitField, pageField } from '~/lib/list';
import { flag, intIn } from '~/lib/schema';

/** GET /userapi/v1/notification/list ?unread&page&limit */
export const notificationListSchema = v.object({
  unread: flag(),
  page: pageField,
  limit: limitField(),
});
export type NotificationListQuery = v.InferOutput<typeof notificationListSchema>;

/** POST /userapi/v1/notification/read `{ids: [1, 2]}` or `{all: true}` */
export const notificationReadSchema = v.union(
  [
    v.object({ all: v.literal(true, 'notification.readInvalid') }),
    v.object({
      ids: v.pipe(
        v.array(intIn(1, Number.MAX_SAFE_INTEGER, 'notification.readInvalid'), 'notification.readInvalid'),
        v.minLength(1, 'notification.readInvalid'),
        v.maxLength(100, 'notification.readInvalid'),
      ),
    }),
  ],
  'notification.readInvalid',
);
export type NotificationReadInput = v.InferOutput<typeof notificationReadSchema>;
