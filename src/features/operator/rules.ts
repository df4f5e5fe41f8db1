/** The menu rule tree in the operator console: read it, the paths a menu may open, and a group's sidebar preview. */
import type { SQL } from 'bun';
import type { Locale, MenuType, RuleExtend, RuleNode, RuleType } from '~/lib/types';
import { type Db, num } from '~/server/db/client';
import { isOperatorRule, REFERENCE_RULES, type ReferenceRule } from '~/server/db/reference/rules';
import { buildTree, type RuleRow, toRuleRow } from '~/server/permissions';
import { specIds } from './common';

type Row = Record<string, unknown>;

/** A rule as the console edits it (every field, disabled ones too). */
export interface RuleItem {
  id: number;
  pid: number;
  type: RuleType;
  name: string;
  title: string;
  title_en: string;
  path: string;
  icon: string;
  menu_type: MenuType;
  url: string;
  extend: RuleExtend;
  no_login_valid: number;
  weigh: number;
  status: number;
  /** Operator-only (`isOperatorRule`): a group's '*' never grants it. */
  operator: boolean;
  /** Site groups that grant it. */
  groups: number[];
  children: RuleItem[];
}

/** A `user_rule` row as the console edits it (no groups or children yet). */
export function toItem(r: Row): RuleItem {
  // `name` right after `type`: the order the console's API has always answered in.
  const { id, pid, type, name, ...rest } = toRuleRow(r);
  return {
    id,
    pid,
    type,
    name,
    ...rest,
    status: num(r.status),
    operator: isOperatorRule({ name }),
    groups: [],
    children: [],
  };
}

/** Every rule (disabled too) as a flat list in display order (weigh desc, id asc). */
export async function allRules(sql: SQL): Promise<RuleItem[]> {
  const rows = await sql`SELECT * FROM user_rule ORDER BY weigh DESC, id ASC`;
  return rows.map(toItem);
}

/** The whole tree with `operator`, `groups` (site groups granting each rule) and `children`. */
export async function ruleTree(db: Db): Promise<RuleItem[]> {
  const items = await allRules(db.sql);
  const groups = await db.sql`SELECT id, rules FROM user_group WHERE owner_id IS NULL ORDER BY id`;
  const byId = new Map(items.map((i) => [i.id, i]));
  for (const g of groups) {
    const spec = String(g.rules ?? '').trim();
    if (spec === '*') {
      for (const i of items) if (!i.operator) i.groups.push(num(g.id));
    } else {
      for (const id of specIds(spec)) byId.get(id)?.groups.push(num(g.id));
    }
  }
  const roots: RuleItem[] = [];
  for (const i of items) {
    const parent = i.pid ? byId.get(i.pid) : undefined;
    if (parent) parent.children.push(i);
    else roots.push(i);
  }
  return roots;
}

function referencePaths(rules: ReferenceRule[], out = new Set<string>()): Set<string> {
  for (const r of rules) {
    if ((r.type === 'menu' || r.type === 'route') && r.path) out.add(r.path);
    if (r.children) referencePaths(r.children, out);
  }
  return out;
}

/** Member-centre paths the app has a page for (relative to /user/): what a `tab` menu may open. */
export const APP_PATHS: ReadonlySet<string> = referencePaths(REFERENCE_RULES);

/**
 * What a group's member sees in the sidebar, in a language: the enabled rules the group grants,
 * as the menus feature builds them (menu_dir and menu nodes, no buttons or hidden routes).
 */
export async function previewMenus(db: Db, groupId: number, locale: Locale): Promise<RuleNode[]> {
  const [g] = await db.sql`SELECT rules, status FROM user_group WHERE id = ${groupId}`;
  if (!g || num(g.status) !== 1) return [];
  const items = (await allRules(db.sql)).filter((i) => i.status === 1);
  const spec = String(g.rules ?? '').trim();
  const ids = new Set(specIds(spec));
  const granted = items.filter((i) => (spec === '*' ? !i.operator : ids.has(i.id)));
  const menuRows: RuleRow[] = granted
    .filter((i) => i.type === 'menu_dir' || (i.type === 'menu' && i.extend !== 'add_rules_only'))
    .map(({ groups: _g, children: _c, operator: _o, status: _s, ...r }) => r);
  return buildTree(menuRows, locale, false);
}
