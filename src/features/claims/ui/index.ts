/**
 * The claims area's screens, for route files (`src/pages`) and other areas' UI: the page bodies
 * and the pieces another screen shows (the notification bell's claim texts). Server code only;
 * the area's client components (`claim-form.tsx`, `document-upload.tsx`) are reached through these.
 */
export { ClaimDetailPage } from './detail-page';
export { ClaimListPage } from './list-page';
export { OperatorClaimsPage } from './queue-page';
export { OperatorClaimDetailPage } from './review-page';
