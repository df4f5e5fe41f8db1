/**
 * Reading claims: the member list (team scope), the operator queue (open claims oldest first with
 * counts per status) and one claim's detail (checklist, timeline, allowed actions). The CSV export
 * (export.ts) shares the lists' WHERE.
 */
import type { SQL } from 'bun';
import { apiMessage } from '~/features/_shared/messages';
import { dayStart } from '~/features/ledger';
import { maskResidentId } from '~/lib/cn-id';
import { fenToYuan } from '~/lib/money';
import type { Locale } from '~/lib/types';
import { type Db, num } from '~/server/db/client';
import { anyColumnContains } from '~/server/db/contains';
import { claimDocuments } from './documents';
import { type Claim, notFound, toClaim } from './model';
import {
  CLAIM_STATUSES,
  type ClaimListQuery,
  type ClaimStatus,
  type ClaimType,
  type DocumentKind,
  OPEN_STATUSES,
  requiredDocuments,
} from './schemas';

type Row = Record<string, unknown>;

/** One row of a claim list, as the API answers it (money as yuan strings). */
export interface ClaimListItem {
  id: number;
  claim_no: string;
  status: ClaimStatus;
  type: ClaimType;
  policy_no: string;
  insured_name: string;
  accident_date: string;
  estimated_amount: string;
  approved_amount: string | null;
  created_at: number;
}

export function toListItem(c: Claim): ClaimListItem {
  return {
    id: c.id,
    claim_no: c.claimNo,
    status: c.status,
    type: c.type,
    policy_no: c.policyNo,
    insured_name: c.insuredName,
    accident_date: c.accidentDate,
    estimated_amount: fenToYuan(c.estimatedAmount),
    approved_amount: c.approvedAmount === null ? null : fenToYuan(c.approvedAmount),
    created_at: c.createdAt,
  };
}

const NO_END = 253_402_300_799;

function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** A claim number as members type it: looked up on its unique index, not by a scan. */
const CLAIM_NO = /^CL\d{14}$/;

/**
 * The WHERE of a list: scope (member ids, or every claim for operators), filters, report-day
 * range. `open`: only open claims, written as the literal list the partial index names.
 */
export function whereOf(sql: SQL, scope: number[] | null, q: ClaimListQuery, timeZone: string, open = false) {
  let w = scope ? (scope.length === 1 ? sql`user_id = ${scope[0]}` : sql`user_id IN ${sql(scope)}`) : sql`1 = 1`;
  if (q.status) w = sql`${w} AND status = ${q.status}`;
  else if (open) w = sql`${w} AND status IN ('reported', 'reviewing', 'need_documents', 'approved')`;
  if (q.type) w = sql`${w} AND type = ${q.type}`;
  if (q.start || q.end) {
    const from = q.start ? dayStart(q.start, timeZone) : 0;
    const to = q.end ? dayStart(nextDay(q.end), timeZone) : NO_END;
    w = sql`${w} AND created_at >= ${from} AND created_at < ${to}`;
  }
  if (q.keyword && CLAIM_NO.test(q.keyword.toUpperCase())) w = sql`${w} AND claim_no = ${q.keyword.toUpperCase()}`;
  else if (q.keyword) w = sql`${w} AND ${anyColumnContains(sql, ['insured_name', 'policy_no', 'claim_no'], q.keyword)}`;
  return w;
}

/** A member's (team-visible) claims, newest first. */
export async function listClaims(
  db: Db,
  scope: number[],
  q: ClaimListQuery,
  timeZone: string,
): Promise<{ list: ClaimListItem[]; total: number }> {
  const where = whereOf(db.sql, scope, q, timeZone);
  const [agg] = await db.sql`SELECT COUNT(*) AS n FROM claim WHERE ${where}`;
  const total = num(agg.n);
  if (!total) return { list: [], total };
  const rows: Row[] = await db.sql`SELECT * FROM claim WHERE ${where}
    ORDER BY created_at DESC, id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return { list: rows.map((r) => toListItem(toClaim(r))), total };
}

/** How many of the scope's claims the list's filters (all but the status) find in each status: the list's status tabs. */
export async function countClaimStatuses(db: Db, scope: number[], q: ClaimListQuery, timeZone: string): Promise<Record<string, number>> {
  const where = whereOf(db.sql, scope, { ...q, status: '' }, timeZone);
  const rows = await db.sql`SELECT status, COUNT(*) AS n FROM claim WHERE ${where} GROUP BY status`;
  return Object.fromEntries(rows.map((r: Row) => [String(r.status), num(r.n)]));
}

/** The operator queue: open claims (or one status) oldest first, and how many claims are in each status. */
export async function listQueue(
  db: Db,
  q: ClaimListQuery,
  timeZone: string,
): Promise<{ list: ClaimListItem[]; total: number; counts: Record<ClaimStatus, number> }> {
  const where = whereOf(db.sql, null, q, timeZone, true);
  const counts = Object.fromEntries(CLAIM_STATUSES.map((s) => [s, 0])) as Record<ClaimStatus, number>;
  for (const r of await db.sql`SELECT status, COUNT(*) AS n FROM claim GROUP BY status`) {
    if ((CLAIM_STATUSES as readonly string[]).includes(String(r.status))) counts[String(r.status) as ClaimStatus] = num(r.n);
  }
  let total: number;
  if (!q.type && !q.keyword && !q.start && !q.end) {
    // No filter but the status: the counts already hold the total.
    total = q.status ? counts[q.status] : OPEN_STATUSES.reduce((n, s) => n + counts[s], 0);
  } else {
    const [agg] = await db.sql`SELECT COUNT(*) AS n FROM claim WHERE ${where}`;
    total = num(agg.n);
  }
  if (!total) return { list: [], total, counts };
  const rows: Row[] = await db.sql`SELECT * FROM claim WHERE ${where}
    ORDER BY created_at ASC, id ASC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return { list: rows.map((r) => toListItem(toClaim(r))), total, counts };
}

