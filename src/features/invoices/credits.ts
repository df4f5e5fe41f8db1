/**
 * Invoices follow refunds. When a refund takes a source's net paid below what its invoices hold
 * (invoiced − credited), in the refund's own transaction:
 * - an application not issued yet is reduced to what is left (cancelled when nothing is left);
 * - an issued invoice gets a credit (red-letter) invoice request for the rest: an `invoice` row
 *   with `credit_of` = the original and a negative item, issued by an operator like any other.
 * So per source, always: invoiced − credited ≤ net paid. Member and invoice operators are notified.
 */
import type { SQL } from 'bun';
import { onPremiumRefund, type PremiumSource, sourceTotals } from '~/features/ledger';
import { notify } from '~/features/notifications';
import { fenToYuan } from '~/lib/money';
import { num, nowSeconds } from '~/server/db/client';
import { membersWithRule } from '~/server/permissions';

type Row = Record<string, unknown>;

/** The notification kinds of this file (texts `notify.<kind>.*` in the invoices' messages). */
export const CREDIT_KIND = 'invoice_credit';
export const CREDIT_OPERATOR_KIND = 'invoice_credit_operator';

async function event(tx: SQL, invoiceId: number, from: string, to: string, note: string, at: number): Promise<void> {
  await tx`INSERT INTO invoice_event ${tx({ invoice_id: invoiceId, from_status: from, to_status: to, actor_id: null, note, created_at: at })}`;
}

/** Bring one source's invoices within its net paid. */
export async function settleSource(tx: SQL, source: PremiumSource, at = nowSeconds()): Promise<void> {
  const totals = (await sourceTotals(tx, source.type, [source.id])).get(source.id) ?? { paid: 0, refunded: 0 };
  const net = totals.paid - totals.refunded;
  const items: Row[] = await tx`SELECT i.id, i.invoice_id, i.amount, i.ref_no, v.status, v.credit_of FROM invoice_item i
    JOIN invoice v ON v.id = i.invoice_id
    WHERE i.source_type = ${source.type} AND i.source_id = ${source.id} AND i.active = 1 ORDER BY i.id DESC`;
  let excess = items.reduce((s, i) => s + num(i.amount), 0) - net;
  if (excess <= 0) return;
  // 1. Applications not issued yet shrink (newest first).
  for (const it of items) {
    if (excess <= 0) break;
    if (String(it.status) !== 'applied' || num(it.amount) <= 0 || it.credit_of != null) continue;
    const cut = Math.min(excess, num(it.amount));
    const left = num(it.amount) - cut;
    const invoiceId = num(it.invoice_id);
    if (left > 0) await tx`UPDATE invoice_item SET amount = ${left} WHERE id = ${num(it.id)}`;
    else await tx`UPDATE invoice_item SET active = 0 WHERE id = ${num(it.id)}`;
    const [sum] = await tx`SELECT COALESCE(SUM(amount), 0) AS s FROM invoice_item WHERE invoice_id = ${invoiceId} AND active = 1`;
    const total = num(sum.s);
    if (total > 0) {
      await tx`UPDATE invoice SET amount = ${total}, updated_at = ${at} WHERE id = ${invoiceId}`;
      await event(tx, invoiceId, 'applied', 'applied', `refund:${String(it.ref_no)}:${fenToYuan(cut)}`, at);
    } else {
      await tx`UPDATE invoice SET status = 'cancelled', reason = 'refunded', updated_at = ${at} WHERE id = ${invoiceId}`;
      await event(tx, invoiceId, 'applied', 'cancelled', `refund:${String(it.ref_no)}:${fenToYuan(cut)}`, at);
    }
    excess -= cut;
  }
  // 2. Issued invoices get a credit request for the rest (newest first, never more than each holds).
  for (const it of items) {
    if (excess <= 0) break;
    if (String(it.status) !== 'issued' || num(it.amount) <= 0 || it.credit_of != null) continue;
    const originalId = num(it.invoice_id);
    const [credited] = await tx`SELECT COALESCE(SUM(-i.amount), 0) AS s FROM invoice_item i JOIN invoice v ON v.id = i.invoice_id
      WHERE v.credit_of = ${originalId} AND i.source_type = ${source.type} AND i.source_id = ${source.id} AND i.active = 1`;
    const room = num(it.amount) - num(credited.s);
    const amount = Math.min(excess, room);
    if (amount <= 0) continue;
    await createCredit(tx, originalId, source, String(it.ref_no), amount, at);
    excess -= amount;
  }
}

/** The buyer's columns (invoice kind, title, tax and bank details, e-mail) a credit invoice copies from the one it credits. */
const BUYER_COLUMNS = ['kind', 'title_type', 'title', 'taxpayer_id', 'address', 'phone', 'bank', 'account', 'email'] as const;

/** A credit invoice request against an issued invoice, for `amount` fen of one source. */
async function createCredit(
  tx: SQL,
  originalId: number,
  source: PremiumSource,
  refNo: string,
  amount: number,
  at: number,
): Promise<number> {
  const [orig] = await tx`SELECT * FROM invoice WHERE id = ${originalId}`;
  const [row] = await tx`INSERT INTO invoice ${tx({
    apply_no: `tmp-${crypto.randomUUID()}`,
    user_id: num(orig.user_id),
    status: 'applied',
    ...Object.fromEntries(BUYER_COLUMNS.map((column) => [column, String(orig[column] ?? '')])),
    amount: -amount,
    credit_of: originalId,
    created_at: at,
    updated_at: at,
  })} RETURNING id`;
  const id = num(row.id);
  const applyNo = `${String(orig.apply_no)}-C${id}`;
  await tx`UPDATE invoice SET apply_no = ${applyNo} WHERE id = ${id}`;
  await tx`INSERT INTO invoice_item ${tx({ invoice_id: id, source_type: source.type, source_id: source.id, ref_no: refNo, amount: -amount, active: 1 })}`;
  await event(tx, id, '', 'applied', `credit_of:${String(orig.apply_no)}`, at);
  const params = { apply_no: String(orig.apply_no), invoice_no: String(orig.invoice_no ?? ''), ref_no: refNo, amount }; // fen: the texts show it as money ({amount:yuan})
  const link = `/user/order/invoiceApply?invoice=${id}`;
  await notify(tx, { userId: num(orig.user_id), kind: CREDIT_KIND, params, link, at });
  for (const op of await membersWithRule(tx, 'operator/invoices')) {
    await notify(tx, { userId: op, kind: CREDIT_OPERATOR_KIND, params, link: `/user/operator/invoiceDetail?id=${id}`, at });
  }
  return id;
}

onPremiumRefund(async (tx, refund) => {
  const seen = new Set<string>();
  for (const s of refund.sources) {
    const key = `${s.type}:${s.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await settleSource(tx, s, refund.at);
  }
});
