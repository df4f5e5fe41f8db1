/**
 * The report wizard's lookups: the member's policies for an accident day, the people insured on
 * one that day, and the documents a claim of a type will need.
 */
import { apiMessage } from '~/features/_shared/messages';
import { maskResidentId } from '~/lib/cn-id';
import type { Locale } from '~/lib/types';
import type { Db } from '~/server/db/client';
import { notFound } from './model';
import { findInsured, findPolicy, listClaimablePolicies, listInsuredOn } from './policies';
import { type ClaimType, requiredDocuments } from './schemas';

/** Report wizard, step 2: the member's policies a claim may be reported on for an accident day. */
export async function claimablePolicies(db: Db, viewer: number, accidentDate: string) {
  const list = await listClaimablePolicies(db, viewer, accidentDate);
  return {
    list: list.map((p) => ({ order_id: p.orderId, policy_no: p.policyNo, type: p.type, start: p.start, end: p.end, named: p.named })),
  };
}

/** Report wizard, step 3: people insured on a (visible) policy on the accident day. */
export async function insuredOn(
  db: Db,
  viewer: number,
  q: { order_id: number; accident_date: string; keyword: string; page: number; limit: number },
) {
  const policy = await findPolicy(db, viewer, q.order_id);
  if (!policy) throw notFound();
  if (!policy.named) return { list: [], total: 0 };
  const { list, total } = await listInsuredOn(db, policy.orderId, q.accident_date, q.keyword, q.page, q.limit);
  return { list: list.map((p) => ({ insured_id: p.insuredId, name: p.name, id_no_masked: maskResidentId(p.idNo) })), total };
}

/** One person on a (visible) named-list policy who was covered on the day, or null. */
export async function insuredPersonOn(db: Db, viewer: number, orderId: number, date: string, insuredId: number) {
  const policy = await findPolicy(db, viewer, orderId);
  if (!policy?.named) return null;
  const p = await findInsured(db, policy.orderId, insuredId);
  if (!p || date < p.activeFrom || date > p.activeTo) return null;
  return { insured_id: p.insuredId, name: p.name, id_no_masked: maskResidentId(p.idNo) };
}

/** Report wizard, step 4: the documents a claim of this type on this policy will need. */
export async function requirements(db: Db, viewer: number, q: { order_id: number; type: ClaimType }, locale: Locale) {
  const policy = await findPolicy(db, viewer, q.order_id);
  if (!policy) throw notFound();
  return {
    documents: requiredDocuments(q.type, policy.type, policy.named).map((d) => ({
      kind: d.kind,
      label: apiMessage(locale, `claim.kinds.${d.kind}`),
      required: d.required,
    })),
  };
}
