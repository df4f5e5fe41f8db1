/**
 * The orders area's policies and roster as endorsements use them (the RosterPort), through its
 * public surface: findOrder, insertInsured, endInsured, countActiveInsured, listInsured (all take
 * the caller's transaction), and computePremium over the order's plan snapshot for P(c), so an
 * endorsement's price is exactly what the order charged per person for that class.
 *
 * No exported function fits three things, so they are SQL on the orders tables here, inside the
 * endorsement's transaction: one insured row by id, the rows of given ID numbers still covered on
 * or after a date, and the in-place edit of a name/ID fix or a first-day class change; plus the
 * list of eligible policy ids.
 */
import {
  computePremium,
  countActiveInsured,
  endInsured,
  findOrder,
  type InsuredRecord,
  insertInsured,
  listInsured,
  type OrderRecord,
  toInsured as toInsuredRecord,
} from '~/features/orders';
import { OPEN_STATUSES } from '~/features/claims/schemas';
import { num } from '~/server/db/client';
import type { InsuredRow, Policy, RosterPort } from './policy';

type Row = Record<string, unknown>;

function toPolicy(o: OrderRecord): Policy {
  const plan = o.plan;
  const cache = new Map<number, number | null>();
  return {
    id: o.id,
    planId: o.planId,
    userId: o.userId,
    type: o.product,
    status: o.status,
    namedList: o.namedList,
    orderNo: o.orderNo,
    policyNo: o.policyNo ?? '',
    planName: o.planName,
    planNameEn: o.planNameEn,
    policyholder: o.holderName,
    start: o.startDate,
    end: o.endDate,
    classes: plan.classes.map(Number),
    age: { min: plan.age_min, max: plan.age_max },
    minInsured: plan.min_insured,
    maxInsured: plan.max_insured,
    // P(c): the products area's own per-person premium for the order's term over its snapshot.
    premiumOf(cls: number) {
      if (!cache.has(cls)) {
        const covered = plan.classes.includes(cls) && Boolean(plan.annual[String(cls)]);
        cache.set(cls, covered ? computePremium(plan, { class: cls, headcount: 1, months: o.months }).perPerson : null);
      }
      return cache.get(cls) ?? null;
    },
  };
}

function toInsured(r: InsuredRecord): InsuredRow {
  return {
    id: r.id,
    orderId: r.orderId,
    name: r.name,
    idNo: r.idNo,
    gender: r.gender,
    birthday: r.birthday,
    cls: r.class,
    activeFrom: r.activeFrom,
    activeTo: r.activeTo,
    premium: r.premium,
  };
}

