/** Invoices as the API and the operator pages show them: list rows, the list, one invoice's detail. */
import { fenToYuan } from '~/lib/money';
import { type Db, num } from '~/server/db/client';
import { anyColumnContains } from '~/server/db/contains';
import { statusEvent } from '~/server/db/events';
import { type Invoice, toInvoice } from './records';
import type { InvoiceListQuery } from './schemas';

type Row = Record<string, unknown>;

/** One list row as the API answers it. */
export function viewInvoiceRow(i: Invoice) {
  return {
    id: i.id,
    apply_no: i.applyNo,
    status: i.status,
    kind: i.kind,
    title: i.title,
    amount: fenToYuan(i.amount),
    invoice_no: i.invoiceNo,
    reason: i.reason,
    created_at: i.createdAt,
    /** A credit (red-letter) invoice: the id of the invoice it credits. */
    credit_of: i.creditOf,
  };
}

/** Invoices of these members (all members when null), newest first. */
export async function listInvoices(db: Db, userIds: number[] | null, q: InvoiceListQuery) {
  const sql = db.sql;
  const parts = [userIds ? sql`user_id IN ${sql(userIds)}` : sql`1 = 1`];
  if (q.status) parts.push(sql`status = ${q.status}`);
  if (q.keyword) parts.push(anyColumnContains(sql, ['apply_no', 'title', 'invoice_no'], q.keyword));
  const where = parts.reduce((acc, p) => sql`${acc} AND ${p}`);
  const [agg] = await sql`SELECT COUNT(*) AS n FROM invoice WHERE ${where}`;
  const total = num(agg.n);
  if (!total) return { list: [], total };
  const rows = await sql`SELECT * FROM invoice WHERE ${where} ORDER BY id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return { list: rows.map((r: Row) => ({ ...viewInvoiceRow(toInvoice(r)), user_id: num(r.user_id) })), total };
}

/** The detail as the API answers it. */
export async function invoiceDetail(db: Db, inv: Invoice, fileUrl: string) {
  const items: Row[] = await db.sql`SELECT * FROM invoice_item WHERE invoice_id = ${inv.id} ORDER BY id`;
  const events: Row[] = await db.sql`SELECT * FROM invoice_event WHERE invoice_id = ${inv.id} ORDER BY id`;
  return {
    invoice: {
      ...viewInvoiceRow(inv),
      title_type: inv.titleType,
      taxpayer_id: inv.taxpayerId,
      address: inv.address,
      phone: inv.phone,
      bank: inv.bank,
      account: inv.account,
      email: inv.email,
      issued_at: inv.issuedAt,
    },
    items: items.map((r: Row) => ({
      source_type: String(r.source_type),
      source_id: num(r.source_id),
      ref_no: String(r.ref_no),
      amount: fenToYuan(num(r.amount)),
      active: num(r.active) === 1,
    })),
    timeline: events.map(statusEvent),
    file_url: inv.status === 'issued' ? fileUrl : '',
  };
}
