/**
 * The invoices' part of the member's desk (the account overview, #29): applications the broker has
 * not issued yet (credit invoices left out: the member did not ask for them).
 */
import { type Db, num } from '~/server/db/client';

const toDeskInvoice = (r: Record<string, unknown>) => ({
  id: num(r.id),
  applyNo: String(r.apply_no),
  amount: num(r.amount),
  createdAt: num(r.created_at),
});
export type DeskInvoice = ReturnType<typeof toDeskInvoice>;

/** The newest `limit` invoice applications waiting to be issued and how many there are in all. */
export async function invoiceDesk(
  db: Db,
  userIds: number[],
  { limit = 5 } = {},
): Promise<{ invoices: DeskInvoice[]; invoiceCount: number }> {
  const rows = await db.sql`SELECT id, apply_no, amount, created_at, COUNT(*) OVER () AS total FROM invoice
    WHERE user_id IN ${db.sql(userIds)} AND status = 'applied' AND amount > 0 ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
  const invoices = rows.map((r: Record<string, unknown>) => ({
    id: num(r.id),
    applyNo: String(r.apply_no),
    amount: num(r.amount),
    createdAt: num(r.created_at),
  }));
  return { invoices, invoiceCount: num(rows[0]?.total) };
}

export type InvoiceDesk = Awaited<ReturnType<typeof invoiceDesk>>;
