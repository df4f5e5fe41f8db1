/** Endorsements (issue #10): pro-rata premium, the endorsement lifecycle, the roster change, the notice. */
import { onPolicyClosing } from '~/features/orders';
import { endorseClosingStep } from './closing';

// A surrender settles this policy's endorsements in its own transaction.
onPolicyClosing(endorseClosingStep);

export { DataError, dataErrorHandler, isUniqueViolation } from './errors';
export { endorseRouter } from './router';
export { RECONCILE_STREAM_PATH, reconcileRouter } from './reconcile-routes';
export { rosterReminderJob, sendRosterReminders } from './roster-reminder';
export { addDays, daysInclusive, itemPremium, periodDays, premiumDelta, proRata } from './premium';
export { ENDORSE_PAGE_SIZES, endorseListSchema, type EndorseListQuery, itemSchema, personSchema } from './schemas';
export { ENDORSE_STATUSES, type EndorseStatus, memberActions } from './states';
export { textDoc, type TextDoc } from './pdf-lines';
export { approvedChargeSources } from './sources';
export { ordersPort } from './roster';
export { baseEndorseContext, endorseContext } from './router';
export { endorseListSchema as endorseQuerySchema, operatorListSchema, type OperatorListQuery, DOCUMENT_KINDS } from './schemas';
export { type Endorsement, findVisibleEndorsement, siteToday } from './model';
export { endorsementDetail, endorsementRefs, listEndorsements, listForOperator } from './queries';
export { runDueSandbox } from './sandbox';
export { eligiblePolicyList, rosterPage } from './views';
export { seedEndorseDemo } from './demo';
export { type DeskEndorsement, type EndorseDesk, endorseDesk } from './desk';
