/** Invoice rows: the stored shape and its reading, and the lookups that answer 404. */
import { type Db, num } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { visibleUserIds } from '~/server/members';
import type { InvoiceStatus } from './states';

type Row = Record<string, unknown>;

/** One invoice application as stored (money in fen, times Unix seconds). */
export interface Invoice {
  id: number;
  applyNo: string;
  userId: number;
  status: InvoiceStatus;
  kind: 'normal' | 'special';
  titleType: 'company' | 'personal';
  title: string;
  taxpayerId: string;
  address: string;
  phone: string;
  bank: string;
  account: string;
  email: string;
  amount: number;
  invoiceNo: string;
  filePath: string;
  reason: string;
  issuedAt: number | null;
  createdAt: number;
  /** A credit (red-letter) invoice: the invoice it credits; its amount is negative. */
  creditOf: number | null;
}

/** An `invoice` row read. */
export function toInvoice(r: Row): Invoice {
  return {
    id: num(r.id),
    applyNo: String(r.apply_no),
    userId: num(r.user_id),
    status: String(r.status) as InvoiceStatus,
    kind: String(r.kind) as Invoice['kind'],
    titleType: String(r.title_type) as Invoice['titleType'],
    title: String(r.title),
    taxpayerId: String(r.taxpayer_id ?? ''),
    address: String(r.address ?? ''),
    phone: String(r.phone ?? ''),
    bank: String(r.bank ?? ''),
    account: String(r.account ?? ''),
    email: String(r.email ?? ''),
    amount: num(r.amount),
    invoiceNo: String(r.invoice_no ?? ''),
    filePath: String(r.file_path ?? ''),
    reason: String(r.reason ?? ''),
    issuedAt: r.issued_at == null ? null : num(r.issued_at),
    createdAt: num(r.created_at),
    creditOf: r.credit_of == null ? null : num(r.credit_of),
  };
}

/** The 404 of an invoice or source the caller may not see (or that does not exist). */
export const notFound = () => new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });

/** The member's (or team's) invoice, else 404. */
export async function findVisibleInvoice(db: Db, userId: number, id: number): Promise<Invoice> {
  const ids = await visibleUserIds(db, userId);
  const [row] = await db.sql`SELECT * FROM invoice WHERE id = ${id} AND user_id IN ${db.sql(ids)}`;
  if (!row) throw notFound();
  return toInvoice(row);
}

/** Any invoice by id (operators), else 404. */
export async function findInvoice(db: Db, id: number): Promise<Invoice> {
  const [row] = await db.sql`SELECT * FROM invoice WHERE id = ${id}`;
  if (!row) throw notFound();
  return toInvoice(row);
}
