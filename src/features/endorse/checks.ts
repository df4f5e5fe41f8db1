/**
 * What an endorsement must satisfy, checked on create, on each edit and again on submit (the roster
 * and the date can change in between): an eligible policy, the effective date, each new person,
 * each removed person, and all items together against the roster.
 */
import type { SQL } from 'bun';
import { ageOn, parseResidentId } from '~/lib/cn-id';
import { conflict, invalid } from './errors';
import type { Endorsement, EndorseItem, PersonFacts } from './model';
import type { InsuredRow, Policy, RosterPort } from './policy';

const ELIGIBLE_TYPES = new Set(['guzhu', 'tuanyi']);

/** Effective, named-list guzhu/tuanyi policy, else 409. */
export function checkEligible(policy: Policy): void {
  if (policy.status !== 'effective' || !policy.namedList || !ELIGIBLE_TYPES.has(policy.type)) {
    throw conflict('endorse.policyNotEligible');
  }
}

/** The effective date's rules: ≥ today, ≥ policy start, ≤ policy end. */
export function checkEffective(policy: Policy, date: string, todayDate: string): void {
  if (date < todayDate) throw invalid('effective_date', 'endorse.effectiveTooEarly', { today: todayDate });
  if (date < policy.start) throw invalid('effective_date', 'endorse.effectiveBeforeStart', { start: policy.start });
  if (date > policy.end) throw invalid('effective_date', 'endorse.effectiveAfterEnd', { end: policy.end });
}

/** A new person's checks on the effective date: ID (GB 11643), age window, class. */
export function checkPerson(
  policy: Policy,
  p: { name: string; id_no: string; occupation_class: number },
  effective: string,
  prefix = '',
): PersonFacts {
  const id = parseResidentId(p.id_no);
  if (!id) throw invalid(`${prefix}id_no`, 'endorse.idNoInvalid');
  const age = ageOn(id.birthday, effective);
  if (age < policy.age.min || age > policy.age.max)
    throw invalid(`${prefix}id_no`, 'endorse.ageOutside', { min: policy.age.min, max: policy.age.max });
  if (!policy.classes.includes(p.occupation_class) || policy.premiumOf(p.occupation_class) === null) {
    throw invalid(`${prefix}occupation_class`, 'endorse.classNotAllowed', { class: p.occupation_class });
  }
  return { name: p.name, id_no: id.id, occupation_class: p.occupation_class, gender: id.gender, birthday: id.birthday };
}

/** The removed person's row: insured on the effective date, and E ≥ their cover start. */
export async function checkRemovable(
  tx: SQL,
  port: RosterPort,
  orderId: number,
  insuredId: number,
  effective: string,
): Promise<InsuredRow> {
  const row = await port.findInsured(tx, orderId, insuredId);
  if (!row) throw invalid('insured_id', 'endorse.insuredInvalid');
  if (row.activeTo < effective) throw invalid('insured_id', 'endorse.insuredNotActive');
  if (effective < row.activeFrom) throw invalid('effective_date', 'endorse.effectiveBeforeActive', { date: row.activeFrom });
  return row;
}

/**
 * Check every item against the roster on the effective date (run on each edit and on submit, since
 * the roster and the date can change in between): removed people insured on E and not before
 * their start, added IDs not insured on or after E nor twice, the headcount within the plan.
 */
export async function checkItems(tx: SQL, port: RosterPort, policy: Policy, e: Endorsement, items: EndorseItem[]): Promise<void> {
  const touched = new Set<number>();
  const newIds = new Map<string, number>();
  let delta = 0;
  for (const item of items) {
    if (item.insuredId !== null) {
      if (touched.has(item.insuredId)) throw invalid('insured_id', 'endorse.insuredTwice');
      touched.add(item.insuredId);
      await checkRemovable(tx, port, policy.id, item.insuredId, e.effectiveDate);
    }
    if (item.after && (item.kind === 'add' || item.kind === 'replace')) {
      checkPerson(policy, item.after, e.effectiveDate);
      if (newIds.has(item.after.id_no)) throw invalid('id_no', 'endorse.idTwice');
      newIds.set(item.after.id_no, item.id);
    }
    if (item.kind === 'correct' && item.before && item.after && item.before.id_no !== item.after.id_no) {
      if (newIds.has(item.after.id_no)) throw invalid('id_no', 'endorse.idTwice');
      newIds.set(item.after.id_no, item.id);
    }
    if (item.kind === 'add') delta += 1;
    if (item.kind === 'remove') delta -= 1;
  }
  if (newIds.size) {
    const clash = await port.activeFromOn(tx, policy.id, e.effectiveDate, [...newIds.keys()]);
    // A person removed (or replaced) in this very endorsement may come back as someone else's replacement.
    if (clash.some((r) => !touched.has(r.id))) throw invalid('id_no', 'endorse.idActive');
  }
  if (delta !== 0) {
    const after = (await port.countOn(tx, policy.id, e.effectiveDate)) + delta;
    if (after < policy.minInsured || after > policy.maxInsured) {
      throw invalid('items', 'endorse.headcountOutside', { min: policy.minInsured, max: policy.maxInsured });
    }
  }
}
