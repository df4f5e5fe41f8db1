/**
 * Reading endorsements as the API answers them: the member's list (team scope, filters), the
 * operator's queue, and one endorsement's detail (items, totals, timeline, documents, notice, actions).
 */
import { maskResidentId } from '~/lib/cn-id';
import { fenToYuan } from '~/lib/money';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { anyColumnContains } from '~/server/db/contains';
import { statusEvent } from '~/server/db/events';
import { visibleUserIds } from '~/server/members';
import { type Endorsement, loadItems, type PersonFacts, toEndorsement } from './model';
import type { Policy } from './policy';
import { dayNumber, type ItemKind, periodDays } from './premium';
import type { EndorseListQuery, OperatorListQuery } from './schemas';
import { type EndorseStatus, memberActions } from './states';

type Row = Record<string, unknown>;

/** One list row as the API answers it. */
export interface EndorseListRow {
  id: number;
  apply_no: string;
  endorse_no: string;
  policy_no: string;
  status: EndorseStatus;
  effective_date: string;
  in_force: boolean;
  /** Cancelled after it was submitted: the member withdrew it. */
  withdrawn: boolean;
  counts: Endorsement['counts'];
  premium_delta: string;
  created_at: number;
}

export function viewListRow(e: Endorsement, todayDate: string): EndorseListRow {
  return {
    id: e.id,
    apply_no: e.applyNo,
    endorse_no: e.endorseNo ?? '',
    policy_no: e.policyNo,
    status: e.status,
    effective_date: e.effectiveDate,
    in_force: e.status === 'approved' && e.effectiveDate <= todayDate,
    withdrawn: e.status === 'cancelled' && e.submittedAt !== null,
    counts: e.counts,
    premium_delta: fenToYuan(e.premiumDelta),
    created_at: e.createdAt,
  };
}

const KIND_COLUMN: Record<ItemKind, string> = {
  add: 'add_count',
  remove: 'remove_count',
  replace: 'replace_count',
  correct: 'correct_count',
};

/** The member's (and team's) endorsements, newest first, with the list's filters. */
export async function listEndorsements(
  db: Db,
  userId: number,
  q: EndorseListQuery,
  todayDate: string,
): Promise<{ list: EndorseListRow[]; total: number }> {
  const ids = await visibleUserIds(db, userId);
  const sql = db.sql;
  const parts = [sql`user_id IN ${sql(ids)}`];
  if (q.status) parts.push(sql`status = ${q.status}`);
  if (q.kind) parts.push(sql`${sql(KIND_COLUMN[q.kind])} > 0`);
  if (q.keyword) parts.push(anyColumnContains(sql, ['apply_no', 'policy_no', 'endorse_no'], q.keyword));
  if (q.start) parts.push(sql`effective_date >= ${q.start}`);
  if (q.end) parts.push(sql`effective_date <= ${q.end}`);
  const where = parts.reduce((acc, p) => sql`${acc} AND ${p}`);
  const [agg] = await sql`SELECT COUNT(*) AS n FROM endorsement WHERE ${where}`;
  const total = num(agg.n);
  if (!total) return { list: [], total };
  const rows =
    await sql`SELECT * FROM endorsement WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return { list: rows.map((r: Row) => viewListRow(toEndorsement(r), todayDate)), total };
}

/** The operator's queue: every member's endorsements, submitted first by default. */
export async function listForOperator(
  db: Db,
  q: OperatorListQuery,
  todayDate: string,
): Promise<{ list: (EndorseListRow & { user_id: number; has_id_fix: boolean })[]; total: number }> {
  const sql = db.sql;
  const parts = [sql`1 = 1`];
  if (q.status) parts.push(sql`status = ${q.status}`);
  if (q.keyword) parts.push(anyColumnContains(sql, ['apply_no', 'policy_no', 'endorse_no'], q.keyword));
  const where = parts.reduce((acc, p) => sql`${acc} AND ${p}`);
  const [agg] = await sql`SELECT COUNT(*) AS n FROM endorsement WHERE ${where}`;
  const total = num(agg.n);
  const rows = await sql`SELECT * FROM endorsement WHERE ${where} ORDER BY id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return {
    list: rows.map((r: Row) => {
      const e = toEndorsement(r);
      return { ...viewListRow(e, todayDate), user_id: e.userId, has_id_fix: e.hasIdFix };
    }),
    total,
  };
}

