/**
 * The dry run (issue #31 items 1 and 4): one function that plans an endorsement from its items, the
 * policy and the roster on the effective date — per person what happens and from which day, the
 * premium or refund at the policy's rates, the total, the balance before and after, and every
 * insurer rule of the plan checked. The preview shows it; the submission runs the same function
 * inside its transaction and charges its total, so the two cannot differ.
 */
import type { SQL } from 'bun';
import { findPlan, type PlanRules, RULE_CODES, type RuleCode, type RuleSeverity, rulesOf } from '~/features/products';
import { ageOn, parseResidentId } from '~/lib/cn-id';
import { fenToYuan } from '~/lib/money';
import { type Db, num } from '~/server/db/client';
import { visibleUserIds } from '~/server/members';
import type { Endorsement, EndorseItem } from './model';
import type { Policy, RosterPort } from './policy';
import { addDays, type ItemKind, premiumDelta } from './premium';
import { priceLines } from './pricing';

/** One person's line: what happens to them, from which day, and the premium (+) or refund (−) in fen. */
export interface PlanLine {
  item_id: number;
  kind: ItemKind;
  insured_id: number | null;
  name: string;
  /** The person's name before a name correction or a replacement (the one leaving), else ''. */
  name_before: string;
  id_no: string;
  class_before: number | null;
  class_after: number | null;
  from: string;
  days: number;
  premium: number;
}

/** One rule checked: its code, severity, outcome and the values its sentence names. */
export interface RuleCheck {
  code: RuleCode;
  severity: RuleSeverity;
  ok: boolean;
  params: Record<string, string | number>;
}

export interface EndorsePlan {
  effective_date: string;
  lines: PlanLine[];
  /** Premium change in fen: positive is charged on submission, negative refunded when the insurer accepts. */
  total: number;
  charge: number;
  refund: number;
  headcount: { before: number; after: number };
  /** The policy owner's balance now and once the insurer accepted (fen). */
  balance_before: number;
  balance_after: number;
  checks: RuleCheck[];
  /** Codes of failed errors (the submission is refused). */
  errors: RuleCode[];
  /** Codes of failed warnings (each must be acknowledged). */
  warnings: RuleCode[];
}

/** The owner's company: a main account and its sub-accounts (a sub-account's parent's team). */
export async function teamOf(db: Db, userId: number): Promise<number[]> {
  const [me] = await db.sql`SELECT parent_id FROM "user" WHERE id = ${userId}`;
  const head = me?.parent_id == null ? userId : num(me.parent_id);
  return visibleUserIds(db, head);
}

/** The plan's rules now (defaults when the plan row is gone). */
export async function rulesOfPolicy(sql: SQL, policy: Policy): Promise<PlanRules> {
  const plan = await findPlan(sql, policy.planId);
  return plan ? plan.rules : rulesOf('{}', policy.minInsured);
}

const names = (list: string[]) => [...new Set(list)].join(', ');

/**
 * Plan an endorsement on its effective date. `today` is the site's day; `team` the owner's company
 * (the "already covered" rule looks at its other policies). Reads only; run it inside the
 * submission's transaction to charge exactly what it says.
 */
