/** The VAT invoice application's states and transitions (issue #10), as data. */

export const INVOICE_STATUSES = ['applied', 'issued', 'rejected', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Invoice transitions: all from `applied`; `rejected` and `cancelled` free the amounts. */
export const INVOICE_TRANSITIONS = {
  issue: { from: ['applied'], to: 'issued' },
  reject: { from: ['applied'], to: 'rejected' },
  cancel: { from: ['applied'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly InvoiceStatus[]; to: InvoiceStatus }>;
export type InvoiceTransition = keyof typeof INVOICE_TRANSITIONS;

export const canInvoice = (status: string, t: InvoiceTransition): boolean =>
  (INVOICE_TRANSITIONS[t].from as readonly string[]).includes(status);

/** The invoice's life for the step indicator (issue #29): requested → issued; rejected or cancelled after the request. */
export const INVOICE_STEPS = [
  { key: 'applied', statuses: ['applied'] },
  { key: 'issued', statuses: ['issued'] },
] as const;
export const INVOICE_FAILURES = { rejected: 'applied', cancelled: 'applied' } as const;
