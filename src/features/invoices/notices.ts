/**
 * Who hears of an invoice's changes (issue #30), inside the transaction of the change: the member
 * who applied when an invoice (or a credit invoice) is issued or an application is rejected (with
 * the operator's reason), and the invoice operators (everyone
 * whose group lists `operator/invoices` explicitly) when a member applies.
 */
import type { SQL } from 'bun';
import { MESSAGE_PARAM, notify } from '~/features/notifications';
import { membersWithRule } from '~/server/permissions';
import type { Invoice } from './records';

/** The invoice's page for its member (as credit notices link it), and for the operators. */
export const invoiceLink = (id: number) => `/user/order/invoiceApply?invoice=${id}`;
export const invoiceReviewLink = (id: number) => `/user/operator/invoiceDetail?id=${id}`;

/** The member: their invoice was issued (`invoice_issued`); a credit invoice says so through `what`. */
export async function notifyInvoiceIssued(tx: SQL, inv: Invoice): Promise<void> {
  const what = `${MESSAGE_PARAM}notify.invoiceWhat.${inv.creditOf === null ? 'invoice' : 'credit'}`;
  const params = { apply_no: inv.applyNo, invoice_no: inv.invoiceNo, amount: inv.amount, what };
  await notify(tx, { userId: inv.userId, kind: 'invoice_issued', params, link: invoiceLink(inv.id) });
}

/** The member: staff rejected their application (`invoice_rejected`, with the reason); they may apply again. */
export async function notifyInvoiceRejected(tx: SQL, inv: Invoice, reason: string): Promise<void> {
  const params = { apply_no: inv.applyNo, amount: inv.amount, reason: reason || '-' };
  await notify(tx, { userId: inv.userId, kind: 'invoice_rejected', params, link: invoiceLink(inv.id) });
}

/** A new application waits for the invoice operators (`work_queued`, queue `invoices`). */
export async function notifyInvoiceQueued(tx: SQL, inv: Invoice): Promise<void> {
  const params = { queue: 'invoices', queue_name: `${MESSAGE_PARAM}notify.queues.invoices`, ref: inv.applyNo, amount: inv.amount };
  for (const op of await membersWithRule(tx, 'operator/invoices')) {
    await notify(tx, { userId: op, kind: 'work_queued', params, link: invoiceReviewLink(inv.id) });
  }
}
