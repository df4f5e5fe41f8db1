/**
 * Notifications (issues #11, #30): rows any area writes inside its own transaction with
 * `notify()`, rendered in the reader's language; e-mail/SMS copies recorded as deliveries in the
 * same transaction, sent after commit and retried with backoff (`noticeRetriesJob`); preferences
 * per group; the list/read/preferences API, the bell, the notices page.
 */
export { notificationsRouter } from './router';
export { type NotificationListQuery, notificationListSchema, type NotificationReadInput, notificationReadSchema } from './schemas';
export { NOTICE_GROUPS, NOTICE_KINDS, type NoticeGroup, type NoticeKindName, noticeKind } from './kinds';
export {
  type DeliveryView,
  dispatchDeliveries,
  listDeliveries,
  noticeRetriesJob,
  pagePath,
  portalUrl,
  RETRY_BACKOFF,
  retryDueDeliveries,
} from './delivery';
export { getPreferences, type NoticePreferences, savePreference } from './preferences';
export {
  bellSummary,
  listNotifications,
  localeOf,
  MESSAGE_PARAM,
  markRead,
  markReadByLink,
  type NotificationInput,
  type NotificationView,
  noteLocale,
  notify,
  rememberLocale,
  renderNotification,
  unreadCount,
} from './service';
export { seedNoticeDemo } from './demo';
