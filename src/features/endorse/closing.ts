/**
 * Endorsements when their policy closes early (surrender), as a closing step of the orders area:
 * pending ones (draft, submitted) are cancelled with their charge refunded; approved ones that
 * would take effect after the closing day are voided (their people's cover, and so its premium,
 * is given back by the surrender itself, row by row).
 */
import type { SQL } from 'bun';
import type { PolicyClosingStep } from '~/features/orders';
import { nowSeconds } from '~/server/db/client';
import { event, toEndorsement } from './model';
import { refundCharge, transition } from './transitions';

type Row = Record<string, unknown>;

export const endorseClosingStep: PolicyClosingStep = {
  async pending(sql: SQL, orderId: number) {
    const rows =
      await sql`SELECT apply_no, charged, refunded FROM endorsement WHERE order_id = ${orderId} AND status IN ('draft', 'submitted')`;
    return rows
      .filter((r: Row) => Number(r.charged) > 0 && Number(r.refunded) === 0)
      .map((r: Row) => ({ ref: String(r.apply_no), amount: Number(r.charged) }));
  },
  async close(tx: SQL, orderId: number, date: string, actorId: number | null) {
    const open = await tx`SELECT * FROM endorsement WHERE order_id = ${orderId} AND status IN ('draft', 'submitted')`;
    for (const r of open) {
      const e = toEndorsement(r);
      const cur = await transition(tx, e.id, 'cancel', { reason: 'surrendered', decided_at: nowSeconds() });
      await refundCharge(tx, cur);
      await event(tx, cur.id, e.status, 'cancelled', actorId, `surrendered:${date}`);
    }
    const later = await tx`SELECT id FROM endorsement WHERE order_id = ${orderId} AND status = 'approved' AND effective_date > ${date}`;
    for (const r of later) {
      await transition(tx, Number(r.id), 'void', { reason: 'surrendered' });
      await event(tx, Number(r.id), 'approved', 'voided', actorId, `surrendered:${date}`);
    }
  },
};
