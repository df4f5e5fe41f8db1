import * as v from 'valibot';
import { limitField, pageField } from '~/lib/list';
import { flag, intIn } from '~/lib/schema';
import { NOTICE_GROUPS, NOTICE_KINDS, type NoticeKind, type NoticeKindName } from './kinds';

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

/** A boolean as JSON or a form sends it (`true`/`false`, `1`/`0`, `"on"`). */
const onOff = (message: string) =>
  v.optional(
    v.pipe(
      v.union([v.boolean(), v.picklist(['1', '0', 'true', 'false', 'on', 'off']), v.picklist([1, 0])], message),
      v.transform((x) => x === true || x === '1' || x === 'true' || x === 'on' || x === 1),
    ),
  );

/** POST /userapi/v1/notice/preferences `{group, email?, sms?}`: one group's e-mail / SMS copies. */
export const noticePreferenceSchema = v.pipe(
  v.object({
    group: v.picklist(NOTICE_GROUPS, 'notice.groupInvalid'),
    email: onOff('notice.flagInvalid'),
    sms: onOff('notice.flagInvalid'),
  }),
  v.check((x) => x.email !== undefined || x.sms !== undefined, 'notice.flagInvalid'),
);
export type NoticePreferenceInput = v.InferOutput<typeof noticePreferenceSchema>;

const OPT_IN = (Object.keys(NOTICE_KINDS) as NoticeKindName[]).filter((k) => (NOTICE_KINDS[k] as NoticeKind).optIn === true);

/** POST /userapi/v1/notice/optIn `{kind, on}`: ask for an opt-in kind (kinds.ts `optIn`), or stop it. */
export const noticeOptInSchema = v.object({
  kind: v.picklist(OPT_IN, 'notice.optInInvalid'),
  on: v.pipe(
    v.union([v.boolean(), v.picklist(['1', '0', 'true', 'false', 'on', 'off']), v.picklist([1, 0])], 'notice.flagInvalid'),
    v.transform((x) => x === true || x === '1' || x === 'true' || x === 'on' || x === 1),
  ),
});

/** GET /userapi/v1/notice/deliveries ?status&page&limit (operators). */
export const deliveryListSchema = v.object({
  status: v.optional(v.picklist(['', 'pending', 'sent', 'failed', 'retrying'], 'notice.statusInvalid'), ''),
  page: pageField,
  limit: limitField(),
});
