/**
 * A draft before submit: created on an eligible policy (one open endorsement a policy, kept by the
 * database), its effective date and remark changed, and locked for each edit.
 */
import type { SQL } from 'bun';
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { Codes } from '~/server/errors';
import { visibleUserIds } from '~/server/members';
import { checkEffective, checkEligible, checkItems } from './checks';
import { DataError, isUniqueViolation, notFound } from './errors';
import { type EndorseContext, type Endorsement, event, findVisibleEndorsement, loadItems, today, toEndorsement, wrongState } from './model';
import type { Policy, RosterPort } from './policy';
import { refreshTotals } from './pricing';
import type { CreateInput, UpdateInput } from './schemas';

export async function loadVisiblePolicy(db: Db, port: RosterPort, userId: number, orderId: number): Promise<Policy> {
  const policy = await port.loadPolicy(db.sql, orderId);
  if (!policy) throw notFound();
  const ids = await visibleUserIds(db, userId);
  if (!ids.includes(policy.userId)) throw notFound();
  return policy;
}

/** `EN` + yyyymmdd (site time zone) + 6 digits from the row id. */
function applyNoFor(day: string, id: number): string {
  return `EN${day.replaceAll('-', '')}${String(id % 1_000_000).padStart(6, '0')}`;
}

/**
 * Create a draft on an own effective named-list policy. The same request id returns the same
 * draft; a second open endorsement on the policy is refused by the database: 409 `data.open_id`.
 */
export async function createEndorsement(db: Db, userId: number, input: CreateInput, ctx: EndorseContext): Promise<Endorsement> {
  const prior = await db.sql`SELECT * FROM endorsement WHERE user_id = ${userId} AND request_id = ${input.request_id}`;
  if (prior.length) return toEndorsement(prior[0]);
  const policy = await loadVisiblePolicy(db, ctx.port, userId, input.order_id);
  checkEligible(policy);
  const day = await today(db, ctx);
  checkEffective(policy, input.effective_date, day);
  try {
    return await db.sql.begin((tx) => insertDraft(tx, userId, policy, input, day, ctx));
  } catch (err) {
    const why = await draftConflict(db, userId, policy.id, input.request_id, err);
    if (why instanceof PriorDraft) return why.endorsement;
    throw why;
  }
}

/**
 * Write a new draft inside the caller's transaction (the policy checked eligible and the date
 * checked already): its number, its first timeline step and the audit line.
 */
export async function insertDraft(
  tx: SQL,
  userId: number,
  policy: Policy,
  input: CreateInput,
  day: string,
  ctx: EndorseContext,
): Promise<Endorsement> {
  const now = nowSeconds();
  const [row] = await tx`INSERT INTO endorsement ${tx({
    apply_no: `tmp-${crypto.randomUUID()}`,
    user_id: userId,
    order_id: policy.id,
    policy_no: policy.policyNo,
    status: 'draft',
    effective_date: input.effective_date,
    remark: input.remark,
    request_id: input.request_id,
    created_at: now,
    updated_at: now,
  })} RETURNING id`;
  const id = num(row.id);
  const [done] = await tx`UPDATE endorsement SET apply_no = ${applyNoFor(day, id)} WHERE id = ${id} RETURNING *`;
  await event(tx, id, '', 'draft', userId);
  await writeAudit(tx, { userId, action: 'endorse.create', detail: { id, order_id: policy.id }, ip: ctx.ip });
  return toEndorsement(done);
}

/**
 * What a failed draft insert means: the same request id landed first (its draft, returned), or the
 * policy has an open endorsement already (409 `data.open_id`); anything else is thrown as it was.
 */
export async function draftConflict(db: Db, userId: number, orderId: number, requestId: string, err: unknown): Promise<unknown> {
  if (!isUniqueViolation(err)) return err;
  const again = await db.sql`SELECT * FROM endorsement WHERE user_id = ${userId} AND request_id = ${requestId}`;
  if (again.length) return new PriorDraft(toEndorsement(again[0]));
  const [open] = await db.sql`SELECT id, apply_no FROM endorsement WHERE order_id = ${orderId} AND status IN ('draft', 'submitted')`;
  if (!open) return err;
  return new DataError(
    'endorse.openExists',
    { status: 409, code: Codes.CONFLICT, params: { apply_no: String(open.apply_no) } },
    { open_id: num(open.id) },
  );
}

/** Not an error: the draft a racing request with the same request id wrote (see {@link draftConflict}). */
export class PriorDraft {
  constructor(readonly endorsement: Endorsement) {}
}

/** Lock a draft for an edit: a no-op update on the expected status (SQLite's write lock, PostgreSQL's row lock). */
export async function lockDraft(tx: SQL, id: number): Promise<Endorsement> {
  const [row] = await tx`UPDATE endorsement SET updated_at = ${nowSeconds()} WHERE id = ${id} AND status = 'draft' RETURNING *`;
  if (row) return toEndorsement(row);
  const [cur] = await tx`SELECT status FROM endorsement WHERE id = ${id}`;
  throw wrongState(String(cur?.status ?? 'cancelled'));
}

/** Change a draft's effective date or remark; items are re-priced on the new date. */
export async function updateEndorsement(db: Db, userId: number, input: UpdateInput, ctx: EndorseContext): Promise<Endorsement> {
  const e = await findVisibleEndorsement(db, userId, input.id, db);
  const policy = await ctx.port.loadPolicy(db.sql, e.orderId);
  if (!policy) throw notFound();
  const day = await today(db, ctx);
  if (input.effective_date) checkEffective(policy, input.effective_date, day);
  return db.sql.begin(async (tx) => {
    let cur = await lockDraft(tx, e.id);
    const [row] = await tx`UPDATE endorsement SET effective_date = ${input.effective_date ?? cur.effectiveDate},
      remark = ${input.remark ?? cur.remark} WHERE id = ${e.id} RETURNING *`;
    cur = toEndorsement(row);
    if (input.effective_date) await checkItems(tx, ctx.port, policy, cur, await loadItems(tx, cur.id));
    await writeAudit(tx, { userId, action: 'endorse.update', detail: { id: e.id }, ip: ctx.ip });
    return refreshTotals(tx, cur, policy, ctx.port);
  });
}
