/**
 * Every kind of notice the portal sends (issue #30), in one table: which preference group it sits
 * in, who reads it, and whether the member may switch its e-mail/SMS copies off. The bell always
 * shows every kind; preferences only decide the copies. An area that notifies uses a kind from this
 * table and keeps its texts under `notify.<kind>.title` / `.body` in its own messages.
 */

/** Preference groups, shown as one row each on the profile page. */
export const NOTICE_GROUPS = ['money', 'policies', 'endorsements', 'invoices', 'claims', 'team', 'seals', 'renewals', 'work'] as const;
export type NoticeGroup = (typeof NOTICE_GROUPS)[number];

export interface NoticeKind {
  group: NoticeGroup;
  /** `operator`: sent to staff about work waiting in their queues. */
  audience: 'member' | 'operator';
  /** Operator-mandated: e-mail and SMS copies go out whatever the member's preferences say. */
  mandatory?: boolean;
  /** Sent only to members who asked for it (a switch on the profile page, off by default; `notice_opt_in`). */
  optIn?: boolean;
}

export const NOTICE_KINDS = {
  // Balance
  topup_credited: { group: 'money', audience: 'member' },
  topup_rejected: { group: 'money', audience: 'member', mandatory: true },
  // The balance lasts under `runwayAlertDays` at today's headcount (params.days, balance, account, scope, threshold)
  balance_runway: { group: 'money', audience: 'member' },
  // Policies (orders)
  order_paid: { group: 'policies', audience: 'member' },
  order_issued: { group: 'policies', audience: 'member' },
  order_refused: { group: 'policies', audience: 'member', mandatory: true },
  order_surrendered: { group: 'policies', audience: 'member' },
  // Endorsements
  endorse_submitted: { group: 'endorsements', audience: 'member' },
  endorse_approved: { group: 'endorsements', audience: 'member' },
  endorse_rejected: { group: 'endorsements', audience: 'member', mandatory: true },
  endorse_withdrawn: { group: 'endorsements', audience: 'member' },
  // Monthly: upload HR's staff list to reconcile the roster (opt-in)
  roster_reminder: { group: 'endorsements', audience: 'member', optIn: true },
  // Invoices
  invoice_issued: { group: 'invoices', audience: 'member' },
  invoice_credit: { group: 'invoices', audience: 'member' },
  invoice_rejected: { group: 'invoices', audience: 'member', mandatory: true },
  // Claims
  claim_status: { group: 'claims', audience: 'member' },
  // Sub-accounts
  allocation_received: { group: 'team', audience: 'member' },
  allocation_reclaimed: { group: 'team', audience: 'member' },
  // Seals
  seal_approved: { group: 'seals', audience: 'member' },
  seal_rejected: { group: 'seals', audience: 'member', mandatory: true },
  // An approved seal withdrawn by staff: documents can no longer be stamped with it
  seal_revoked: { group: 'seals', audience: 'member', mandatory: true },
  // Renewals: cover ending in 30 / 14 / 3 days (params.days)
  cover_ending: { group: 'renewals', audience: 'member' },
  // Staff: new work in a queue (params.queue: underwriting | endorsements | claims | invoices | topups | seals)
  work_queued: { group: 'work', audience: 'operator' },
  claim_member: { group: 'work', audience: 'operator' },
  invoice_credit_operator: { group: 'work', audience: 'operator' },
} as const satisfies Record<string, NoticeKind>;

export type NoticeKindName = keyof typeof NOTICE_KINDS;

/** The registry entry of a kind, or undefined for a kind this table does not list. */
export function noticeKind(kind: string): NoticeKind | undefined {
  return (NOTICE_KINDS as Record<string, NoticeKind>)[kind];
}
