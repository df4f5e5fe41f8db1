/**
 * Reporting a claim (the first transition, `→ reported`): the reporting rules, the claim number,
 * idempotency by request id and the one-open-claim-per-accident rule, in one transaction.
 */
import type { SQL } from 'bun';
import { MESSAGE_PARAM, notify } from '~/features/notifications';
import { parseResidentId } from '~/lib/cn-id';
import { writeAudit } from '~/server/audit';
import { Codes, DomainError } from '~/server/errors';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { type Actor, badField, type Claim, notFound, siteToday, toClaim } from './model';
import { CLAIM_MEMBER_KIND, claimReviewers, operatorLink } from './notices';
import { CLAIMABLE_STATUSES, findInsured, findPolicy } from './policies';
import type { ClaimAddInput } from './schemas';
import { inTransaction } from '~/server/db/after-commit';

type Row = Record<string, unknown>;

export interface ReportResult {
  claim: Claim;
  /** The request id was seen before: nothing was written, `claim` is the first one. */
  replayed: boolean;
}

async function byRequest(sql: SQL, userId: number, requestId: string): Promise<Claim | null> {
  const [r] = await sql`SELECT * FROM claim WHERE user_id = ${userId} AND request_id = ${requestId}`;
  return r ? toClaim(r) : null;
}

/** `CL` + yyyymmdd (site day) + 6 digits from the day's counter. */
async function nextClaimNo(tx: SQL, today: string): Promise<string> {
  const day = today.replaceAll('-', '');
  const [r] = await tx`INSERT INTO claim_counter (day, n) VALUES (${day}, 1)
    ON CONFLICT (day) DO UPDATE SET n = claim_counter.n + 1 RETURNING n`;
  return `CL${day}${String(num(r.n)).padStart(6, '0')}`;
}

/** The company a member belongs to (its main account): the open-claim rule is per company. */
async function companyOf(db: Db, userId: number): Promise<number> {
  const [r] = await db.sql`SELECT parent_id FROM "user" WHERE id = ${userId}`;
  return r && r.parent_id !== null && r.parent_id !== undefined ? num(r.parent_id) : userId;
}

/**
 * Report a claim on one of the member's (team-visible) policies. The same request id answers with
 * the first claim; a second open claim for the same person, day and type is 409.
 */
export async function reportClaim(
  db: Db,
  actor: Actor,
  input: ClaimAddInput,
  timeZone: string,
  o: { at?: number } = {},
): Promise<ReportResult> {
  const first = await byRequest(db.sql, actor.userId, input.request_id);
  if (first) return { claim: first, replayed: true };
  const today = siteToday(timeZone);
  if (input.accident_date > today) throw badField('accident_date', 'claim.accidentFuture');
  const policy = await findPolicy(db, actor.userId, input.order_id);
  if (!policy) throw notFound();
  if (!CLAIMABLE_STATUSES.includes(policy.status)) throw badField('order_id', 'claim.policyNotClaimable');
  if (input.accident_date < policy.start || input.accident_date > policy.end) throw badField('accident_date', 'claim.outsidePeriod');
  if (input.type === 'occupational_disease' && policy.type !== 'guzhu') throw badField('type', 'claim.occupationalGuzhuOnly');

  let insuredId: number | null = null;
  let name: string;
  let idNo: string;
  if (policy.named) {
    if (input.insured_id === '') throw badField('insured_id', 'claim.insuredRequired');
    const person = await findInsured(db, policy.orderId, input.insured_id);
    if (!person) throw badField('insured_id', 'claim.insuredInvalid');
    // Removed before the accident, or added after it: not covered that day.
    if (input.accident_date < person.activeFrom || input.accident_date > person.activeTo) {
      throw badField('insured_id', 'claim.insuredNotCovered');
    }
    insuredId = person.insuredId;
    name = person.name;
    idNo = person.idNo;
  } else {
    if (!input.insured_name) throw badField('insured_name', 'claim.insuredNameInvalid');
    const parsed = parseResidentId(input.insured_id_no);
    if (!parsed) throw badField('insured_id_no', 'claim.idNoInvalid');
    name = input.insured_name;
    idNo = parsed.id;
  }
  const openKey = `${await companyOf(db, policy.userId)}|${idNo}|${input.accident_date}|${input.type}`;

  const result = (await inTransaction(db, async (tx) => {
    const again = await byRequest(tx, actor.userId, input.request_id);
    if (again) return { claim: again, replayed: true };
    const [open] = await tx`SELECT id FROM claim WHERE open_key = ${openKey}`;
    if (open) {
      // The same request may have committed between our first look and this one: answer with it.
      const raced = await byRequest(tx, actor.userId, input.request_id);
      if (raced) return { claim: raced, replayed: true };
      throw duplicate();
    }
    const now = o.at ?? nowSeconds();
    const claimNo = await nextClaimNo(tx, o.at === undefined ? today : siteToday(timeZone, o.at * 1000));
    const rows: Row[] = await tx`INSERT INTO claim (claim_no, user_id, order_id, policy_no, policy_type, named, insured_id,
        insured_name, insured_id_no, type, accident_date, accident_place, description, hospital, estimated_amount, status,
        request_id, open_key, created_at, updated_at)
      VALUES (${claimNo}, ${actor.userId}, ${policy.orderId}, ${policy.policyNo}, ${policy.type}, ${policy.named ? 1 : 0}, ${insuredId},
        ${name}, ${idNo}, ${input.type}, ${input.accident_date}, ${input.accident_place}, ${input.description}, ${input.hospital},
        ${input.estimated_amount}, 'reported', ${input.request_id}, ${openKey}, ${now}, ${now})
      ON CONFLICT DO NOTHING RETURNING *`;
    if (!rows.length) {
      // A racing report committed first: the same request id (answer with it) or the same accident (409).
      const raced = await byRequest(tx, actor.userId, input.request_id);
      if (raced) return { claim: raced, replayed: true };
      throw duplicate();
    }
    const claim = toClaim(rows[0]);
    await tx`INSERT INTO claim_event (claim_id, from_status, to_status, actor_id, actor, role, note, created_at)
      VALUES (${claim.id}, '', 'reported', ${actor.userId}, ${actor.name}, ${actor.role}, '', ${now})`;
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'claim.report',
      detail: { claim_id: claim.id, claim_no: claimNo, order_id: policy.orderId, type: input.type },
      ip: actor.ip,
    });
    const params = { claim_no: claimNo, status: `${MESSAGE_PARAM}claim.statuses.reported`, note: '-' };
    for (const reviewer of await claimReviewers(tx)) {
      await notify(tx, { userId: reviewer, kind: CLAIM_MEMBER_KIND, params, link: operatorLink(claim.id), at: now });
    }
    return { claim, replayed: false };
  })) as ReportResult;
  return result;
}

const duplicate = () => new DomainError('claim.duplicateOpen', { status: 409, code: Codes.CONFLICT, field: 'insured_id' });
