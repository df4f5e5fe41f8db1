/** Claims from report to payment (issue #11): the state machine, documents, member and operator API, demo claims. */
export { seedClaimsDemo } from './demo';
export { addDocument, claimDocuments, deleteDocument, missingKinds, readClaimFile } from './documents';
export { type Actor, type Claim, MissingDocumentsError, siteToday } from './model';
export { csvCell, exportRows, toCsv } from './export';
export {
  allowedActions,
  type ClaimDetail,
  type ClaimListItem,
  claimDetail,
  findClaim,
  listClaims,
  listQueue,
  type Viewer,
} from './queries';
export { claimablePolicies, insuredOn, insuredPersonOn, requirements } from './report-lookups';
export { type ReportResult, reportClaim } from './report';
export { CLAIM_RULE, claimsRouter, OPERATOR_RULE } from './router';
export * from './schemas';
export { approve, markPaid, reject, requestDocuments, resubmit, startReview, withdraw } from './transitions';
export { type ClaimDesk, claimDesk, type DeskClaim } from './desk';
