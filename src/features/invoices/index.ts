/** VAT invoice applications (issue #10): sources, applications, operators' issue and reject; credits after refunds. */
import './credits'; // registers the refund listener: invoices follow refunds in the refund's transaction
export { invoicesRouter, issueWithFile } from './router';
export { type ApplyInput, applySchema, INVOICE_PAGE_SIZES, invoiceListSchema, type InvoiceListQuery, SOURCE_TYPES } from './schemas';
export { applyInvoice, cancelInvoice, rejectInvoice } from './applications';
export { findVisibleInvoice, toInvoice as toInvoiceRow } from './records';
export { listSources } from './sources';
export { splitVat } from './vat';
export { invoiceDetail, listInvoices } from './views';
export { INVOICE_STATUSES, type InvoiceStatus } from './states';
export { seedInvoicesDemo } from './demo';
export { CREDIT_KIND, CREDIT_OPERATOR_KIND, settleSource } from './credits';
export { type DeskInvoice, type InvoiceDesk, invoiceDesk } from './desk';
