/** The invoices area's screens, for route files (`src/pages`). Server code only. */
export { OrderInvoiceApplyPage } from './apply-page';
export { OperatorInvoicesPage } from './queue-page';
export { OperatorInvoiceDetailPage } from './review-page';
