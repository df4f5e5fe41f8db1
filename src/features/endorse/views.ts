/** Read models of the endorsement pages and API: eligible policies with their open endorsement, the roster on a date. */
import { maskResidentId } from '~/lib/cn-id';
import { fenToYuan } from '~/lib/money';
import { type Db, num } from '~/server/db/client';
import { visibleUserIds } from '~/server/members';
import { notFound } from './errors';
import type { RosterPort } from './policy';
import type { RosterQuery } from './schemas';

/** GET endorse/policies: own effective named-list guzhu/tuanyi policies, each with its open endorsement's id (or null). */
export async function eligiblePolicyList(db: Db, port: RosterPort, userId: number) {
  const ids = await visibleUserIds(db, userId);
  const policies = await port.eligiblePolicies(db.sql, ids);
  const open = policies.length
    ? await db.sql`SELECT id, order_id FROM endorsement WHERE order_id IN ${db.sql(policies.map((p) => p.id))} AND status IN ('draft', 'submitted')`
    : [];
  const openOf = new Map<number, number>(open.map((r: Record<string, unknown>) => [num(r.order_id), num(r.id)]));
  const list = policies.map((p) => ({
    id: p.id,
    order_no: p.orderNo,
    policy_no: p.policyNo,
    type: p.type,
    plan_name: p.planName,
    plan_name_en: p.planNameEn,
    policyholder: p.policyholder,
    start_date: p.start,
    end_date: p.end,
    classes: p.classes,
    premiums: Object.fromEntries(p.classes.map((c) => [String(c), fenToYuan(p.premiumOf(c) ?? 0)])),
    open_id: openOf.get(p.id) ?? null,
  }));
  return { list, total: list.length };
}

/** GET endorse/roster: the policy's insured on `as_of` (default today), with their active periods. */
export async function rosterPage(db: Db, port: RosterPort, userId: number, q: RosterQuery, today: string) {
  const policy = await port.loadPolicy(db.sql, q.order_id);
  if (!policy || !(await visibleUserIds(db, userId)).includes(policy.userId)) throw notFound();
  const asOf = q.as_of || (today < policy.start ? policy.start : today > policy.end ? policy.end : today);
  const { list, total } = await port.rosterOn(db.sql, policy.id, asOf, q.keyword, q.page, q.limit);
  return {
    as_of: asOf,
    list: list.map((r) => ({
      id: r.id,
      name: r.name,
      id_no_masked: maskResidentId(r.idNo),
      gender: r.gender,
      birthday: r.birthday,
      class: r.cls,
      active_from: r.activeFrom,
      active_to: r.activeTo,
    })),
    total,
  };
}