export async function planEndorsement(
  sql: SQL,
  port: RosterPort,
  policy: Policy,
  e: Pick<Endorsement, 'effectiveDate' | 'userId'>,
  items: EndorseItem[],
  opts: { today: string; team: number[]; rules?: PlanRules },
): Promise<EndorsePlan> {
  const E = e.effectiveDate;
  const rules = opts.rules ?? (await rulesOfPolicy(sql, policy));
  const priced = await priceLines(sql, policy, E, items, port);
  const lines: PlanLine[] = priced.map(({ item, days, premium }) => {
    const who = item.after ?? item.before;
    const renamed = item.before && item.after && item.before.name !== item.after.name ? item.before.name : '';
    return {
      item_id: item.id,
      kind: item.kind,
      insured_id: item.insuredId,
      name: who?.name ?? '',
      name_before: renamed,
      id_no: who?.id_no ?? '',
      class_before: item.before?.occupation_class ?? null,
      class_after: item.after?.occupation_class ?? null,
      from: E,
      days,
      premium,
    };
  });
  const total = premiumDelta(priced.map((p) => ({ premium: p.premium })));

  // The roster on E by class, then with the items applied.
  const byClass = await port.classCountsOn(sql, policy.id, E);
  const before = [...byClass.values()].reduce((s, n) => s + n, 0);
  const after = new Map(byClass);
  const bump = (cls: number | undefined, d: number) => {
    if (cls) after.set(cls, (after.get(cls) ?? 0) + d);
  };
  for (const i of items) {
    if (i.kind === 'add') bump(i.after?.occupation_class, 1);
    if (i.kind === 'remove') bump(i.before?.occupation_class, -1);
    if (i.kind === 'replace' || (i.kind === 'correct' && i.before?.occupation_class !== i.after?.occupation_class)) {
      bump(i.before?.occupation_class, -1);
      bump(i.after?.occupation_class, 1);
    }
  }
  const headAfter = [...after.values()].reduce((s, n) => s + n, 0);
  const high = (after.get(5) ?? 0) + (after.get(6) ?? 0);

  // People whose ID is new on the policy (added, a replacement, an ID fix).
  const incoming = items.filter(
    (i) => i.after && (i.kind === 'add' || i.kind === 'replace' || (i.kind === 'correct' && i.before?.id_no !== i.after.id_no)),
  );
  const leaving = items.filter((i) => i.insuredId !== null && (i.kind === 'remove' || i.kind === 'replace'));

  const failed: Record<RuleCode, { ok: boolean; params: Record<string, string | number> }> = {} as never;
  const earliest = addDays(opts.today, rules.lead_time.value ?? 1);
  failed.lead_time = { ok: E >= earliest, params: { days: rules.lead_time.value ?? 1, date: earliest } };
  const min = rules.min_headcount.value ?? policy.minInsured;
  failed.min_headcount = { ok: headAfter >= min, params: { min, after: headAfter } };
  const max = rules.high_class_share.value ?? 30;
  const share = headAfter > 0 ? Math.round((high * 1000) / headAfter) / 10 : 0;
  failed.high_class_share = { ok: share <= max, params: { max, share } };

  const claimIds = new Set(
    await port.openClaims(
      sql,
      policy.id,
      leaving.map((i) => Number(i.insuredId)),
    ),
  );
  const withClaims = leaving.filter((i) => claimIds.has(Number(i.insuredId))).map((i) => i.before?.name ?? '');
  failed.open_claim = { ok: withClaims.length === 0, params: { names: names(withClaims) } };

  // No person twice: a row touched twice, an incoming ID twice, or one already insured on or after E.
  const twice: string[] = [];
  const touched = new Set<number>();
  for (const i of items) {
    if (i.insuredId === null) continue;
    if (touched.has(i.insuredId)) twice.push(i.before?.name ?? '');
    touched.add(i.insuredId);
  }
  const seen = new Set<string>();
  for (const i of incoming) {
    const id = i.after?.id_no ?? '';
    if (seen.has(id)) twice.push(i.after?.name ?? '');
    seen.add(id);
  }
  const clash = await port.activeFromOn(sql, policy.id, E, [...seen]);
  for (const r of clash) if (!touched.has(r.id)) twice.push(r.name);
  failed.duplicate = { ok: twice.length === 0, params: { names: names(twice) } };

  const outOfAge = incoming
    .filter((i) => {
      const id = parseResidentId(i.after?.id_no ?? '');
      const age = id ? ageOn(id.birthday, E) : -1;
      return age < policy.age.min || age > policy.age.max;
    })
    .map((i) => i.after?.name ?? '');
  failed.age_window = { ok: outOfAge.length === 0, params: { names: names(outOfAge), min: policy.age.min, max: policy.age.max } };

  const badClass = items
    .filter((i) => i.after && i.kind !== 'remove')
    .filter((i) => {
      const c = Number(i.after?.occupation_class);
      return !policy.classes.includes(c) || policy.premiumOf(c) === null;
    })
    .map((i) => i.after?.name ?? '');
  failed.class_allowed = { ok: badClass.length === 0, params: { names: names(badClass) } };

  const covered = await port.coveredElsewhere(
    sql,
    policy,
    opts.team,
    E,
    incoming.map((i) => i.after?.id_no ?? ''),
  );
  const coveredNames = incoming.filter((i) => covered.some((c) => c.idNo === i.after?.id_no)).map((i) => i.after?.name ?? '');
  failed.already_covered = {
    ok: covered.length === 0,
    params: { names: names(coveredNames), policies: names(covered.map((c) => c.policyNo)) },
  };

  const checks: RuleCheck[] = RULE_CODES.map((code) => ({ code, severity: rules[code].severity, ...failed[code] }));
  const [u] = await sql`SELECT money FROM "user" WHERE id = ${e.userId}`;
  const balance = num(u?.money);
  return {
    effective_date: E,
    lines,
    total,
    charge: Math.max(0, total),
    refund: Math.max(0, -total),
    headcount: { before, after: headAfter },
    balance_before: balance,
    balance_after: balance - total,
    checks,
    errors: checks.filter((c) => !c.ok && c.severity === 'error').map((c) => c.code),
    warnings: checks.filter((c) => !c.ok && c.severity === 'warning').map((c) => c.code),
  };
}

/** The plan as the API answers it: amounts in yuan strings (fen kept beside them), ID numbers as stored. */
export function planView(p: EndorsePlan) {
  return {
    effective_date: p.effective_date,
    lines: p.lines.map((l) => ({ ...l, premium: fenToYuan(l.premium), premium_fen: l.premium })),
    total: fenToYuan(p.total),
    total_fen: p.total,
    charge: fenToYuan(p.charge),
    refund: fenToYuan(p.refund),
    headcount: p.headcount,
    balance_before: fenToYuan(p.balance_before),
    balance_after: fenToYuan(p.balance_after),
    balance_before_fen: p.balance_before,
    balance_after_fen: p.balance_after,
    checks: p.checks,
    errors: p.errors,
    warnings: p.warnings,
    can_submit: p.errors.length === 0,
  };
}
