import type { Migration } from './migration';

/**
 * The member's notices in date order (issue #32's review of per-request queries). Version 27 is
 * reserved for it. The bell runs on every member page and the notices page lists by
 * `created_at DESC, id DESC`; with only `(user_id, id)` both read every notice of the member and
 * sorted them. `(user_id, created_at, id)` lets both stop after one page, however long the history.
 */
export const notificationOrderMigrations: Migration[] = [
  {
    version: 27,
    name: "notices: index of a member's notices by date",
    up: [`CREATE INDEX notification_user_created ON notification (user_id, created_at, id)`],
  },
];
