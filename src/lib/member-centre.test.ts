import { describe, expect, test } from 'bun:test';
import { buildMemberCentre, checkAuth, firstRoute } from './member-centre';
import type { RuleNode } from './types';

let nextId = 1;
function node(partial: Partial<RuleNode> & Pick<RuleNode, 'type' | 'name'>): RuleNode {
  return {
    id: nextId++,
    pid: 0,
    title: partial.name,
    path: partial.name,
    icon: '',
    menu_type: 'tab',
    url: '',
    extend: 'none',
    children: [],
    ...partial,
  };
}

const menus: RuleNode[] = [
  node({
    type: 'menu_dir',
    name: 'account',
    children: [
      node({ type: 'menu', name: 'account/overview' }),
      node({ type: 'menu', name: 'account/help', menu_type: 'iframe', url: 'https://help.example.com/a?b=1' }),
      node({ type: 'menu', name: 'account/site', menu_type: 'link', url: 'https://partner.example.com/' }),
      node({ type: 'nav_user_menu', name: 'account/quick', path: 'account/overview' }),
    ],
  }),
  node({
    type: 'menu_dir',
    name: 'order',
    children: [
      node({
        type: 'menu',
        name: 'order/guzhu',
        children: [
          node({ type: 'button', name: 'order/guzhu/add', path: '' }),
          node({ type: 'button', name: 'order/guzhu/export', path: '' }),
        ],
      }),
      node({ type: 'route', name: 'order/groupDetail', extend: 'add_rules_only' }),
      node({ type: 'menu', name: 'order/hidden', extend: 'add_rules_only' }),
    ],
  }),
  node({ type: 'menu_dir', name: 'empty', children: [] }),
  node({ type: 'menu_dir', name: 'onlyHidden', children: [node({ type: 'menu', name: 'x/y', extend: 'add_rules_only' })] }),
];
const rules: RuleNode[] = [
  node({ type: 'nav', name: 'nav/home', path: '' }),
  node({ type: 'nav', name: 'nav/offer', path: 'offer' }),
  node({ type: 'nav_user_menu', name: 'userMenu/overview', path: 'user/account/overview' }),
  node({ type: 'route', name: 'news', children: [node({ type: 'button', name: 'news/like', path: '' })] }),
];

describe('buildMemberCentre', () => {
  const mc = buildMemberCentre({ rules, menus });

  test('nav → headNav with "/" + path', () => {
    expect(mc.headNav.map((i) => i.href)).toEqual(['/', '/offer']);
  });

  test('nav_user_menu from rules and menus → navUserMenus', () => {
    expect(mc.navUserMenus.map((i) => i.href)).toEqual(['/user/account/overview', '/user/account/overview']);
    expect(mc.navUserMenus.map((i) => i.name)).toEqual(['userMenu/overview', 'account/quick']);
  });

  test('userMenus: menu and menu_dir only, add_rules_only and empty dirs skipped', () => {
    expect(mc.userMenus.map((i) => i.name)).toEqual(['account', 'order']);
    expect(mc.userMenus[0].children.map((i) => i.name)).toEqual(['account/overview', 'account/help', 'account/site']);
    expect(mc.userMenus[1].children.map((i) => i.name)).toEqual(['order/guzhu']);
  });

  test('hrefs: /user/ + path, iframe encoded, link keeps its url', () => {
    const [overview, help, site] = mc.userMenus[0].children;
    expect(overview.href).toBe('/user/account/overview');
    expect(help.href).toBe(`/user/iframe/${encodeURIComponent('https://help.example.com/a?b=1')}`);
    expect(site.href).toBe('https://partner.example.com/');
  });

  test('showHeadline only with more than one menu entry', () => {
    expect(mc.showHeadline).toBe(true);
    expect(buildMemberCentre({ rules: [], menus: [menus[0]] }).showHeadline).toBe(false);
  });

  test('authNode from button rules, both prefixes', () => {
    expect(mc.authNode).toEqual({
      '/user/order/guzhu': ['/user/order/guzhu/add', '/user/order/guzhu/export'],
      '/news': ['/news/like'],
    });
  });
});

describe('firstRoute', () => {
  test('first non-menu_dir, recursively, skipping external links', () => {
    const mc = buildMemberCentre({ rules, menus });
    expect(firstRoute(mc.userMenus)?.href).toBe('/user/account/overview');
    expect(firstRoute([])).toBeNull();
    const onlyLink = buildMemberCentre({
      rules: [],
      menus: [node({ type: 'menu', name: 'l', menu_type: 'link', url: 'https://x.example' })],
    });
    expect(firstRoute(onlyLink.userMenus)).toBeNull();
  });
});

describe('checkAuth (spec §6)', () => {
  const { authNode } = buildMemberCentre({ rules, menus });
  test('by string', () => {
    expect(checkAuth(authNode, '/user/order/guzhu', 'add')).toBe(true);
    expect(checkAuth(authNode, '/user/order/guzhu/', 'export')).toBe(true);
    expect(checkAuth(authNode, '/user/order/guzhu', 'edit')).toBe(false);
    expect(checkAuth(authNode, '/user/order/tuanyi', 'add')).toBe(false);
  });
  test('by object', () => {
    expect(checkAuth(authNode, '', { name: '/user/order/guzhu' })).toBe(true);
    expect(checkAuth(authNode, '', { name: '/user/order/guzhu', subNodeName: '/user/order/guzhu/add' })).toBe(true);
    expect(checkAuth(authNode, '', { name: '/user/order/guzhu', subNodeName: '/user/order/guzhu/edit' })).toBe(false);
    expect(checkAuth(authNode, '', { name: '/user/claim/list' })).toBe(false);
  });
});