/** The orders area's tables behind the RosterPort. */
export const ordersPort: RosterPort = {
  async loadPolicy(sql, orderId) {
    const order = await findOrder(sql, orderId);
    return order ? toPolicy(order) : null;
  },
  async eligiblePolicies(sql, userIds) {
    const rows = await sql`SELECT id FROM policy_order WHERE user_id IN ${sql(userIds)} AND status = 'effective'
      AND named_list = 1 AND product IN ('guzhu', 'tuanyi') ORDER BY id DESC LIMIT 500`;
    return Promise.all(rows.map(async (r: Row) => toPolicy((await findOrder(sql, Number(r.id))) as OrderRecord)));
  },
  async findInsured(sql, orderId, insuredId) {
    const [r] = await sql`SELECT * FROM order_insured WHERE id = ${insuredId} AND order_id = ${orderId}`;
    return r ? toInsured(toInsuredRecord(r)) : null;
  },
  async activeFromOn(sql, orderId, date, idNos) {
    if (!idNos.length) return [];
    const rows = await sql`SELECT * FROM order_insured WHERE order_id = ${orderId} AND id_no IN ${sql(idNos)} AND active_to >= ${date}`;
    return rows.map((r: Row) => toInsured(toInsuredRecord(r)));
  },
  countOn: (sql, orderId, date) => countActiveInsured(sql, orderId, date),
  async classCountsOn(sql, orderId, date) {
    const rows = await sql`SELECT class, COUNT(*) AS n FROM order_insured
      WHERE order_id = ${orderId} AND active_from <= ${date} AND active_to >= ${date} GROUP BY class`;
    return new Map(rows.map((r: Row) => [num(r.class), num(r.n)]));
  },
  async openClaims(sql, orderId, insuredIds) {
    if (!insuredIds.length) return [];
    // The claims area's table, read here as the roster's is (its public surface names the open states).
    const rows = await sql`SELECT DISTINCT insured_id FROM claim WHERE order_id = ${orderId}
      AND insured_id IN ${sql(insuredIds)} AND status IN ${sql([...OPEN_STATUSES])}`;
    return rows.map((r: Row) => num(r.insured_id));
  },
  async coveredElsewhere(sql, policy, userIds, date, idNos) {
    if (!idNos.length || !userIds.length) return [];
    const rows = await sql`SELECT DISTINCT i.id_no, o.policy_no, o.order_no FROM order_insured i
      JOIN policy_order o ON o.id = i.order_id
      WHERE o.user_id IN ${sql(userIds)} AND o.id <> ${policy.id} AND o.product = ${policy.type} AND o.status = 'effective'
        AND o.start_date <= ${date} AND o.end_date >= ${date}
        AND i.id_no IN ${sql(idNos)} AND i.active_from <= ${date} AND i.active_to >= ${date}
      ORDER BY i.id_no, o.policy_no`;
    // A submitted endorsement adding them from `date` or earlier counts too: the insurer may accept it any moment.
    const pending = await sql`SELECT DISTINCT it.id_no, o.policy_no, o.order_no FROM endorsement_item it
      JOIN endorsement e ON e.id = it.endorsement_id
      JOIN policy_order o ON o.id = e.order_id
      WHERE e.status = 'submitted' AND it.kind IN ('add', 'replace') AND it.id_no IN ${sql(idNos)}
        AND o.user_id IN ${sql(userIds)} AND o.id <> ${policy.id} AND o.product = ${policy.type} AND o.status = 'effective'
        AND e.effective_date <= ${date} AND o.end_date >= ${date}
      ORDER BY it.id_no, o.policy_no`;
    const found = [...rows, ...pending].map((r: Row) => ({ idNo: String(r.id_no), policyNo: String(r.policy_no || r.order_no) }));
    return found.filter((f, k) => found.findIndex((g) => g.idNo === f.idNo && g.policyNo === f.policyNo) === k);
  },
  async rosterOn(sql, orderId, date, keyword, page, limit) {
    const { list, total } = await listInsured(sql, orderId, { asOf: date, keyword, page, limit });
    return { list: list.map(toInsured), total };
  },
  async add(sql, policy, p, from, premium) {
    const row = { name: p.name, id_no: p.idNo, gender: p.gender as 1 | 2, birthday: p.birthday, class: p.cls };
    await insertInsured(sql, policy.id, [row], { activeFrom: from, activeTo: policy.end, source: 'endorse', premiumOf: () => premium });
  },
  async setPremium(sql, insuredId, premium) {
    await sql`UPDATE order_insured SET premium = ${premium} WHERE id = ${insuredId}`;
  },
  async drop(sql, insuredId) {
    await sql`DELETE FROM order_insured WHERE id = ${insuredId}`;
  },
  async end(sql, orderId, insuredId, to) {
    await endInsured(sql, orderId, to, [insuredId]);
  },
  async edit(sql, insuredId, change) {
    const set: Row = {};
    if (change.name !== undefined) set.name = change.name;
    if (change.idNo !== undefined) set.id_no = change.idNo;
    if (change.gender !== undefined) set.gender = change.gender;
    if (change.birthday !== undefined) set.birthday = change.birthday;
    if (change.cls !== undefined) set.class = change.cls;
    if (Object.keys(set).length) await sql`UPDATE order_insured SET ${sql(set)} WHERE id = ${insuredId}`;
  },
  async setHeadcount(sql, orderId, count) {
    await sql`UPDATE policy_order SET insured_count = ${count} WHERE id = ${orderId}`;
  },
};
