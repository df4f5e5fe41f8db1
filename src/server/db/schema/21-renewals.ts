import type { Migration } from './migration';

/**
 * Migrations of renewals (issue #30, item 3). Version 21 is reserved for it.
 *
 * - `policy_order.renewal_of`: the order a renewal order renews (null for a first order). A
 *   column, not a table, so the orders' page-cache trigger moves the member's data version when
 *   the link is written, and both detail pages read the link from the order rows they already load.
 * - `renewal_reminder`: one row per (policy, reminder threshold in days) sent. The primary key is
 *   what makes a reminder go out once: the row and the notice are written in one transaction, and
 *   a second sender (another instance, the same job started twice) finds the row taken and sends
 *   nothing. Operators read it on the renewals page; members never see it (no page-cache trigger:
 *   the notice written beside it moves the member's version).
 */
export const renewalMigrations: Migration[] = [
  {
    version: 21,
    name: 'renewals: policy_order.renewal_of, renewal_reminder (one row per policy and threshold)',
    up: [
      `ALTER TABLE policy_order ADD COLUMN renewal_of INTEGER NULL`,
      `CREATE INDEX policy_order_renewal_of ON policy_order (renewal_of)`,
      `CREATE TABLE renewal_reminder (
        order_id INTEGER NOT NULL,
        days INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        end_date TEXT NOT NULL,
        days_left INTEGER NOT NULL,
        notification_id INTEGER NULL,
        sent_at BIGINT NOT NULL,
        PRIMARY KEY (order_id, days)
      )`,
    ],
  },
];
