/**
 * Approval by the insurer or an operator: the endorsement number, the roster changed from the
 * effective date, a negative premium credited, all in one transaction; then the notice PDF.
 */
import type { SQL } from 'bun';
import { movePremium } from '~/features/ledger';
import { lockPolicy } from '~/features/orders';
import { writeAudit } from '~/server/audit';
import { inTransaction } from '~/server/db/after-commit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { notFound } from './errors';
import { type EndorseContext, type Endorsement, type EndorseItem, event, loadItems, toEndorsement } from './model';
import type { Policy, RosterPort } from './policy';
import { addDays } from './premium';
import { peopleOf, rowMoney } from './pricing';
import { transition } from './transitions';
import { notifyEndorse } from './notices';

/**
 * Approve a submitted endorsement: `{policy_no}-E{nn}`, the roster changed from E (add from E;
 * remove: active_to = E − 1; class change splits the row; name/ID fix edits it), a negative
 * premium credited to the balance; then the notice PDF is rendered.
 */
export async function approveEndorsement(
  db: Db,
  actorId: number | null,
  id: number,
  note: string,
  ctx: EndorseContext & { renderNotice?: (db: Db, id: number) => Promise<void> },
): Promise<Endorsement> {
  const [target] = await db.sql`SELECT order_id FROM endorsement WHERE id = ${id}`;
  if (!target) throw notFound();
  const done = await inTransaction(db, async (tx) => {
    await lockPolicy(db, tx, num(target.order_id));
    let cur = await transition(tx, id, 'approve', { note, decided_at: nowSeconds() });
    const policy = await ctx.port.loadPolicy(tx, cur.orderId);
    if (!policy) throw notFound();
    const [n] = await tx`SELECT COUNT(*) AS n FROM endorsement WHERE order_id = ${cur.orderId} AND endorse_no IS NOT NULL`;
    const endorseNo = `${policy.policyNo}-E${String(num(n.n) + 1).padStart(2, '0')}`;
    const items = await loadItems(tx, cur.id);
    await changeRoster(tx, ctx.port, policy, cur.effectiveDate, items);
    // The order's headcount follows the roster from E on (lists and the summary show it).
    await ctx.port.setHeadcount(tx, policy.id, await ctx.port.countOn(tx, policy.id, cur.effectiveDate));
    let refunded = cur.refunded;
    if (cur.premiumDelta < 0) {
      // People leaving: their refund is taken from the policy's premium (newest sources first).
      await movePremium(tx, {
        orderId: cur.orderId,
        userId: cur.userId,
        amount: cur.premiumDelta,
        kind: 'endorse_refund',
        endorsementId: cur.id,
        params: { t: 'endorse.refund', endorse: endorseNo, no: policy.policyNo || policy.orderNo },
        reference: endorseNo,
        requestId: `endorse-${cur.id}-refund`,
        effectiveDate: cur.effectiveDate,
        people: await peopleOf(tx, cur.id),
      });
      refunded = -cur.premiumDelta;
    }
    const [row] = await tx`UPDATE endorsement SET endorse_no = ${endorseNo}, refunded = ${refunded} WHERE id = ${cur.id} RETURNING *`;
    cur = toEndorsement(row);
    await event(tx, cur.id, 'submitted', 'approved', actorId, note);
    await writeAudit(tx, { userId: actorId, action: 'endorse.approve', detail: { id: cur.id, endorse_no: endorseNo }, ip: ctx.ip });
    await notifyEndorse(tx, cur, 'endorse_approved');
    return cur;
  });
  if (ctx.renderNotice) {
    try {
      await ctx.renderNotice(db, done.id);
    } catch (err) {
      // The approval stands; GET notice renders a missing notice on demand.
      console.error(`[endorse] notice of ${done.id} not rendered:`, err);
    }
  }
  const [row] = await db.sql`SELECT * FROM endorsement WHERE id = ${done.id}`;
  return toEndorsement(row);
}

/**
 * The roster from E, with each row's money: a leaving row ends on E − 1 and keeps what it did
 * not give back (removed when its cover would only start on E), a new row records what it paid,
 * a class change before the row starts re-prices it in place. Priced by rowMoney, as the draft was.
 */
async function changeRoster(tx: SQL, port: RosterPort, policy: Policy, E: string, items: EndorseItem[]): Promise<void> {
  const dayBefore = addDays(E, -1);
  for (const item of items) {
    const after = item.after;
    const insuredId = item.insuredId === null ? null : Number(item.insuredId);
    const row = insuredId === null ? null : await port.findInsured(tx, policy.id, insuredId);
    const money = rowMoney(policy, item.kind, item.before, item.after, E, row);
    if (row && money.leave) {
      if (money.leave.neverStarts) await port.drop(tx, row.id);
      else {
        await port.end(tx, policy.id, row.id, dayBefore);
        await port.setPremium(tx, row.id, row.premium - money.leave.refund);
      }
    }
    if (row && money.reprice !== null && after) {
      await port.edit(tx, row.id, { cls: after.occupation_class });
      await port.setPremium(tx, row.id, money.reprice);
    }
    if (money.newRow !== null && after) {
      const who =
        item.kind === 'correct' && row
          ? { name: row.name, idNo: row.idNo, gender: row.gender, birthday: row.birthday, cls: after.occupation_class }
          : {
              name: after.name,
              idNo: after.id_no,
              gender: Number(after.gender),
              birthday: String(after.birthday),
              cls: after.occupation_class,
            };
      await port.add(tx, policy, who, E, money.newRow);
    }
    if (item.kind === 'correct' && after && row && after.occupation_class === item.before?.occupation_class) {
      await port.edit(tx, row.id, {
        name: after.name,
        idNo: after.id_no,
        gender: Number(after.gender),
        birthday: String(after.birthday),
      });
    }
  }
}
