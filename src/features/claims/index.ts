/** Claims from report to payment (issue #11): the state machine, documents, member and operator API, demo claims. */
export { seedClaimsDemo } from './demo';
export { addDocument, claimDocuments, deleteDocument, missingKinds, readClaimFile } from './documents';
export { type Actor, type Claim, MissingDocumentsError, siteToday } from './model';
export {
  allowedActions,
  type ClaimDetail,
  type ClaimListItem,
  claimablePolicies,
  claimDetail,
  csvCell,
  exportRows,
  findClaim,
  insuredOn,
  insuredPersonOn,
  listClaims,
  listQueue,
  requirements,
  toCsv,
  type Viewer,
} from './queries';
export { type ReportResult, reportClaim } from './report';
export { CLAIM_RULE, claimsRouter, OPERATOR_RULE } from './router';
export * from './schemas';
export { approve, markPaid, reject, requestDocuments, resubmit, startReview, withdraw } from './transitions';
