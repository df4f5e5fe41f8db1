/**
 * Notifications (issue #11): rows any area writes inside its own transaction, rendered in the
 * reader's language; the list/read API, the header bell's data, and e-mail copies sent after commit.
 */
export { notificationsRouter } from './router';
export { type NotificationListQuery, notificationListSchema, type NotificationReadInput, notificationReadSchema } from './schemas';
export {
  bellSummary,
  listNotifications,
  localeOf,
  MESSAGE_PARAM,
  markRead,
  markReadByLink,
  type NotificationInput,
  type NotificationMail,
  type NotificationView,
  noteLocale,
  notify,
  rememberLocale,
  renderNotification,
  sendNotificationMail,
  unreadCount,
} from './service';
