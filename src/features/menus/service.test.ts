import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { buildMemberCentre, firstRoute } from '~/lib/member-centre';
import type { RuleNode } from '~/lib/types';
import type { Session } from '~/server/context';
import { login } from '~/features/identity';
import { loadIndexPayload } from './index';
import { DomainError } from '~/server/errors';
import { hasAction, memberPagePermission } from '~/server/permissions';
import { resolveSession } from '~/server/session';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';

function flatten(nodes: RuleNode[]): RuleNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

for (const engine of engines()) {
  describe(`menus and permissions on ${engine.name}`, () => {
    let t: TestDatabase;
    const sessions: Record<string, Session> = {};
    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
      for (const [u, p] of [
        ['demo', 'Demo#2026'],
        ['manager', 'Manager#2026'],
        ['operator', 'Operator#2026'],
      ]) {
        const r = await login(t.db, { account: u, password: p });
        sessions[u] = (await resolveSession(t.db, { token: r.token })).session!;
      }
      // A seeded database and three password logins: over 5 s on PostgreSQL on a busy machine.
    }, 30_000);
    afterAll(async () => {
      await t.drop();
    });

    test('guests get public route/nav/button rules and no menus', async () => {
      const p = await loadIndexPayload(t.db, { session: null, locale: 'zh-cn', requiredLogin: false });
      expect(p.menus).toEqual([]);
      expect(p.userInfo).toEqual({});
      expect(p.rules.map((r) => r.name)).toEqual(['nav/home', 'nav/product', 'nav/offer']);
      expect(p.rules[0].title).toBe('首页');
      expect(Object.keys(p.rules[0]).sort()).toEqual([
        'children',
        'extend',
        'icon',
        'id',
        'menu_type',
        'name',
        'path',
        'pid',
        'title',
        'type',
        'url',
      ]);
      expect(p.site.siteName).toBe('保险经纪会员中心');
    });

    test('requiredLogin without a session: 401001, or 401200 when the token expired', async () => {
      const e = await loadIndexPayload(t.db, { session: null, locale: 'en', requiredLogin: true }).catch((x) => x);
      expect(e).toBeInstanceOf(DomainError);
      expect([e.status, e.code]).toEqual([401, 401001]);
      const e2 = await loadIndexPayload(t.db, { session: null, locale: 'en', requiredLogin: true, sessionProblem: 'expired' }).catch(
        (x) => x,
      );
      expect(e2.code).toBe(401200);
    });

    test('demo (all rules): five menu dirs, same node shape, titles in the request language', async () => {
      const zh = await loadIndexPayload(t.db, { session: sessions.demo, locale: 'zh-cn', requiredLogin: true });
      const en = await loadIndexPayload(t.db, { session: sessions.demo, locale: 'en', requiredLogin: true });
      expect(zh.menus.map((m) => m.name)).toEqual(['account', 'order', 'claim', 'team', 'file']);
      expect(zh.menus[0].title).toBe('我的账户');
      expect(en.menus[0].title).toBe('My account');
      expect(en.rules.map((r) => r.type)).toEqual(['nav', 'nav', 'nav', 'nav_user_menu', 'nav_user_menu']);
      expect(Object.keys(zh.menus[0]).sort()).toEqual(Object.keys(zh.rules[0]).sort());
      expect((zh.userInfo as { username: string }).username).toBe('demo');
    });

    test('manager sees only account and order pages, without add/export buttons', async () => {
      const p = await loadIndexPayload(t.db, { session: sessions.manager, locale: 'zh-cn', requiredLogin: true });
      expect(p.menus.map((m) => m.name)).toEqual(['account', 'order']);
      const names = flatten(p.menus).map((n) => n.name);
      expect(names).toContain('order/guzhu/edit');
      expect(names).not.toContain('order/guzhu/add');
      expect(names).not.toContain('order/tuanyi/export');
      const demo = await loadIndexPayload(t.db, { session: sessions.demo, locale: 'zh-cn', requiredLogin: true });
      expect(flatten(demo.menus).length).toBeGreaterThan(flatten(p.menus).length);
    });

    test('buildMemberCentre on the seeded demo menus', async () => {
      const p = await loadIndexPayload(t.db, { session: sessions.demo, locale: 'en', requiredLogin: true });
      const mc = buildMemberCentre(p);
      expect(mc.headNav.map((i) => i.href)).toEqual(['/', '/product', '/offer']);
      expect(mc.navUserMenus.map((i) => i.href)).toEqual(['/user/account/overview', '/user/account/changePassword']);
      expect(mc.showHeadline).toBe(true);
      expect(firstRoute(mc.userMenus)?.href).toBe('/user/account/overview');
      const hrefs = mc.userMenus.flatMap((m) => m.children.map((c) => c.href));
      expect(hrefs).not.toContain('/user/order/groupDetail');
      expect(hrefs).toContain('/user/order/personal');
      expect(hrefs).toContain('/user/help');
      expect(mc.authNode['/user/order/guzhu']).toEqual(['/user/order/guzhu/add', '/user/order/guzhu/edit', '/user/order/guzhu/export']);
      const manager = buildMemberCentre(await loadIndexPayload(t.db, { session: sessions.manager, locale: 'en', requiredLogin: true }));
      expect(manager.authNode).toEqual({ '/user/order/guzhu': ['/user/order/guzhu/edit'] });
    });

    test('memberPagePermission', async () => {
      const check = (who: string | null, path: string) => memberPagePermission(t.db, who ? sessions[who] : null, path);
      expect(await check('demo', '/user/team/teamMange')).toBe('allowed');
      expect(await check('manager', '/user/team/teamMange')).toBe('forbidden');
      expect(await check('manager', '/user/claim/list/')).toBe('forbidden');
      expect(await check('manager', '/user/order/groupDetail')).toBe('allowed');
      expect(await check('manager', '/user/account/overview')).toBe('allowed');
      expect(await check('manager', '/user/iframe/https%3A%2F%2Fhelp.example.com')).toBe('allowed');
      expect(await check('manager', '/user')).toBe('allowed');
      expect(await check(null, '/user/login')).toBe('allowed');
      expect(await check(null, '/user/account/overview')).toBe('forbidden');
      expect(await check('demo', '/user/no/such/page')).toBe('unknown');
    });

    test('hasAction for API-side button checks', async () => {
      expect(await hasAction(t.db, sessions.demo, 'order/guzhu/add')).toBe(true);
      expect(await hasAction(t.db, sessions.operator, 'order/guzhu/add')).toBe(true);
      expect(await hasAction(t.db, sessions.manager, 'order/guzhu/add')).toBe(false);
      expect(await hasAction(t.db, sessions.manager, 'Order/Guzhu/Edit')).toBe(true);
      expect(await hasAction(t.db, sessions.manager, 'team/teamMange/add')).toBe(false);
      expect(await hasAction(t.db, null, 'order/guzhu/edit')).toBe(false);
    });
  });
}
