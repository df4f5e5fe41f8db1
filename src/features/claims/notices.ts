/**
 * Who hears of a claim's changes: the notification kinds, the pages they link to, and the claim
 * reviewers (operators) who are told when a member reports, resubmits or withdraws.
 */
import type { SQL } from 'bun';
import { membersWithRule } from '~/server/permissions';

/** The notification kind of a claim's status change (texts `notify.claim_status.*`), and its e-mail event. */
export const CLAIM_STATUS_KIND = 'claim_status';
/** The notification kind operators get when a member reports, resubmits or withdraws. */
export const CLAIM_MEMBER_KIND = 'claim_member';

/** The claim's page for its member, and for operators: where a notification leads. */
export const memberLink = (id: number) => `/user/claim/detail?id=${id}`;
export const operatorLink = (id: number) => `/user/operator/claimDetail?id=${id}`;

/** Everyone whose group lists `operator/claims` explicitly (the claim reviewers). */
export const claimReviewers = (tx: SQL): Promise<number[]> => membersWithRule(tx, 'operator/claims');
