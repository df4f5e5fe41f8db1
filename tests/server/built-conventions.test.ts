/**
 * The conventions of #26 as a browser meets them in the BUILT app (a real process on both
 * engines): record pages answer 404 for someone else's record, far dates in page filters never
 * crash a page, /dev/outbox answers unless NODE_ENV=production at run time, an operator's rule
 * titles reach every member's menus, and operators work while the centre is closed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loginToken, type PortalDatabase, type PortalServer, portalDatabase, startPortal } from '../support/server';
import { engines } from '../support/test-db';

for (const engine of engines()) {
  describe(`built app conventions on ${engine.name}`, () => {
    let db: PortalDatabase;
    let server: PortalServer;
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      db = await portalDatabase(engine);
      server = await startPortal({
        dataDir: db.dataDir,
        databaseUrl: db.databaseUrl,
        env: { PORTAL_DEMO: '1', PORTAL_LOGIN_CAPTCHA: '0' },
      });
      tokens.demo = await loginToken(server.baseUrl, 'demo', 'Demo#2026');
      tokens.manager = await loginToken(server.baseUrl, 'manager', 'Manager#2026');
      tokens.operator = await loginToken(server.baseUrl, 'operator', 'Operator#2026');
    }, 180_000);
    afterAll(async () => {
      await server?.stop();
      await db?.drop();
    }, 30_000);

    const page = async (path: string, who: string, lang = 'en') => {
      const res = await fetch(`${server.baseUrl}${path}`, {
        headers: { cookie: `ba-user-token=${tokens[who]}; ba-lang=${lang}` },
        redirect: 'manual',
      });
      return { status: res.status, html: await res.text() };
    };
    const api = async (path: string, who: string, json?: unknown) => {
      const res = await fetch(`${server.baseUrl}/userapi/v1/${path}`, {
        method: json === undefined ? 'GET' : 'POST',
        headers: { 'ba-user-token': tokens[who], 'content-type': 'application/json', origin: server.baseUrl, 'think-lang': 'en' },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      // biome-ignore lint/suspicious/noExplicitAny: replies are read loosely
      return { status: res.status, body: (await res.json()) as any };
    };

    test("the page of someone else's order answers 404 with the notice inside the shell; one's own answers 200", async () => {
      const theirs = (await api('order/list?type=guzhu&limit=1', 'manager')).body.data.list[0].id;
      const other = await page(`/user/order/groupDetail?id=${theirs}`, 'demo');
      expect(other.status).toBe(404);
      expect(other.html).toContain('This policy was not found, or you may not see it.');
      expect(other.html).toContain('data-testid="member-sidebar"');
      const missing = await page('/user/order/groupDetail?id=999999', 'demo');
      expect(missing.status).toBe(404);
      const mine = (await api('order/list?type=guzhu&limit=1', 'demo')).body.data.list[0].id;
      expect((await page(`/user/order/groupDetail?id=${mine}`, 'demo')).status).toBe(200);
      expect((await page('/user/claim/detail?id=999999', 'demo')).status).toBe(404);
      expect((await page('/user/order/endorseDetail?id=999999', 'demo')).status).toBe(404);
      expect((await page('/user/operator/memberDetail?id=999999', 'operator')).status).toBe(404);
    });

    test('far dates in page filters never crash a page', async () => {
      for (const [path, who] of [
        ['/user/team/allocation', 'demo'],
        ['/user/claim/list', 'demo'],
        ['/user/account/balance', 'demo'],
        ['/user/operator/members', 'operator'],
        ['/user/operator/audit', 'operator'],
      ]) {
        for (const q of ['end=9999-12-31', 'start=0001-01-01', 'start=2026-02-30', 'limit=101', 'page=99999999999999999999']) {
          const r = await page(`${path}?${q}`, who);
          expect({ path, q, status: r.status < 500 }).toEqual({ path, q, status: true });
        }
      }
    });

    test('/dev/outbox answers in the built app (NODE_ENV unset at run time)', async () => {
      const res = await fetch(`${server.baseUrl}/dev/outbox`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Development outbox');
    });

    test("an operator's new title of a menu rule is what demo's sidebar, and the page title, show next request", async () => {
      type Node = { id: number; name: string; children?: Node[]; [k: string]: unknown };
      const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
      const before = await page('/user/account/integral', 'demo');
      expect(before.html).toContain('<span class="side-link-title">Points</span>');
      const tree = (await api('operator/rule/tree', 'operator')).body.data.tree as Node[];
      const { children: _c, operator: _o, ...fields } = flat(tree).find((n) => n.name === 'account/integral') as Node;
      const saved = await api('operator/rule/save', 'operator', {
        ...fields,
        title: '积分账户',
        title_en: 'Reward points',
        grant_groups: [],
      });
      expect(saved.status).toBe(200);
      for (const path of ['/user/account/overview', '/user/account/integral']) {
        const en = await page(path, 'demo');
        expect({
          path,
          has: en.html.includes('Reward points'),
          old: en.html.includes('<span class="side-link-title">Points</span>'),
        }).toEqual({
          path,
          has: true,
          old: false,
        });
      }
      const title = await page('/user/account/integral', 'demo');
      expect(title.html).toMatch(/<title>[^<]*Reward points/);
      const zh = await page('/user/account/integral', 'demo', 'zh-cn');
      expect(zh.html).toContain('积分账户');
    });
  });
}