/**
 * The detail as the API answers it. `fullIds` adds each person's whole ID number (`id_no`) beside
 * the masked one: the operator's review page, where an ID fix is checked against the documents.
 */
export async function endorsementDetail(
  db: Db,
  e: Endorsement,
  policy: Policy | null,
  todayDate: string,
  actions: string[] = memberActions(e.status),
  { fullIds = false }: { fullIds?: boolean } = {},
) {
  const items = await loadItems(db.sql, e.id);
  const events: Row[] = await db.sql`SELECT * FROM endorsement_event WHERE endorsement_id = ${e.id} ORDER BY id`;
  const docs: Row[] = await db.sql`SELECT * FROM endorsement_document WHERE endorsement_id = ${e.id} ORDER BY id`;
  const view = (f: PersonFacts | null) =>
    f
      ? {
          name: f.name,
          id_no_masked: maskResidentId(f.id_no),
          ...(fullIds ? { id_no: f.id_no } : {}),
          occupation_class: f.occupation_class,
        }
      : null;
  const D = policy ? periodDays(policy, policy.start).D : 0;
  return {
    endorsement: {
      ...viewListRow(e, todayDate),
      order_id: e.orderId,
      remark: e.remark,
      reason: e.reason,
      note: e.note,
      charged: fenToYuan(e.charged),
      refunded: fenToYuan(e.refunded),
      submitted_at: e.submittedAt,
      decided_at: e.decidedAt,
      policy: policy
        ? {
            id: policy.id,
            policy_no: policy.policyNo,
            plan_name: policy.planName,
            plan_name_en: policy.planNameEn,
            start_date: policy.start,
            end_date: policy.end,
            type: policy.type,
          }
        : null,
    },
    items: items.map((i) => ({
      id: i.id,
      kind: i.kind,
      insured_id: i.insuredId,
      before: view(i.before),
      after: view(i.after),
      days: i.days,
      premium: fenToYuan(i.premium),
    })),
    totals: {
      ...e.counts,
      period_days: D,
      days: items[0]?.days ?? (policy ? dayNumber(policy.end) - dayNumber(e.effectiveDate) + 1 : 0),
      premium_delta: fenToYuan(e.premiumDelta),
    },
    timeline: events.map(statusEvent),
    documents: docs.map((r: Row) => ({ id: num(r.id), kind: String(r.kind), file_id: num(r.file_id), name: String(r.name) })),
    notice_url: e.status === 'approved' ? `/userapi/v1/endorse/notice?id=${e.id}` : '',
    actions,
    /**
     * The member's undo window while they may withdraw: what goes back to the balance, and when the
     * sandbox insurer answers (`decide_after`, `seconds_left`; null: until an operator acts).
     */
    withdraw: actions.includes('withdraw')
      ? {
          refund: fenToYuan(e.charged - e.refunded),
          decide_after: e.decideAfter,
          seconds_left: e.decideAfter === null ? null : Math.max(0, e.decideAfter - nowSeconds()),
        }
      : null,
  };
}

/** Apply and endorsement numbers of endorsements by id (the premium history names them). */
export async function endorsementRefs(db: Db, ids: number[]): Promise<Map<number, { applyNo: string; endorseNo: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.sql`SELECT id, apply_no, endorse_no FROM endorsement WHERE id IN ${db.sql(ids)}`;
  return new Map(
    rows.map((r: Record<string, unknown>) => [Number(r.id), { applyNo: String(r.apply_no), endorseNo: String(r.endorse_no ?? '') }]),
  );
}
