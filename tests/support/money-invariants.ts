/**
 * The invariants of the premium account over a whole database (the money property test and the
 * scenario tests check them after every step). Returns the problems found, empty when money adds up.
 */
import { termPremiumOf, toOrder } from '~/features/orders';
import { daysInclusive } from '~/lib/pro-rata';
import { type Db, num } from '~/server/db/client';

type Row = Record<string, unknown>;

export async function moneyProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const orders = (await db.sql`SELECT * FROM policy_order WHERE paid_at IS NOT NULL`).map(toOrder);
  for (const o of orders) {
    const [net] = await db.sql`SELECT COALESCE(SUM(amount), 0) AS s FROM premium_entry WHERE order_id = ${o.id}`;
    const [pending] = await db.sql`SELECT COALESCE(SUM(charged), 0) AS s FROM endorsement
      WHERE order_id = ${o.id} AND status = 'submitted' AND refunded = 0`;
    const netPaid = num(net.s);
    if (netPaid < 0) problems.push(`${o.orderNo}: net premium ${netPaid} < 0`);
    if (o.status === 'refused' && netPaid !== 0) problems.push(`${o.orderNo}: refused but keeps ${netPaid}`);
    if (!o.namedList) continue;
    const rows: Row[] = await db.sql`SELECT * FROM order_insured WHERE order_id = ${o.id}`;
    const D = daysInclusive(o.startDate, o.endDate);
    let sum = 0;
    for (const r of rows) {
      const from = String(r.active_from);
      const to = String(r.active_to);
      if (to < from) problems.push(`${o.orderNo}: row ${num(r.id)} ends ${to} before it starts ${from}`);
      const P = termPremiumOf(o, num(r.class));
      const exact = (P * Math.max(0, daysInclusive(from, to))) / D;
      if (o.status !== 'refused' && Math.abs(num(r.premium) - exact) > 1) {
        problems.push(`${o.orderNo}: row ${num(r.id)} paid ${num(r.premium)} for ${from}…${to}, days × rate = ${exact.toFixed(2)}`);
      }
      sum += num(r.premium);
    }
    if (o.status !== 'refused' && sum !== netPaid - num(pending.s)) {
      problems.push(`${o.orderNo} (${o.status}): rows hold ${sum}, net paid ${netPaid} less pending ${num(pending.s)}`);
    }
  }
  const sources: Row[] = await db.sql`SELECT source_type, source_id, SUM(amount) AS net FROM premium_entry GROUP BY source_type, source_id`;
  for (const s of sources) {
    const [held] = await db.sql`SELECT COALESCE(SUM(amount), 0) AS h FROM invoice_item
      WHERE source_type = ${String(s.source_type)} AND source_id = ${num(s.source_id)} AND active = 1`;
    if (num(held.h) > num(s.net) || num(held.h) < 0) {
      problems.push(`${String(s.source_type)} ${num(s.source_id)}: invoiced − credited ${num(held.h)}, net paid ${num(s.net)}`);
    }
  }
  const balances: Row[] =
    await db.sql`SELECT u.id, u.money, COALESCE((SELECT SUM(amount) FROM user_money_log l WHERE l.user_id = u.id), 0) AS s
    FROM "user" u`;
  for (const b of balances) {
    if (num(b.money) !== num(b.s) || num(b.money) < 0) problems.push(`user ${num(b.id)}: balance ${num(b.money)}, Σ ledger ${num(b.s)}`);
  }
  return problems;
}
