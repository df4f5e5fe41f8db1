/**
 * The endorse area's screens, for route files (`src/pages`) and the invoices area's screens (which
 * share the frame, the status badge, the note form and `endorse.css`). Server code only.
 */
export { OrderEndorseDetailPage } from './detail-page';
export { OrderEndorsePage } from './list-page';
export { OperatorEndorsementsPage } from './queue-page';
export { OperatorEndorseDetailPage } from './review-page';
export { StatusBadge } from './status';
export { EndorseFrame } from './frame';
export { RejectForm } from './note-form';
export { EndorseReconcilePage } from './reconcile-page';
