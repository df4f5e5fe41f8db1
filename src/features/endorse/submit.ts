/**
 * Submit: a draft's items re-checked on the effective date, a positive premium debited from the
 * balance in the same transaction; then the sandbox insurer decides (at once when its delay is 0).
 */
import { movePremium } from '~/features/ledger';
import { lockPolicy } from '~/features/orders';
import { fenToYuan } from '~/lib/money';
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { Codes } from '~/server/errors';
import { checkEffective, checkEligible, checkItems } from './checks';
import { DataError, invalid, notFound } from './errors';
import { type EndorseContext, type Endorsement, event, findVisibleEndorsement, loadItems, today, toEndorsement } from './model';
import { type EndorsePlan, planEndorsement, teamOf } from './plan';
import { peopleOf, refreshTotals } from './pricing';
import { insurerSettings, runSandboxInsurer, sandboxDecides } from './sandbox';
import { transition } from './transitions';
import { notifyEndorse, notifyEndorseQueued } from './notices';
import { inTransaction } from '~/server/db/after-commit';

export interface SubmitResult {
  endorsement: Endorsement;
  /** The member's balance after the charge, in fen. */
  balance: number;
}

/**
 * Submit a draft: items re-checked on E (and E ≥ today), a positive premium debited from the
 * balance (short → 400 `balance` with `{required, available}`). Then the sandbox insurer decides
 * (at once when its delay is 0).
 */
export async function submitEndorsement(
  db: Db,
  userId: number,
  id: number,
  ctx: EndorseContext,
  acknowledged: readonly string[] = [],
): Promise<SubmitResult> {
  const e = await findVisibleEndorsement(db, userId, id, db);
  const policy = await ctx.port.loadPolicy(db.sql, e.orderId);
  if (!policy) throw notFound();
  const day = await today(db, ctx);
  const team = await teamOf(db, e.userId);
  const insurer = await insurerSettings(db);
  const result = await inTransaction(db, async (tx) => {
    await lockPolicy(db, tx, e.orderId);
    let cur = await transition(tx, e.id, 'submit', { submitted_at: nowSeconds() });
    checkEligible(policy);
    checkEffective(policy, cur.effectiveDate, day);
    const items = await loadItems(tx, cur.id);
    if (!items.length) throw invalid('items', 'endorse.noItems');
    // The dry run, inside this transaction: its rules decide, its total is what is charged.
    const plan = await planEndorsement(tx, ctx.port, policy, cur, items, { today: day, team });
    assertPlanAllows(plan, acknowledged);
    await checkItems(tx, ctx.port, policy, cur, items);
    cur = await refreshTotals(tx, cur, policy, ctx.port);
    if (cur.premiumDelta !== plan.total) throw new Error(`endorsement ${cur.id}: stored total ${cur.premiumDelta} ≠ plan ${plan.total}`);
    const [u] = await tx`SELECT money FROM "user" WHERE id = ${cur.userId}`;
    let balance = num(u?.money);
    if (cur.premiumDelta > 0) {
      if (balance < cur.premiumDelta) {
        throw new DataError(
          'endorse.balance',
          {
            status: 400,
            code: Codes.VALIDATION,
            field: 'balance',
            params: { required: fenToYuan(cur.premiumDelta), available: fenToYuan(balance) },
          },
          { required: fenToYuan(cur.premiumDelta), available: fenToYuan(balance) },
        );
      }
      await movePremium(tx, {
        orderId: cur.orderId,
        userId: cur.userId,
        amount: cur.premiumDelta,
        kind: 'endorse_charge',
        source: { type: 'endorse', id: cur.id },
        endorsementId: cur.id,
        params: { t: 'endorse.charge', apply: cur.applyNo, no: policy.policyNo || policy.orderNo },
        reference: cur.applyNo,
        requestId: `endorse-${cur.id}-charge`,
        effectiveDate: cur.effectiveDate,
        people: await peopleOf(tx, cur.id),
      });
      balance -= cur.premiumDelta;
      const [row] = await tx`UPDATE endorsement SET charged = ${cur.premiumDelta} WHERE id = ${cur.id} RETURNING *`;
      cur = toEndorsement(row);
    }
    const decideAfter = sandboxDecides(insurer, cur) ? nowSeconds() + insurer.endorseDelaySeconds : null;
    if (decideAfter !== null) await tx`UPDATE endorsement SET decide_after = ${decideAfter} WHERE id = ${cur.id}`;
    await event(tx, cur.id, 'draft', 'submitted', userId);
    await writeAudit(tx, { userId, action: 'endorse.submit', detail: { id: cur.id, premium_delta: cur.premiumDelta }, ip: ctx.ip });
    await notifyEndorse(tx, cur, 'endorse_submitted', { amount: cur.charged });
    if (decideAfter === null) await notifyEndorseQueued(tx, cur);
    return { endorsement: { ...cur, decideAfter }, balance };
  });
  // With a delay, `decide_after` makes it a due row for the scheduler's `insurer-answers` job.
  if (result.endorsement.decideAfter !== null && insurer.endorseDelaySeconds <= 0) {
    await runSandboxInsurer(db, ctx, result.endorsement.id);
    const [row] = await db.sql`SELECT * FROM endorsement WHERE id = ${id}`;
    const [u] = await db.sql`SELECT money FROM "user" WHERE id = ${result.endorsement.userId}`;
    return { endorsement: toEndorsement(row), balance: num(u?.money) };
  }
  return result;
}

/**
 * The plan's verdict: a failed error refuses with 400 `endorse.rulesBlocked` naming the rules; a
 * failed warning not in `acknowledged` refuses with 400 `endorse.warningsUnticked` listing them.
 * `data.rules` carries the checks (code, severity, params; the router adds each one's message).
 */
export function assertPlanAllows(plan: EndorsePlan, acknowledged: readonly string[]): void {
  const fail = (key: string, codes: string[]) => {
    const rules = plan.checks.filter((c) => codes.includes(c.code)).map(({ code, severity, params }) => ({ code, severity, params }));
    return new DataError(key, { status: 400, code: Codes.VALIDATION, field: 'rules', params: { rules: codes.join(', ') } }, { rules });
  };
  if (plan.errors.length) throw fail('endorse.rulesBlocked', plan.errors);
  const unticked = plan.warnings.filter((w) => !acknowledged.includes(w));
  if (unticked.length) throw fail('endorse.warningsUnticked', unticked);
}
