/**
 * The rule table (spec §6 menu rules) as permissions: which rules a member's group grants, whether
 * it may open a page or press a button. Menus are built from the same rows by the menus feature.
 */
import type { Locale, MenuType, RuleExtend, RuleNode, RuleType } from '~/lib/types';
import { type Session, tryRequestContext } from '~/server/context';
import { num, type Db } from '~/server/db/client';
import { isOperatorRule } from '~/server/db/reference/rules';
import { forbidden, needLogin } from '~/server/errors';
import { requestMemo } from '~/server/request-memo';
import { configVersions } from '~/server/site-config';

/** A user_rule row as used here (status=1 rows only). */
export interface RuleRow extends Omit<RuleNode, 'children'> {
  title_en: string;
  no_login_valid: number;
  weigh: number;
}

/** A `user_rule` row's columns as a RuleRow (also the operator console's reading of every rule). */
export function toRuleRow(r: Record<string, unknown>): RuleRow {
  return {
    id: num(r.id),
    pid: num(r.pid),
    type: r.type as RuleType,
    title: String(r.title),
    title_en: String(r.title_en ?? ''),
    name: String(r.name),
    path: String(r.path ?? ''),
    icon: String(r.icon ?? ''),
    menu_type: (r.menu_type || 'tab') as MenuType,
    url: String(r.url ?? ''),
    extend: (r.extend || 'none') as RuleExtend,
    no_login_valid: num(r.no_login_valid),
    weigh: num(r.weigh),
  };
}

// No TTL: the rule rows are kept per process under the `rules` config version, read once per
// request (issue #14), so every instance sees an operator's edit on its next request.
const ruleCache = new WeakMap<Db, { version: number; rows: RuleRow[] }>();

/** Enabled rules ordered weigh desc, id asc; reloaded when the `rules` config version moves. */
export async function loadRules(db: Db): Promise<RuleRow[]> {
  const { rules: version } = await configVersions(db);
  const hit = ruleCache.get(db);
  if (hit && hit.version === version) return hit.rows;
  const raw = await db.sql`SELECT id, pid, type, title, title_en, name, path, icon, menu_type, url, extend,
      no_login_valid, weigh FROM user_rule WHERE status = 1 ORDER BY weigh DESC, id ASC`;
  const rows: RuleRow[] = raw.map(toRuleRow);
  ruleCache.set(db, { version, rows });
  return rows;
}

/** Drop this process's rule and group copies (optional: writers bump the config version instead). */
export function invalidateRules(db: Db): void {
  ruleCache.delete(db);
  groupCache.delete(db);
}

/** A group as permissions see it: its rule spec ('*' or ids) and whether it is enabled. */
export interface GroupGrant {
  id: number;
  rules: string;
  status: number;
}

const groupCache = new WeakMap<Db, { version: number; groups: Map<number, GroupGrant> }>();

/** Every group's grant, reloaded when the `groups` config version moves. */
export async function loadGroups(db: Db): Promise<Map<number, GroupGrant>> {
  const { groups: version } = await configVersions(db);
  const hit = groupCache.get(db);
  if (hit && hit.version === version) return hit.groups;
  const rows = await db.sql`SELECT id, rules, status FROM user_group`;
  const groups = new Map<number, GroupGrant>();
  for (const r of rows) groups.set(num(r.id), { id: num(r.id), rules: String(r.rules ?? ''), status: num(r.status) });
  groupCache.set(db, { version, groups });
  return groups;
}

export interface MemberRules {
  /** Group rules '*': every member rule, and every member permission check passes (operator-only rules never). */
  isSuper: boolean;
  rules: RuleRow[];
}

/** Per request: the page guard and the portal view both ask for the member's rules. */
const rulesThisRequest = requestMemo<number, MemberRules>();

/**
 * The enabled rules a member's group grants (none when the group is disabled or missing). Asked
 * once per request and member inside a page request; a failed read is not remembered.
 */
export function memberRules(db: Db, userId: number): Promise<MemberRules> {
  const ctx = tryRequestContext();
  return ctx ? rulesThisRequest(ctx, db, userId, () => readMemberRules(db, userId)) : readMemberRules(db, userId);
}

async function readMemberRules(db: Db, userId: number): Promise<MemberRules> {
  const [g] = await db.sql`SELECT g.rules, g.status, u.parent_id FROM "user" u JOIN user_group g ON g.id = u.group_id
    WHERE u.id = ${userId}`;
  if (!g || num(g.status) !== 1) return { isSuper: false, rules: [] };
  // A team sub-account (#12) never exceeds its owner: its private group's rules ∩ the owner's
  // current ones, so narrowing the owner narrows every sub at once. Never '*' for a sub.
  const owner = g.parent_id === null || g.parent_id === undefined ? null : await readMemberRules(db, num(g.parent_id));
  const all = owner ? owner.rules : await loadRules(db);
  const spec = String(g.rules ?? '').trim();
  if (spec === '*') return owner ? { isSuper: false, rules: all } : { isSuper: true, rules: all.filter((r) => !isOperatorRule(r)) };
  const ids = new Set(
    spec
      .split(',')
      .map((s) => Number(s.trim()))
      .filter(Number.isInteger),
  );
  return { isSuper: false, rules: all.filter((r) => ids.has(r.id)) };
}

