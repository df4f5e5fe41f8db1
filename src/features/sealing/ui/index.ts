/**
 * The sealing area's screens (issue #13), for the route files: the member's seal centre, the
 * operator's seal review and the public /verify page. Server code only; the client components
 * (workbench, add forms, actions, the file comparison) are reached through these.
 */
export { SealCentrePage } from './centre';
export { SealReviewPage } from './review';
export { VerifyPage } from './verify-page';
