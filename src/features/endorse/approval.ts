/**
 * Approval by the insurer or an operator: the endorsement number, the roster changed from the
 * effective date, a negative premium credited, all in one transaction; then the notice PDF.
 */
import type { SQL } from 'bun';
import { changeBalance } from '~/features/ledger';
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { notFound } from './errors';
import { type EndorseContext, type Endorsement, type EndorseItem, event, loadItems, toEndorsement } from './model';
import type { Policy, RosterPort } from './policy';
import { addDays } from './premium';
import { transition } from './transitions';

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
  const done = await db.sql.begin(async (tx) => {
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
      await changeBalance(tx, {
        userId: cur.userId,
        amount: -cur.premiumDelta,
        kind: 'refund',
        memo: `批改退费 ${cur.applyNo}`,
        reference: endorseNo,
        requestId: `endorse-${cur.id}-refund`,
      });
      refunded = -cur.premiumDelta;
    }
    const [row] = await tx`UPDATE endorsement SET endorse_no = ${endorseNo}, refunded = ${refunded} WHERE id = ${cur.id} RETURNING *`;
    cur = toEndorsement(row);
    await event(tx, cur.id, 'submitted', 'approved', actorId, note);
    await writeAudit(tx, { userId: actorId, action: 'endorse.approve', detail: { id: cur.id, endorse_no: endorseNo }, ip: ctx.ip });
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

async function changeRoster(tx: SQL, port: RosterPort, policy: Policy, E: string, items: EndorseItem[]): Promise<void> {
  const dayBefore = addDays(E, -1);
  for (const item of items) {
    const after = item.after;
    if (item.kind === 'remove' || item.kind === 'replace') {
      // Cover ends the day before E (a removal on the row's first day leaves it never in force).
      await port.end(tx, policy.id, Number(item.insuredId), dayBefore);
    }
    if ((item.kind === 'add' || item.kind === 'replace') && after) {
      await port.add(
        tx,
        policy,
        {
          name: after.name,
          idNo: after.id_no,
          gender: Number(after.gender),
          birthday: String(after.birthday),
          cls: after.occupation_class,
        },
        E,
      );
    }
    if (item.kind === 'correct' && after && item.before) {
      const insuredId = Number(item.insuredId);
      if (after.occupation_class !== item.before.occupation_class) {
        const row = await port.findInsured(tx, policy.id, insuredId);
        // A class change from the row's first day edits it; later, the row splits at E.
        if (!row || row.activeFrom >= E) await port.edit(tx, insuredId, { cls: after.occupation_class });
        else {
          await port.end(tx, policy.id, insuredId, dayBefore);
          await port.add(
            tx,
            policy,
            { name: row.name, idNo: row.idNo, gender: row.gender, birthday: row.birthday, cls: after.occupation_class },
            E,
          );
        }
      } else {
        await port.edit(tx, insuredId, {
          name: after.name,
          idNo: after.id_no,
          gender: Number(after.gender),
          birthday: String(after.birthday),
        });
      }
    }
  }
}