function toNode(r: RuleRow, locale: Locale): RuleNode {
  return {
    id: r.id,
    pid: r.pid,
    type: r.type,
    title: locale === 'en' && r.title_en ? r.title_en : r.title,
    name: r.name,
    path: r.path,
    icon: r.icon,
    menu_type: r.menu_type,
    url: r.url,
    extend: r.extend,
    children: [],
  };
}

/**
 * Assemble a tree by pid, keeping the input order among siblings. Nodes whose parent is not in
 * the set are dropped (`orphansAsRoots` false: a member needs the parent rule too) or become roots.
 */
export function buildTree(rows: RuleRow[], locale: Locale, orphansAsRoots: boolean): RuleNode[] {
  const nodes = new Map(rows.map((r) => [r.id, toNode(r, locale)]));
  const roots: RuleNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.pid ? nodes.get(r.pid) : undefined;
    if (parent) parent.children.push(node);
    else if (r.pid === 0 || orphansAsRoots) roots.push(node);
  }
  return roots;
}

export type PagePermission = 'allowed' | 'forbidden' | 'unknown';

/**
 * May the member open this `/user/...` page? 'allowed' when the group holds a (non-button) rule
 * whose `/user/` + path equals it; `/user`, `/user/login` and `/user/iframe/...` are always
 * allowed to a member; 'unknown' when no rule anywhere describes the path (the caller decides,
 * normally 404); 'forbidden' otherwise, and for every ruled page without a session.
 */
export async function memberPagePermission(db: Db, session: Session | null, pathname: string): Promise<PagePermission> {
  const clean = pathname.replace(/\/+$/, '');
  if (clean !== '/user' && !clean.startsWith('/user/')) return 'unknown';
  const rel = clean === '/user' ? '' : clean.slice('/user/'.length);
  if (rel === 'login') return 'allowed';
  if (rel === '' || rel === 'iframe' || rel.startsWith('iframe/')) return session ? 'allowed' : 'forbidden';
  const pageRules = (await loadRules(db)).filter(
    (r) => r.type !== 'button' && r.type !== 'nav' && r.type !== 'nav_user_menu' && r.path === rel,
  );
  if (!pageRules.length) return 'unknown';
  if (!session) return 'forbidden';
  const { rules } = await memberRules(db, session.userId);
  return rules.some((r) => r.path === rel && pageRules.includes(r)) ? 'allowed' : 'forbidden';
}

/**
 * Whether the member's group grants the rule `ruleName` (case-insensitive); '*' grants every
 * member rule, never an operator-only one.
 */
export async function hasAction(db: Db, session: Session | null, ruleName: string): Promise<boolean> {
  if (!session) return false;
  const { isSuper, rules } = await memberRules(db, session.userId);
  const wanted = ruleName.replace(/^\/+/, '').toLowerCase();
  if (isSuper) return !isOperatorRule({ name: wanted });
  return rules.some((r) => r.name.toLowerCase() === wanted);
}

/**
 * Whether the group lists `ruleName` by id. For operator-only rules: a group's `'*'` stands for
 * every member rule and must never grant them.
 */
export async function hasExplicitRule(db: Db, session: Session | null, ruleName: string): Promise<boolean> {
  if (!session) return false;
  const { isSuper, rules } = await memberRules(db, session.userId);
  if (isSuper) return false;
  const wanted = ruleName.replace(/^\/+/, '').toLowerCase();
  return rules.some((r) => r.name.toLowerCase() === wanted);
}

/**
 * An operator: the member's group lists an operator-only rule by id (a group's `'*'` never makes
 * one). Operators sign in and work while the member centre is closed.
 */
export async function isOperatorMember(db: Db, userId: number): Promise<boolean> {
  const { isSuper, rules } = await memberRules(db, userId);
  return !isSuper && rules.some((r) => isOperatorRule(r));
}

/** Throw 403 'You do not have permission to operate!' unless {@link hasAction}. */
export async function assertAction(db: Db, session: Session | null, ruleName: string): Promise<void> {
  if (!session) throw needLogin();
  if (!(await hasAction(db, session, ruleName))) throw forbidden();
}

/**
 * Enabled members whose group lists `ruleName` explicitly (a group's `'*'` does not count): the
 * operators who work a queue (claim reviewers, invoice issuers…), in id order. Runs in the caller's
 * transaction.
 */
export async function membersWithRule(tx: import('bun').SQL, ruleName: string): Promise<number[]> {
  const [rule] = await tx`SELECT id FROM user_rule WHERE name = ${ruleName} AND status = 1`;
  if (!rule) return [];
  const ruleId = String(rule.id);
  const groups: Record<string, unknown>[] = await tx`SELECT id, rules FROM user_group WHERE status = 1`;
  const ids = groups
    .filter((g) =>
      String(g.rules ?? '')
        .split(',')
        .map((s) => s.trim())
        .includes(ruleId),
    )
    .map((g) => num(g.id));
  if (!ids.length) return [];
  const users: Record<string, unknown>[] = await tx`SELECT id FROM "user" WHERE group_id IN ${tx(ids)} AND status = 'enable' ORDER BY id`;
  return users.map((u) => num(u.id));
}
