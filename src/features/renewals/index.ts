/**
 * Renewals (issue #30): cover-ending reminders, the renewal quote and order of an ending policy,
 * the link between a policy and its renewal, and the operators' list of policies ending soon.
 *
 * - {@link sendCoverEndingReminders}`(db, now)`: the `cover_ending` notices due now, each
 *   (policy, threshold) once; {@link renewalReminderJob} is the scheduler's job object.
 * - {@link renewalQuote} / {@link createRenewal}: GET /renewal/quote, POST /renewal/create.
 * - {@link successorOf} / {@link predecessorOf}: the link (`policy_order.renewal_of`).
 */
export { mayPlace } from './access';
export { CONSOLE_DAYS, type RenewalRow, renewalConsole } from './console';
export { createRenewal, type RenewalCreated } from './create';
export { seedRenewalsDemo } from './demo';
export {
  notRenewable,
  offersRenew,
  predecessorOf,
  type QuotePerson,
  quoteFor,
  RENEW_AFTER_DAYS,
  RENEW_AHEAD_DAYS,
  type RenewalQuote,
  renewalPlan,
  renewalQuote,
  successorOf,
} from './quote';
export {
  DEFAULT_REMINDER_DAYS,
  REMINDER_DAYS_KEY,
  type ReminderRun,
  reminderDays,
  renewalReminderJob,
  sendCoverEndingReminders,
  thresholdFor,
} from './reminders';
export { renewalsRouter } from './router';
export { type RenewalCreateInput, renewalCreateSchema, type RenewalListQuery, renewalListSchema, renewalQuoteSchema } from './schemas';
