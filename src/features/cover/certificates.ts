/**
 * Cover certificates (在保证明): issue one for a day of a policy in force, list a policy's, find one
 * the member may see, revoke it. Visibility follows the policy (`findVisibleOrder`: a team owner
 * sees its sub-accounts' policies); someone else's policy or certificate is 404.
 */
import { isUniqueViolation } from '~/features/endorse';
import { displayStatus, findVisibleOrder, type OrderRecord, siteToday } from '~/features/orders';
import { parseJson } from '~/lib/json';
import { writeAudit } from '~/server/audit';
import { type Db, num, numOrNull, nowSeconds } from '~/server/db/client';
import { Codes, DomainError, recordNotFound } from '~/server/errors';
import { getSigningSecret } from '~/server/session';
import { deriveCode, formatCode, hashCode, maskId, newNonce } from './codes';
import type { CreateCoverInput } from './schemas';

/** One person as printed on a certificate. */
export interface CoverPerson {
  insured_id: number;
  name: string;
  id_masked: string;
}

export interface CoverCertificate {
  id: number;
  orderId: number;
  userId: number;
  day: string;
  people: CoverPerson[];
  codeNonce: string;
  createdAt: number;
  revokedAt: number | null;
}

function toCertificate(r: Record<string, unknown>): CoverCertificate {
  return {
    id: num(r.id),
    orderId: num(r.order_id),
    userId: num(r.user_id),
    day: String(r.day),
    people: parseJson<CoverPerson[]>(r.people, []),
    codeNonce: String(r.code_nonce),
    createdAt: num(r.created_at),
    revokedAt: numOrNull(r.revoked_at),
  };
}

/** The API's view of a certificate (no code: the PDF carries it). */
export function certificateView(c: CoverCertificate) {
  return {
    id: c.id,
    order_id: c.orderId,
    day: c.day,
    people_count: c.people.length,
    people: c.people,
    status: c.revokedAt ? ('revoked' as const) : ('valid' as const),
    created_at: c.createdAt,
    revoked_at: c.revokedAt,
  };
}

/** The printed check code of a certificate (`XXXX-XXXX-XXXX`). */
export async function certificateCode(db: Db, c: Pick<CoverCertificate, 'codeNonce'>): Promise<string> {
  return formatCode(deriveCode(await getSigningSecret(db), c.codeNonce));
}

const fieldError = (key: string, field: string, params?: Record<string, string | number>) =>
  new DomainError(key, { status: 400, code: Codes.VALIDATION, field, params });

/** Whether certificates may be issued on this policy today (in force, with a policy number). */
export function canIssue(order: OrderRecord, today: string): boolean {
  return !!order.policyNo && displayStatus(order, today) === 'effective';
}

/** The rows covered on `day` (`active_from <= day <= active_to`), in roster order. */
async function coveredOn(db: Db, orderId: number, day: string): Promise<{ id: number; name: string; idNo: string }[]> {
  const rows: Record<string, unknown>[] = await db.sql`SELECT id, name, id_no FROM order_insured
    WHERE order_id = ${orderId} AND active_from <= ${day} AND active_to >= ${day} ORDER BY id`;
  return rows.map((r: Record<string, unknown>) => ({ id: num(r.id), name: String(r.name), idNo: String(r.id_no) }));
}

/**
 * Issue a certificate: the policy must be visible (404) and in force (409); the day defaults to
 * today and must lie in the policy period (400 `day`); the people default to everyone covered that
 * day, and a chosen person not covered that day is 400 `insured_ids`. Same `request_id` from the
 * same member: the same certificate.
 */
