/**
 * The claim state machine: one domain function per transition.
 *
 *   reported → reviewing ⇄ need_documents,  reviewing → approved → paid,  reviewing → rejected,
 *   reported | reviewing | need_documents → withdrawn (the member)
 *
 * Each is one transaction: a conditional UPDATE on the expected state, a timeline event, an audit
 * entry and a notification. From any other state: 409 `The claim is {status}; …`, nothing written;
 * of two racing operators the UPDATE lets exactly one through. E-mail/SMS copies of the
 * notification go out after the commit (the notification service records and sends them).
 */
import type { SQL } from 'bun';
import { MESSAGE_PARAM, notify } from '~/features/notifications';
import { inTransaction } from '~/server/db/after-commit';
import { writeAudit } from '~/server/audit';
import { type Db, nowSeconds } from '~/server/db/client';
import { fenToYuan } from '~/lib/money';
import { missingKinds } from './documents';
import { type Actor, badField, type Claim, loadClaim, MissingDocumentsError, notFound, siteToday, toClaim, wrongState } from './model';
import { CLAIM_MEMBER_KIND, CLAIM_STATUS_KIND, claimReviewers, memberLink, operatorLink } from './notices';
import { findPolicy } from './policies';
import type { ClaimStatus, DocumentKind } from './schemas';
import { requiredDocuments } from './schemas';

type Row = Record<string, unknown>;

interface Step {
  /** The claim's id. */
  id: number;
  /** The member ids whose claims the actor may change (members); operators leave it out. */
  scope?: number[];
  action: string;
  from: readonly ClaimStatus[];
  to: ClaimStatus;
  note: string;
  /** Checks after the state check, before writing (e.g. documents present). */
  check?: (tx: SQL, claim: Claim) => Promise<void>;
  /** The conditional UPDATE: must include `AND status = ${claim.status}` and return the row. */
  update: (tx: SQL, claim: Claim, now: number) => Promise<Row[]>;
}

/** A claim reads as 404 unless `scope` (visible member ids) holds its owner; operators pass null. */
async function scoped(tx: SQL, id: number, scope: number[] | null): Promise<Claim> {
  const claim = await loadClaim(tx, id);
  if (!claim || (scope && !scope.includes(claim.userId))) throw notFound();
  return claim;
}

/** Demo data and imports: the time of the change, and whether e-mail copies go out (default yes). */
export interface TransitionOptions {
  at?: number;
  mail?: boolean;
}

async function run(db: Db, actor: Actor, o: TransitionOptions, step: Step): Promise<Claim> {
  const { id, scope = null } = step;
  const copies = o.mail !== false;
  return inTransaction(db, async (tx) => {
    const claim = await scoped(tx, id, scope);
    if (!step.from.includes(claim.status)) throw wrongState(claim.status);
    await step.check?.(tx, claim);
    const now = o.at ?? nowSeconds();
    const rows = await step.update(tx, claim, now);
    if (!rows.length) {
      // Someone changed it between our read and our write (a racing operator): they won.
      const fresh = await loadClaim(tx, id);
      throw wrongState(fresh?.status ?? claim.status);
    }
    const after = toClaim(rows[0]);
    await tx`INSERT INTO claim_event (claim_id, from_status, to_status, actor_id, actor, role, note, created_at)
      VALUES (${id}, ${claim.status}, ${step.to}, ${actor.userId}, ${actor.name}, ${actor.role}, ${step.note}, ${now})`;
    await writeAudit(tx, {
      userId: actor.userId,
      action: `claim.${step.action}`,
      detail: { claim_id: id, claim_no: claim.claimNo, from: claim.status, to: step.to, role: actor.role },
      ip: actor.ip,
    });
    const params = { claim_no: claim.claimNo, status: `${MESSAGE_PARAM}claim.statuses.${step.to}`, note: step.note };
    if (actor.role === 'operator') {
      await notify(tx, { userId: claim.userId, kind: CLAIM_STATUS_KIND, params, link: memberLink(id), at: now, copies });
    } else {
      for (const reviewer of await claimReviewers(tx)) {
        await notify(tx, { userId: reviewer, kind: CLAIM_MEMBER_KIND, params, link: operatorLink(id), at: now, copies });
      }
    }
    return after;
  });
}

const kindsJson = (kinds: DocumentKind[]) => JSON.stringify(kinds);

/** 400 with `data.missing` unless every required (and, with `requested`, requested) kind has a file. */
async function requireDocuments(tx: SQL, claim: Claim, requested: boolean): Promise<void> {
  const missing = await missingKinds(tx, claim, requested);
  if (missing.length) throw new MissingDocumentsError(missing);
}

/** Operator: reported → reviewing. */
export function startReview(db: Db, actor: Actor, id: number, o: TransitionOptions = {}): Promise<Claim> {
  return run(db, actor, o, {
    id,
    action: 'startReview',
    from: ['reported'],
    to: 'reviewing',
    note: '',
    update: (tx, c, now) =>
      tx`UPDATE claim SET status = 'reviewing', updated_at = ${now} WHERE id = ${c.id} AND status = ${c.status} RETURNING *`,
  });
}

