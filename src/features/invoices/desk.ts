/**
 * The invoices' part of the member's desk (the account overview, #29): applications the broker has
 * not issued yet (credit invoices left out: the member did not ask for them). For the records a
 * member may see.
 */
import { type Db, num } from '~/server/db/client';

export interface DeskInvoice {
  id: number;
  applyNo: string;
  amount: number;
  createdAt: number;
}

export interface InvoiceDesk {
  invoices: DeskInvoice[];
  invoiceCount: number;
}

export async function invoiceDesk(db: Db, userIds: number[], { limit = 5 } = {}): Promise<InvoiceDesk> {
  const { sql } = db;
  const [rows, [count]] = await Promise.all([
    sql`SELECT id, apply_no, amount, created_at FROM invoice
      WHERE user_id IN ${sql(userIds)} AND status = 'applied' AND amount > 0 ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    sql`SELECT COUNT(*) AS n FROM invoice WHERE user_id IN ${sql(userIds)} AND status = 'applied' AND amount > 0`,
  ]);
  return {
    invoices: rows.map((r: Record<string, unknown>) => ({
      id: num(r.id),
      applyNo: String(r.apply_no),
      amount: num(r.amount),
      createdAt: num(r.created_at),
    })),
    invoiceCount: num(count?.n),
  };
}