export async function createCertificate(
  db: Db,
  userId: number,
  input: CreateCoverInput,
  o: { today?: string; at?: number; ip?: string } = {},
): Promise<CoverCertificate> {
  const [prior] = await db.sql`SELECT * FROM cover_certificate WHERE user_id = ${userId} AND request_id = ${input.request_id}`;
  if (prior) return toCertificate(prior);
  const order = await findVisibleOrder(db, userId, input.order_id);
  if (!order) throw recordNotFound();
  const today = o.today ?? (await siteToday(db));
  if (!canIssue(order, today)) throw new DomainError('cover.notInForce', { status: 409, code: Codes.CONFLICT, field: 'order_id' });
  const day = input.day || (today < order.startDate ? order.startDate : today);
  if (day < order.startDate || day > order.endDate)
    throw fieldError('cover.dayOutside', 'day', { start: order.startDate, end: order.endDate });
  const covered = await coveredOn(db, order.id, day);
  let chosen = covered;
  if (input.insured_ids.length) {
    const wanted = new Set(input.insured_ids);
    chosen = covered.filter((r) => wanted.has(r.id));
    const missing = wanted.size - chosen.length;
    if (missing > 0) throw fieldError('cover.peopleNotCovered', 'insured_ids', { n: missing, day });
  }
  if (!chosen.length) throw fieldError('cover.nobodyCovered', 'day', { day });
  const people: CoverPerson[] = chosen.map((r) => ({ insured_id: r.id, name: r.name, id_masked: maskId(r.idNo) }));
  const secret = await getSigningSecret(db);
  const at = o.at ?? nowSeconds();
  // A collision of 60-bit codes is all but impossible; the unique index would refuse it, so try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const nonce = newNonce();
    try {
      const [row] =
        await db.sql`INSERT INTO cover_certificate (order_id, user_id, day, people, code_hash, code_nonce, request_id, created_at)
        VALUES (${order.id}, ${userId}, ${day}, ${JSON.stringify(people)}, ${hashCode(deriveCode(secret, nonce))}, ${nonce}, ${input.request_id}, ${at})
        RETURNING *`;
      await writeAudit(db, {
        userId,
        action: 'cover.issue',
        detail: { id: num(row.id), order_id: order.id, day, people: people.length },
        ip: o.ip,
      });
      return toCertificate(row);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const [same] = await db.sql`SELECT * FROM cover_certificate WHERE user_id = ${userId} AND request_id = ${input.request_id}`;
      if (same) return toCertificate(same);
    }
  }
  throw new DomainError('serverError', { status: 500 });
}

/** A policy's certificates, newest first (`{list, total}`); 404 for a policy the member cannot see. */
export async function listCertificates(db: Db, userId: number, orderId: number): Promise<{ list: CoverCertificate[]; total: number }> {
  const order = await findVisibleOrder(db, userId, orderId);
  if (!order) throw recordNotFound();
  const rows = await db.sql`SELECT * FROM cover_certificate WHERE order_id = ${order.id} ORDER BY id DESC LIMIT 500`;
  const list = rows.map(toCertificate);
  return { list, total: list.length };
}

/** One certificate on a policy the member may see, with its policy; null otherwise. */
export async function findVisibleCertificate(
  db: Db,
  userId: number,
  id: number,
): Promise<{ certificate: CoverCertificate; order: OrderRecord } | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db.sql`SELECT * FROM cover_certificate WHERE id = ${id}`;
  if (!row) return null;
  const certificate = toCertificate(row);
  const order = await findVisibleOrder(db, userId, certificate.orderId);
  return order ? { certificate, order } : null;
}

/** Revoke (once: 409 when already revoked); the verify page then says so. */
export async function revokeCertificate(
  db: Db,
  userId: number,
  id: number,
  o: { at?: number; ip?: string } = {},
): Promise<CoverCertificate> {
  const found = await findVisibleCertificate(db, userId, id);
  if (!found) throw recordNotFound();
  const at = o.at ?? nowSeconds();
  const [row] = await db.sql`UPDATE cover_certificate SET revoked_at = ${at} WHERE id = ${id} AND revoked_at IS NULL RETURNING *`;
  if (!row) throw new DomainError('cover.alreadyRevoked', { status: 409, code: Codes.CONFLICT });
  await writeAudit(db, { userId, action: 'cover.revoke', detail: { id, order_id: found.order.id }, ip: o.ip });
  return toCertificate(row);
}
