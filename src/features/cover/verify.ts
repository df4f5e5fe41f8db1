/**
 * The public check of a certificate by its code (`/verify/cover` and GET /cover/verify): what the
 * certificate printed (policyholder, policy number, plan, period, its day, names and masked ID
 * numbers) and, per person, whether they are covered TODAY — a person removed by an endorsement, or
 * on a policy surrendered or ended, is "no longer covered since" the first day without cover.
 * Nothing else: never a full ID number, never a person the certificate did not list.
 *
 * Every lookup is counted against the asking IP's limit first (429 beyond it), then the code is
 * hashed and looked up the same way whether it exists or not, and the answer is held back until a
 * fixed minimum time has passed, so a guessed code answers "not found" as slowly as a real one.
 */
import { addDays, findOrder, siteToday } from '~/features/orders';
import type { ProductCode } from '~/features/products/schemas';
import { parseJson } from '~/lib/json';
import { type Db, num, numOrNull } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { hit } from '~/server/rate-limit';
import { hashCode } from './codes';
import type { CoverPerson } from './certificates';

/** Checks per IP and minute (env PORTAL_COVER_VERIFY_PER_MINUTE, default 30). */
export const coverVerifyPerMinute = () => Number(process.env.PORTAL_COVER_VERIFY_PER_MINUTE) || 30;
/** Every answer takes at least this long (milliseconds). */
export const VERIFY_MIN_MS = 300;

export interface VerifiedPerson extends CoverPerson {
  /** Covered today. */
  covered: boolean;
  /** When not covered today: the first day without cover (`YYYY-MM-DD`), '' if it never started. */
  since: string;
}

export interface VerifiedCertificate {
  policyholder: string;
  policy_no: string;
  product: ProductCode;
  plan: string;
  plan_en: string;
  start_date: string;
  end_date: string;
  day: string;
  issued_at: number;
  revoked_at: number | null;
  today: string;
  people: VerifiedPerson[];
}

export type VerifyResult = 'valid' | 'revoked' | 'not_found';

async function admit(db: Db, ip: string): Promise<void> {
  const state = await hit(db, { key: `cover-verify:ip:${ip}`, max: coverVerifyPerMinute(), window: 60 });
  if (!state.allowed) {
    throw new DomainError('cover.verifyTooMany', { status: 429, code: Codes.TOO_MANY, params: { seconds: Math.max(1, state.retryAfter) } });
  }
}

/** Per listed person: covered today, or since when not (any row of the same person on the policy counts). */
async function todayStatus(db: Db, orderId: number, people: CoverPerson[], today: string): Promise<VerifiedPerson[]> {
  const ids = people.map((p) => p.insured_id);
  const rows = ids.length
    ? await db.sql`SELECT id, id_no, active_from, active_to FROM order_insured
        WHERE order_id = ${orderId} AND id_no IN (SELECT id_no FROM order_insured WHERE order_id = ${orderId} AND id IN ${db.sql(ids)})`
    : [];
  const idNoOf = new Map<number, string>();
  const byIdNo = new Map<string, { from: string; to: string }[]>();
  for (const r of rows) {
    const idNo = String(r.id_no);
    idNoOf.set(num(r.id), idNo);
    byIdNo.set(idNo, [...(byIdNo.get(idNo) ?? []), { from: String(r.active_from), to: String(r.active_to) }]);
  }
  return people.map((p) => {
    const spans = byIdNo.get(idNoOf.get(p.insured_id) ?? '') ?? [];
    const covered = spans.some((s) => s.from <= today && today <= s.to);
    const ended = spans.filter((s) => s.to < today).map((s) => s.to);
    const since = covered || !ended.length ? '' : addDays(ended.sort().at(-1) as string, 1);
    return { insured_id: p.insured_id, name: p.name, id_masked: p.id_masked, covered, since };
  });
}

async function lookup(db: Db, code: string, today?: string): Promise<{ result: VerifyResult; certificate: VerifiedCertificate | null }> {
  const [row] = await db.sql`SELECT * FROM cover_certificate WHERE code_hash = ${hashCode(code)}`;
  if (!row) return { result: 'not_found', certificate: null };
  const order = await findOrder(db, num(row.order_id));
  if (!order) return { result: 'not_found', certificate: null };
  const people = parseJson<CoverPerson[]>(row.people, []);
  const day = today ?? (await siteToday(db));
  const revokedAt = numOrNull(row.revoked_at);
  return {
    result: revokedAt ? 'revoked' : 'valid',
    certificate: {
      policyholder: order.policyholder.name || order.holderName,
      policy_no: order.policyNo ?? '',
      product: order.product,
      plan: order.planName,
      plan_en: order.planNameEn,
      start_date: order.startDate,
      end_date: order.endDate,
      day: String(row.day),
      issued_at: num(row.created_at),
      revoked_at: revokedAt,
      today: day,
      // A revoked certificate vouches for nobody: its people are not shown.
      people: revokedAt ? [] : await todayStatus(db, order.id, people, day),
    },
  };
}

/** One counted, time-padded check of `code` from `ip`. */
export async function verifyCover(
  db: Db,
  ip: string,
  code: string,
  o: { today?: string; minMs?: number } = {},
): Promise<{ result: VerifyResult; certificate: VerifiedCertificate | null }> {
  const started = performance.now();
  await admit(db, ip);
  try {
    return await lookup(db, code, o.today);
  } finally {
    const wait = (o.minMs ?? VERIFY_MIN_MS) - (performance.now() - started);
    if (wait > 0) await Bun.sleep(wait);
  }
}
