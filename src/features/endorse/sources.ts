/** Approved endorsement charges as invoice sources (the invoices area reads them through index.ts). */
import { type Db, num } from '~/server/db/client';

export interface ChargeSource {
  id: number;
  userId: number;
  refNo: string;
  /** What the member paid for it (fen). */
  paid: number;
  /** Refunded since (an approved charge is never refunded: 0, kept for the shape). */
  refunded: number;
  approvedAt: number;
  /** The endorsed policy (order id). */
  orderId: number;
}

/** Approved endorsements with a positive premium of these members (or one by id). */
export async function approvedChargeSources(db: Db, userIds: number[], id?: number): Promise<ChargeSource[]> {
  const sql = db.sql;
  const rows =
    id === undefined
      ? await sql`SELECT id, user_id, order_id, endorse_no, charged, decided_at FROM endorsement WHERE user_id IN ${sql(userIds)} AND status IN ('approved', 'voided') AND charged > 0 ORDER BY id DESC`
      : await sql`SELECT id, user_id, order_id, endorse_no, charged, decided_at FROM endorsement WHERE id = ${id} AND user_id IN ${sql(userIds)} AND status IN ('approved', 'voided') AND charged > 0`;
  return rows.map((r: Record<string, unknown>) => ({
    id: num(r.id),
    userId: num(r.user_id),
    refNo: String(r.endorse_no ?? ''),
    paid: num(r.charged),
    refunded: 0,
    approvedAt: num(r.decided_at),
    orderId: num(r.order_id),
  }));
}
