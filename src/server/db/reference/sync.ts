import type { SQL } from 'bun';
import { num, nowSeconds, type Db } from '../client';
import { withSchemaLock } from '../migrations';
import { DEFAULT_SITE_CONFIG } from './config';
import { REFERENCE_GROUPS, REFERENCE_RULES, RULE_RENAMES, type ReferenceGroup, type ReferenceRule } from './rules';

/** What the product needs in every database; tests pass their own to simulate a later version. */
export interface ReferenceData {
  rules: ReferenceRule[];
  renames: Record<string, string>;
  groups: ReferenceGroup[];
  config: Record<string, unknown>;
}

export const REFERENCE: ReferenceData = {
  rules: REFERENCE_RULES,
  renames: RULE_RENAMES,
  groups: REFERENCE_GROUPS,
  config: DEFAULT_SITE_CONFIG,
};

export interface SyncReport {
  configAdded: string[];
  rulesAdded: string[];
  rulesRenamed: string[];
  groupsAdded: string[];
}

/** Reference rules in tree order with their parent's name; weigh falls from 1000 in that order. */
function flatten(rules: ReferenceRule[], parent: string | null = null, out: { rule: ReferenceRule; parent: string | null }[] = []) {
  for (const rule of rules) {
    out.push({ rule, parent });
    if (rule.children) flatten(rule.children, rule.name, out);
  }
  return out;
}

async function addMissingConfig(tx: SQL, config: Record<string, unknown>, now: number): Promise<string[]> {
  const added: string[] = [];
  for (const [key, value] of Object.entries(config)) {
    const rows = await tx`INSERT INTO site_config (key, value, updated_at) VALUES (${key}, ${JSON.stringify(value)}, ${now})
      ON CONFLICT (key) DO NOTHING RETURNING key`;
    if (rows.length) added.push(key);
  }
  return added;
}

async function applyRenames(tx: SQL, renames: Record<string, string>, now: number): Promise<string[]> {
  const moved: string[] = [];
  for (const [from, to] of Object.entries(renames)) {
    const [clash] = await tx`SELECT id FROM user_rule WHERE name = ${to}`;
    if (clash) continue;
    const rows = await tx`UPDATE user_rule SET name = ${to}, path = CASE WHEN path = ${from} THEN ${to} ELSE path END,
      updated_at = ${now} WHERE name = ${from} RETURNING id`;
    if (!rows.length) continue;
    await tx`INSERT INTO reference_rule (name, synced_at) VALUES (${to}, ${now}) ON CONFLICT (name) DO NOTHING`;
    moved.push(`${from} → ${to}`);
  }
  return moved;
}

/**
 * Brings a database up to the product's reference data, idempotently, at every start:
 * - site settings: missing keys are added, existing values are the operators';
 * - rules: renamed ones move in place (same id, so grants follow), missing ones are added under
 *   their parent; rows that exist are left as operators edited them, and a reference rule an
 *   operator deleted is not brought back;
 * - built-in groups: found by code (legacy databases: by name), created when missing; a rule
 *   that arrives is granted to the groups whose `grants` want it. Grants to existing rules are
 *   never touched, so an operator's edits to a group survive every upgrade.
 */
export async function syncReferenceData(db: Db, ref: ReferenceData = REFERENCE): Promise<SyncReport> {
  return withSchemaLock(db, async (tx) => {
    const now = nowSeconds();
    const report: SyncReport = { configAdded: [], rulesAdded: [], rulesRenamed: [], groupsAdded: [] };
    report.configAdded = await addMissingConfig(tx, ref.config, now);
    report.rulesRenamed = await applyRenames(tx, ref.renames, now);

    const existing = new Map<string, number>();
    for (const r of await tx`SELECT id, name FROM user_rule`) existing.set(String(r.name), num(r.id));
    const seen = new Set<string>((await tx`SELECT name FROM reference_rule`).map((r: { name: string }) => r.name));

    const added: { id: number; name: string; type: string }[] = [];
    let weigh = 1000;
    for (const { rule, parent } of flatten(ref.rules)) {
      const w = weigh--;
      if (existing.has(rule.name) || seen.has(rule.name)) continue;
      const pid = parent === null ? 0 : existing.get(parent);
      if (pid === undefined) continue; // its parent was deleted by an operator
      const [row] = await tx`INSERT INTO user_rule ${tx({
        pid,
        type: rule.type,
        title: rule.title,
        title_en: rule.title_en,
        name: rule.name,
        path: rule.path ?? '',
        icon: rule.icon ?? '',
        menu_type: rule.menu_type ?? 'tab',
        url: rule.url ?? '',
        extend: rule.extend ?? 'none',
        no_login_valid: rule.no_login_valid ?? 0,
        weigh: w,
        status: 1,
        created_at: now,
        updated_at: now,
      })} RETURNING id`;
      existing.set(rule.name, num(row.id));
      added.push({ id: num(row.id), name: rule.name, type: rule.type });
    }
    for (const { rule } of flatten(ref.rules)) {
      await tx`INSERT INTO reference_rule (name, synced_at) VALUES (${rule.name}, ${now}) ON CONFLICT (name) DO NOTHING`;
    }
    report.rulesAdded = added.map((r) => r.name);

    const types = new Map(flatten(ref.rules).map((f) => [f.rule.name, f.rule.type as string]));
    for (const group of ref.groups) {
      let [row] = await tx`SELECT id, rules FROM user_group WHERE code = ${group.code}`;
      if (!row) {
        [row] = await tx`UPDATE user_group SET code = ${group.code}
          WHERE id = (SELECT MIN(id) FROM user_group WHERE code IS NULL AND name = ${group.name}) RETURNING id, rules`;
      }
      if (!row) {
        const all = [...existing.entries()].map(([name, id]) => ({ id, name, type: types.get(name) ?? 'menu' }));
        const rules =
          group.grants === '*'
            ? '*'
            : all
                .filter((r) => (group.grants as (r: unknown) => boolean)(r))
                .map((r) => r.id)
                .join(',');
        await tx`INSERT INTO user_group (code, name, rules, status, created_at, updated_at)
          VALUES (${group.code}, ${group.name}, ${rules}, 1, ${now}, ${now})`;
        report.groupsAdded.push(group.code);
        continue;
      }
      const current = String(row.rules ?? '');
      if (current.trim() === '*' || group.grants === '*' || !added.length) continue;
      const grant = group.grants;
      const ids = current
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const more = added.filter((r) => grant(r) && !ids.includes(String(r.id))).map((r) => String(r.id));
      if (more.length)
        await tx`UPDATE user_group SET rules = ${[...ids, ...more].join(',')}, updated_at = ${now} WHERE id = ${num(row.id)}`;
    }
    return report;
  });
}
