/** Site groups in the operator console: list, detail, save ('*' for all), delete. */
import type { SQL } from 'bun';
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { isOperatorRule } from '~/server/db/reference/rules';
import { bumpConfigVersion } from '~/server/site-config';
import { type Actor, assertConsoleReachable, conflict, invalid, notFound, specIds } from './common';
import { ruleTree } from './rules';
import type { GroupSaveInput } from './schemas';

type Row = Record<string, unknown>;

export interface GroupView {
  id: number;
  name: string;
  status: number;
  all: boolean;
  rule_count: number;
  member_count: number;
}

/** Site groups (not a team's private ones) with how many rules they hold and members they have. */
export async function listGroups(db: Db): Promise<{ list: GroupView[] }> {
  const groups = await db.sql`SELECT id, name, status, rules FROM user_group WHERE owner_id IS NULL ORDER BY id`;
  const counts = await db.sql`SELECT group_id, COUNT(*) AS n FROM "user" GROUP BY group_id`;
  const members = new Map<number, number>(counts.map((c: Row) => [num(c.group_id), num(c.n)]));
  const [rules] = await db.sql`SELECT COUNT(*) AS n FROM user_rule WHERE name <> 'operator' AND name NOT LIKE 'operator/%'`;
  return {
    list: groups.map((g: Row) => {
      const all = String(g.rules ?? '').trim() === '*';
      return {
        id: num(g.id),
        name: String(g.name),
        status: num(g.status),
        all,
        rule_count: all ? num(rules.n) : specIds(String(g.rules ?? '')).length,
        member_count: members.get(num(g.id)) ?? 0,
      };
    }),
  };
}

async function groupRow(sql: SQL, id: number): Promise<Row | null> {
  const [g] = await sql`SELECT id, name, status, rules, code FROM user_group WHERE id = ${id} AND owner_id IS NULL`;
  return g ?? null;
}

/** A group, the rule ids it lists, and the whole rule tree (for the checkbox tree); unknown → 404. */
export async function groupDetail(db: Db, id: number) {
  const g = await groupRow(db.sql, id);
  if (!g) throw notFound();
  const spec = String(g.rules ?? '').trim();
  return {
    group: { id: num(g.id), name: String(g.name), status: num(g.status), all: spec === '*', code: g.code ?? null },
    rules: specIds(spec),
    tree: await ruleTree(db),
  };
}

/** Audit form of a group: its fields and rule spec. */
const snapshot = (g: Row | null) => (g ? { name: String(g.name), status: num(g.status), rules: String(g.rules ?? '') } : null);

/**
 * Create or update a group. `all` stores '*' (every member rule, now and later; never operator
 * rules); otherwise the listed rules plus their ancestors. Unknown ids → 400, a taken name → 409;
 * a change that would lock every operator out of the console → 409.
 */
export async function saveGroup(db: Db, actor: Actor, input: GroupSaveInput) {
  return db.sql.begin(async (tx) => {
    const before = input.id === '' ? null : await groupRow(tx, input.id);
    if (input.id !== '' && !before) throw invalid('id', 'operator.idInvalid');
    let spec = '*';
    if (!input.all) {
      const all = await tx`SELECT id, pid FROM user_rule`;
      const parent = new Map<number, number>(all.map((r: Row) => [num(r.id), num(r.pid)]));
      const ids = new Set<number>();
      for (const id of input.rules) {
        if (!parent.has(id)) throw invalid('rules', 'operator.group.rulesInvalid');
        // A member needs the parents of a rule to reach it: add every ancestor.
        for (let cur = id, guard = 0; cur && parent.has(cur) && guard < 64; cur = parent.get(cur) ?? 0, guard++) ids.add(cur);
      }
      spec = [...ids].sort((a, b) => a - b).join(',');
    }
    const [taken] = await tx`SELECT id FROM user_group WHERE owner_id IS NULL AND LOWER(name) = LOWER(${input.name})
      AND id <> ${input.id === '' ? 0 : input.id}`;
    if (taken) throw conflict('operator.group.nameTaken');
    const now = nowSeconds();
    let id: number;
    if (before) {
      id = num(before.id);
      await tx`UPDATE user_group SET name = ${input.name}, status = ${input.status}, rules = ${spec}, updated_at = ${now} WHERE id = ${id}`;
    } else {
      const [row] = await tx`INSERT INTO user_group (name, rules, status, created_at, updated_at)
        VALUES (${input.name}, ${spec}, ${input.status}, ${now}, ${now}) RETURNING id`;
      id = num(row.id);
    }
    await assertConsoleReachable(tx);
    await bumpConfigVersion(tx, 'groups');
    const after = await groupRow(tx, id);
    await writeAudit(tx, {
      userId: actor.userId,
      action: before ? 'operator.group.update' : 'operator.group.create',
      targetType: 'group',
      targetId: id,
      before: snapshot(before),
      after: snapshot(after),
      ip: actor.ip,
    });
    return { group: { id, name: input.name, status: input.status, all: spec === '*', rules: specIds(spec) } };
  });
}

/** Delete a group without members (else 409); built-in groups are refused too (409). */
export async function deleteGroup(db: Db, actor: Actor, id: number) {
  return db.sql.begin(async (tx) => {
    const g = await groupRow(tx, id);
    if (!g) throw notFound();
    const [m] = await tx`SELECT COUNT(*) AS n FROM "user" WHERE group_id = ${id}`;
    if (num(m.n) > 0) throw conflict('operator.group.hasMembers', { members: num(m.n) });
    if (g.code) throw conflict('operator.group.builtIn');
    await tx`DELETE FROM user_group WHERE id = ${id}`;
    await assertConsoleReachable(tx);
    await bumpConfigVersion(tx, 'groups');
    await writeAudit(tx, {
      userId: actor.userId,
      action: 'operator.group.delete',
      targetType: 'group',
      targetId: id,
      before: snapshot(g),
      after: null,
      ip: actor.ip,
    });
    return { id };
  });
}

/** Whether a group (by its spec) grants a rule: '*' every member rule, else by id. */
export function groupGrants(spec: string, rule: { id: number; name: string }): boolean {
  if (spec.trim() === '*') return !isOperatorRule(rule);
  return specIds(spec).includes(rule.id);
}