/** A claim by id within a scope (member ids; null for operators), else 404. */
export async function findClaim(db: Db, scope: number[] | null, id: number): Promise<Claim> {
  const [r] = await db.sql`SELECT * FROM claim WHERE id = ${id}`;
  if (!r || (scope && !scope.includes(num(r.user_id)))) throw notFound();
  return toClaim(r);
}

export type Viewer = { role: 'member' } | { role: 'operator'; canReview: boolean; canPay: boolean };

/** What the viewer may do with the claim now (drives the buttons; the API checks again). */
export function allowedActions(c: Claim, viewer: Viewer): string[] {
  if (viewer.role === 'member') {
    const out: string[] = [];
    if (c.status === 'reported' || c.status === 'need_documents') out.push('document', 'documentDelete');
    if (c.status === 'need_documents') out.push('resubmit');
    if (c.status === 'reported' || c.status === 'reviewing' || c.status === 'need_documents') out.push('withdraw');
    return out;
  }
  const out: string[] = [];
  if (viewer.canReview && c.status === 'reported') out.push('startReview');
  if (viewer.canReview && c.status === 'reviewing') out.push('requestDocuments', 'approve', 'reject');
  if (viewer.canPay && c.status === 'approved') out.push('markPaid');
  return out;
}

export interface ClaimDetail {
  claim: ClaimListItem & {
    order_id: number;
    policy_type: string;
    named: boolean;
    insured_id_no_masked: string;
    accident_place: string;
    description: string;
    hospital: string;
    requested_kinds: DocumentKind[];
    request_note: string;
    reason: string;
    payment_ref: string;
    paid_at: string;
    updated_at: number;
  };
  documents: {
    kind: DocumentKind;
    label: string;
    required: boolean;
    requested: boolean;
    files: { id: number; name: string; size: number; url: string; created_at: number }[];
  }[];
  timeline: { from: string; to: string; actor: string; role: string; note: string; created_at: number }[];
  actions: string[];
}

/** One claim for its member (scope) or an operator (scope null): summary, checklist per kind, timeline, actions. */
export async function claimDetail(db: Db, scope: number[] | null, id: number, locale: Locale, viewer: Viewer): Promise<ClaimDetail> {
  const c = await findClaim(db, scope, id);
  const docs = await claimDocuments(db.sql, c.id);
  const base = viewer.role === 'member' ? '/userapi/v1/claim/file' : '/userapi/v1/operator/claim/file';
  const checklist = requiredDocuments(c.type, c.policyType, c.named);
  // A kind on the claim that the checklist no longer lists (never expected) still shows its files.
  for (const d of docs) if (!checklist.some((k) => k.kind === d.kind)) checklist.push({ kind: d.kind, required: false });
  const events: Row[] = await db.sql`SELECT * FROM claim_event WHERE claim_id = ${c.id} ORDER BY id`;
  return {
    claim: {
      ...toListItem(c),
      order_id: c.orderId,
      policy_type: c.policyType,
      named: c.named,
      insured_id_no_masked: maskResidentId(c.insuredIdNo),
      accident_place: c.accidentPlace,
      description: c.description,
      hospital: c.hospital,
      requested_kinds: c.status === 'need_documents' ? c.requestedKinds : [],
      request_note: c.status === 'need_documents' ? c.requestNote : '',
      reason: c.reason,
      payment_ref: c.paymentRef,
      paid_at: c.paidAt,
      updated_at: c.updatedAt,
    },
    documents: checklist.map(({ kind, required }) => ({
      kind,
      label: apiMessage(locale, `claim.kinds.${kind}`),
      required,
      requested: c.status === 'need_documents' && c.requestedKinds.includes(kind),
      files: docs
        .filter((d) => d.kind === kind)
        .map((d) => ({ id: d.id, name: d.name, size: d.size, url: `${base}?id=${c.id}&document_id=${d.id}`, created_at: d.createdAt })),
    })),
    timeline: events.map((e) => ({
      from: String(e.from_status ?? ''),
      to: String(e.to_status),
      actor: String(e.actor ?? ''),
      role: String(e.role),
      note: String(e.note ?? ''),
      created_at: num(e.created_at),
    })),
    actions: allowedActions(c, viewer),
  };
}