/** Operator: reviewing → need_documents, asking for `kinds` (of the claim's checklist) with a note. */
export function requestDocuments(
  db: Db,
  actor: Actor,
  input: { id: number; kinds: DocumentKind[]; note: string },
  o: TransitionOptions = {},
): Promise<Claim> {
  const kinds = [...new Set(input.kinds)];
  return run(db, actor, o, {
    id: input.id,
    action: 'requestDocuments',
    from: ['reviewing'],
    to: 'need_documents',
    note: input.note,
    check: async (_tx, c) => {
      const allowed = requiredDocuments(c.type, c.policyType, c.named).map((d) => d.kind);
      if (kinds.some((k) => !allowed.includes(k))) throw badField('kinds', 'claim.kindNotApplicable');
    },
    update: (tx, c, now) =>
      tx`UPDATE claim SET status = 'need_documents', round = round + 1, requested_kinds = ${kindsJson(kinds)},
      request_note = ${input.note}, updated_at = ${now} WHERE id = ${c.id} AND status = ${c.status} RETURNING *`,
  });
}

/** Member: need_documents → reviewing, once every required and requested kind has a file. */
export function resubmit(
  db: Db,
  actor: Actor,
  scope: number[],
  input: { id: number; note: string },
  o: TransitionOptions = {},
): Promise<Claim> {
  return run(db, actor, o, {
    id: input.id,
    scope,
    action: 'resubmit',
    from: ['need_documents'],
    to: 'reviewing',
    note: input.note,
    check: (tx, c) => requireDocuments(tx, c, true),
    update: (tx, c, now) =>
      tx`UPDATE claim SET status = 'reviewing', requested_kinds = '[]', updated_at = ${now}
      WHERE id = ${c.id} AND status = ${c.status} RETURNING *`,
  });
}

/** Operator: reviewing → approved, required documents present, at most the plan's per-person limit. */
export async function approve(
  db: Db,
  actor: Actor,
  input: { id: number; approved_amount: number; note: string },
  o: TransitionOptions = {},
): Promise<Claim> {
  // The plan's limit is read before the transaction (policies live in the orders area; a plan's
  // limits are a snapshot taken when the order was placed, so they do not move meanwhile).
  const [row] = await db.sql`SELECT order_id FROM claim WHERE id = ${input.id}`;
  const policy = row ? await findPolicy(db, null, Number(row.order_id)) : null;
  const limit = policy?.perPersonLimit ?? null;
  return run(db, actor, o, {
    id: input.id,
    action: 'approve',
    from: ['reviewing'],
    to: 'approved',
    note: input.note,
    check: async (tx, c) => {
      await requireDocuments(tx, c, false);
      if (limit !== null && input.approved_amount > limit) {
        throw badField('approved_amount', 'claim.overLimit', { limit: fenToYuan(limit) });
      }
    },
    update: (tx, c, now) =>
      tx`UPDATE claim SET status = 'approved', approved_amount = ${input.approved_amount}, updated_at = ${now}
      WHERE id = ${c.id} AND status = ${c.status} RETURNING *`,
  });
}

/** Operator: reviewing → rejected, with the reason the member reads. */
export function reject(db: Db, actor: Actor, input: { id: number; reason: string }, o: TransitionOptions = {}): Promise<Claim> {
  return run(db, actor, o, {
    id: input.id,
    action: 'reject',
    from: ['reviewing'],
    to: 'rejected',
    note: input.reason,
    update: (tx, c, now) =>
      tx`UPDATE claim SET status = 'rejected', reason = ${input.reason}, open_key = NULL, updated_at = ${now}
      WHERE id = ${c.id} AND status = ${c.status} RETURNING *`,
  });
}

/** Operator (button `operator/claims/pay`): approved → paid; the insurer's transfer is recorded, no ledger entry. */
export function markPaid(
  db: Db,
  actor: Actor,
  input: { id: number; payment_ref: string; paid_at: string },
  timeZone: string,
  o: TransitionOptions = {},
): Promise<Claim> {
  return run(db, actor, o, {
    id: input.id,
    action: 'markPaid',
    from: ['approved'],
    to: 'paid',
    note: input.payment_ref,
    check: async (_tx, c) => {
      const created = siteToday(timeZone, c.createdAt * 1000);
      if (input.paid_at > siteToday(timeZone) || input.paid_at < created) throw badField('paid_at', 'claim.paidAtRange');
    },
    update: (tx, c, now) =>
      tx`UPDATE claim SET status = 'paid', payment_ref = ${input.payment_ref}, paid_at = ${input.paid_at}, updated_at = ${now}
      WHERE id = ${c.id} AND status = ${c.status} RETURNING *`,
  });
}

/** Member: reported | reviewing | need_documents → withdrawn, with a reason. */
export function withdraw(
  db: Db,
  actor: Actor,
  scope: number[],
  input: { id: number; reason: string },
  o: TransitionOptions = {},
): Promise<Claim> {
  return run(db, actor, o, {
    id: input.id,
    scope,
    action: 'withdraw',
    from: ['reported', 'reviewing', 'need_documents'],
    to: 'withdrawn',
    note: input.reason,
    update: (tx, c, now) =>
      tx`UPDATE claim SET status = 'withdrawn', reason = ${input.reason}, open_key = NULL, updated_at = ${now}
      WHERE id = ${c.id} AND status = ${c.status} RETURNING *`,
  });
}
