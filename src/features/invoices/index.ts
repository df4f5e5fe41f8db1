/** VAT invoice applications (issue #10): sources, applications, operators' issue and reject. */
export { invoicesRouter, issueWithFile } from './router';
export { type ApplyInput, applySchema, INVOICE_PAGE_SIZES, invoiceListSchema, type InvoiceListQuery, SOURCE_TYPES } from './schemas';
export {
  applyInvoice,
  cancelInvoice,
  findVisibleInvoice,
  invoiceDetail,
  listInvoices,
  listSources,
  rejectInvoice,
  splitVat,
  toInvoice as toInvoiceRow,
} from './service';
export { INVOICE_STATUSES, type InvoiceStatus } from './states';
export { seedInvoicesDemo } from './demo';
