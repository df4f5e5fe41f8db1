import type { IndexPayload, MemberCentre, MenuItem, RuleNode } from './types';

const RULE_PREFIX = '/';
const MENU_PREFIX = '/user/';

/** Where a rule leads: link → its url; iframe → `/user/iframe/{encoded url}`; else prefix + path. */
export function ruleHref(rule: Pick<RuleNode, 'menu_type' | 'url' | 'path'>, prefix: string): string {
  if (rule.menu_type === 'link') return rule.url;
  if (rule.menu_type === 'iframe') return `/user/iframe/${encodeURIComponent(rule.url)}`;
  return prefix + rule.path;
}

function toItem(rule: RuleNode, prefix: string, children: MenuItem[]): MenuItem {
  return {
    id: rule.id,
    name: rule.name,
    title: rule.title,
    icon: rule.icon,
    type: rule.type,
    menuType: rule.menu_type,
    href: ruleHref(rule, prefix),
    children,
  };
}

/** Items of the given types, recursively; add_rules_only entries and empty menu_dirs are skipped. */
function collect(nodes: RuleNode[], prefix: string, types: ReadonlySet<string>): MenuItem[] {
  const out: MenuItem[] = [];
  for (const node of nodes) {
    if (!types.has(node.type) || node.extend === 'add_rules_only') continue;
    const children = collect(node.children ?? [], prefix, types);
    if (node.type === 'menu_dir' && children.length === 0) continue;
    out.push(toItem(node, prefix, children));
  }
  return out;
}

/** nav_user_menu entries anywhere in the tree (they may sit under a menu_dir in `menus`). */
function collectUserMenus(nodes: RuleNode[], prefix: string, out: MenuItem[]): void {
  for (const node of nodes) {
    if (node.type === 'nav_user_menu' && node.extend !== 'add_rules_only') {
      out.push(toItem(node, prefix, collect(node.children ?? [], prefix, new Set(['nav_user_menu']))));
    } else if (node.children?.length) {
      collectUserMenus(node.children, prefix, out);
    }
  }
}

/** Button rules become `prefix + parent path` → [`prefix + button name`, …]. */
function collectAuthNodes(nodes: RuleNode[], prefix: string, out: Record<string, string[]>): void {
  for (const node of nodes) {
    const kids = node.children ?? [];
    const buttons = kids.filter((k) => k.type === 'button');
    if (buttons.length) {
      const key = prefix + (node.path || node.name);
      out[key] ??= [];
      const list = out[key];
      for (const b of buttons) {
        const value = prefix + b.name;
        if (!list.includes(value)) list.push(value);
      }
    }
    collectAuthNodes(kids, prefix, out);
  }
}

/** Build the member-centre state from the index payload's `rules` and `menus` (spec §2, §6). */
export function buildMemberCentre(payload: Pick<IndexPayload, 'rules' | 'menus'>): MemberCentre {
  const authNode: Record<string, string[]> = {};
  collectAuthNodes(payload.rules, RULE_PREFIX, authNode);
  collectAuthNodes(payload.menus, MENU_PREFIX, authNode);

  const headNav = collect(payload.rules, RULE_PREFIX, new Set(['nav']));
  const navUserMenus: MenuItem[] = [];
  collectUserMenus(payload.rules, RULE_PREFIX, navUserMenus);
  collectUserMenus(payload.menus, MENU_PREFIX, navUserMenus);
  const userMenus = collect(payload.menus, MENU_PREFIX, new Set(['menu', 'menu_dir']));

  return { headNav, navUserMenus, userMenus, showHeadline: userMenus.length > 1, authNode };
}

/** The operator console's menu directory (the rule named `operator`: operator-only, never granted by '*'). */
export const isConsoleSection = (item: MenuItem): boolean => item.type === 'menu_dir' && item.name === 'operator';

/**
 * Staff work in the console: a member who has its section sees it first (the sidebar, and where
 * `/user` lands). Everyone else's menu is returned as it is.
 */
export function consoleFirst(userMenus: MenuItem[]): MenuItem[] {
  const i = userMenus.findIndex(isConsoleSection);
  return i > 0 ? [userMenus[i], ...userMenus.slice(0, i), ...userMenus.slice(i + 1)] : userMenus;
}

/**
 * The first entry of the menu tree that is not a menu_dir, searched depth-first (where `/user`
 * lands). External links are skipped: they open a new tab and cannot be a landing page.
 */
export function firstRoute(userMenus: MenuItem[]): MenuItem | null {
  for (const item of userMenus) {
    if (item.type === 'menu_dir') {
      const inner = firstRoute(item.children);
      if (inner) return inner;
    } else if (item.menuType !== 'link') {
      return item;
    }
  }
  return null;
}

/**
 * Permission check of spec §6. By string: `currentPath + '/' + action` must be listed under
 * `currentPath`. By object: `name` must be a key, and `subNodeName` (if given) in its list.
 */
export function checkAuth(
  authNode: Record<string, string[]>,
  currentPath: string,
  action: string | { name: string; subNodeName?: string },
): boolean {
  if (typeof action === 'string') {
    const path = currentPath.replace(/\/+$/, '');
    return authNode[path]?.includes(`${path}/${action}`) ?? false;
  }
  const list = authNode[action.name];
  if (!list) return false;
  return action.subNodeName ? list.includes(action.subNodeName) : true;
}

/**
 * The title of the member's menu entry that leads to `path` (a rule's title or English title as the
 * operator set it, in the member's language), if the member has one: pages title themselves with
 * it, so the sidebar, head navigation, user dropdown and page title say the same.
 */
export function menuTitleFor(centre: Pick<MemberCentre, 'userMenus' | 'headNav' | 'navUserMenus'>, path: string): string | undefined {
  const find = (items: MenuItem[]): string | undefined => {
    for (const item of items) {
      if (item.href === path && item.title) return item.title;
      const inner = find(item.children ?? []);
      if (inner) return inner;
    }
    return undefined;
  };
  return find(centre.userMenus) ?? find(centre.headNav) ?? find(centre.navUserMenus);
}
