/** The claim row, its errors and the small helpers every claims module shares. */
import type { SQL } from 'bun';
import { zonedParts } from '~/lib/format';
import { num, numOrNull } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import type { ClaimStatus, ClaimType, DocumentKind } from './schemas';

export interface Claim {
  id: number;
  claimNo: string;
  userId: number;
  orderId: number;
  policyNo: string;
  policyType: string;
  named: boolean;
  insuredId: number | null;
  insuredName: string;
  insuredIdNo: string;
  type: ClaimType;
  accidentDate: string;
  accidentPlace: string;
  description: string;
  hospital: string;
  /** Fen. */
  estimatedAmount: number;
  /** Fen, once approved. */
  approvedAmount: number | null;
  status: ClaimStatus;
  /** Bumped by each request for documents: files of the current round answer the request. */
  round: number;
  requestedKinds: DocumentKind[];
  requestNote: string;
  reason: string;
  paymentRef: string;
  paidAt: string;
  createdAt: number;
  updatedAt: number;
}

type Row = Record<string, unknown>;

function kinds(raw: unknown): DocumentKind[] {
  try {
    const v = JSON.parse(String(raw ?? '[]'));
    return Array.isArray(v) ? (v as DocumentKind[]) : [];
  } catch {
    return [];
  }
}

export function toClaim(r: Row): Claim {
  return {
    id: num(r.id),
    claimNo: String(r.claim_no),
    userId: num(r.user_id),
    orderId: num(r.order_id),
    policyNo: String(r.policy_no),
    policyType: String(r.policy_type),
    named: num(r.named) === 1,
    insuredId: numOrNull(r.insured_id),
    insuredName: String(r.insured_name),
    insuredIdNo: String(r.insured_id_no),
    type: String(r.type) as ClaimType,
    accidentDate: String(r.accident_date),
    accidentPlace: String(r.accident_place ?? ''),
    description: String(r.description ?? ''),
    hospital: String(r.hospital ?? ''),
    estimatedAmount: num(r.estimated_amount),
    approvedAmount: numOrNull(r.approved_amount),
    status: String(r.status) as ClaimStatus,
    round: num(r.round),
    requestedKinds: kinds(r.requested_kinds),
    requestNote: String(r.request_note ?? ''),
    reason: String(r.reason ?? ''),
    paymentRef: String(r.payment_ref ?? ''),
    paidAt: String(r.paid_at ?? ''),
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
  };
}

/** Another's or an unknown claim (or document, or file): 404, never a hint that it exists. */
export const notFound = () => new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });

/** 409 `The claim is {status}; this action is not possible`. */
export const wrongState = (status: ClaimStatus) =>
  new DomainError(`claim.wrongState.${status}`, { status: 409, code: Codes.CONFLICT, params: { status } });

/** 400 naming one field. */
export const badField = (field: string, key: string, params?: Record<string, string | number>) =>
  new DomainError(key, { status: 400, code: Codes.VALIDATION, field, errors: { [field]: key }, params });

/** Required (or requested) document kinds without a file: 400 with `data.missing`. */
export class MissingDocumentsError extends DomainError {
  readonly missing: DocumentKind[];
  constructor(missing: DocumentKind[]) {
    super('claim.documentsMissing', { status: 400, code: Codes.VALIDATION, field: 'documents', params: { kinds: missing.join(', ') } });
    this.missing = missing;
  }
}

/** Today in the site's time zone, `YYYY-MM-DD`. */
export function siteToday(timeZone: string, nowMs = Date.now()): string {
  const p = zonedParts(nowMs, timeZone);
  return `${p.YYYY}-${p.MM}-${p.DD}`;
}

/** Who acts on a claim. */
export interface Actor {
  userId: number;
  /** Shown in the timeline (nickname or username at the time). */
  name: string;
  role: 'member' | 'operator';
  ip?: string;
}

/** One claim row by id inside a transaction (no scope: callers check it). */
export async function loadClaim(tx: SQL, id: number): Promise<Claim | null> {
  const [r] = await tx`SELECT * FROM claim WHERE id = ${id}`;
  return r ? toClaim(r) : null;
}
