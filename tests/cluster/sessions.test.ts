/**
 * Three instances behind nginx on one PostgreSQL database (scripts/cluster): what a member and an
 * operator do on one instance holds on the others at their next request. Requests go through the
 * proxy; every answer names its instance (`x-portal-instance`), so each test shows that the steps
 * really landed on different instances:
 * - the proxy spreads requests over every instance and hands each its request id;
 * - a login on one instance is a session on all; a logout, or the operator disabling the member,
 *   is refused by all at the next request;
 * - an operator's setting and menu-rule change shows on every instance at the next request;
 * - a member's write on one instance is never answered stale from another's page cache.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Cluster } from '../../scripts/cluster/index';
import { num } from '../../src/server/db/client';
import {
  API,
  type Answer,
  call,
  clusterAvailable,
  DEMO,
  distinct,
  login,
  MANAGER,
  OPERATOR,
  onEveryInstance,
  testCluster,
} from './support';

type Envelope<T = Record<string, unknown>> = { code: number; message: string; data: T };
type Me = Envelope<{ userInfo?: { username?: string } | null }>;

describe.skipIf(!clusterAvailable())('sessions, settings and the page cache across three instances', () => {
  let cluster: Cluster;
  const me = (token: string) => call<Me>(cluster.url, `${API}/index/index?requiredLogin=1`, { token });
  const page = (path: string, token: string | null, lang = 'en') =>
    call<string>(cluster.url, path, { headers: { cookie: `${token ? `ba-user-token=${token}; ` : ''}ba-lang=${lang}` } });

  beforeAll(async () => {
    cluster = await testCluster();
  }, 240_000);
  afterAll(() => cluster?.stop(), 60_000);

  test('the proxy spreads requests over every instance and passes its request id to them', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 30; i++) answers.push(await call(cluster.url, '/readyz'));
    const perInstance = new Map<string, number>();
    for (const a of answers) perInstance.set(a.instance, (perInstance.get(a.instance) ?? 0) + 1);
    expect([...perInstance.keys()].sort()).toEqual(['p1', 'p2', 'p3']);
    // Round-robin: one client's requests take turns.
    for (const n of perInstance.values()) expect(n).toBeGreaterThanOrEqual(8);
    expect(answers.every((a) => a.status === 200 && (a.body as { status: string }).status === 'ready')).toBe(true);
    // nginx's $request_id is the portal's request id: the access log and the answer name the same one.
    const log = cluster.accessLog().join('\n');
    const ports = new Map(cluster.instances.map((p) => [p.name, p.port]));
    for (const a of answers.slice(-6)) {
      const id = a.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(log).toContain(`upstream=127.0.0.1:${ports.get(a.instance)} ustatus=200 id=${id}`);
    }
  });

  test('a login on one instance is a session on every instance, for the API and for pages', async () => {
    const { token, instance } = await login(cluster, DEMO.account, DEMO.password);
    const api = await onEveryInstance(cluster, () => me(token));
    for (const a of api.values()) expect([a.status, a.body.code, a.body.data.userInfo?.username]).toEqual([200, 200001, 'demo']);
    const pages = await onEveryInstance(cluster, () => page('/user/account/overview', token));
    for (const a of pages.values()) {
      expect(a.status).toBe(200);
      expect(a.body).toContain('11,3'); // demo's balance, ¥11,3xx.xx, rendered from the shared database
    }
    expect(cluster.instances.map((p) => p.name)).toContain(instance);
  });

  test('a logout on one instance is refused by every instance at the next request', async () => {
    const { token } = await login(cluster, DEMO.account, DEMO.password);
    await onEveryInstance(cluster, () => me(token)); // every instance has seen (and may have cached) the session
    const out = await call<Envelope>(cluster.url, `${API}/index/logout`, { json: {}, token });
    expect(out.body.code).toBe(200001);
    const after = await onEveryInstance(cluster, () => me(token));
    for (const a of after.values()) expect([a.instance, a.status]).toEqual([a.instance, 401]);
    // The member page sends the browser to the login page instead of showing demo's data.
    const pages = await onEveryInstance(cluster, () => page('/user/account/overview', token));
    for (const a of pages.values()) {
      expect(a.status).toBe(302);
      expect(a.headers.get('location')).toStartWith('/user/login');
    }
  });

  test("a member the operator disables is refused by every instance at the next request, in the request's language", async () => {
    const [manager] = await cluster.db().sql`SELECT id FROM "user" WHERE username = 'manager'`;
    const managerId = num(manager.id);
    const { token } = await login(cluster, MANAGER.account, MANAGER.password);
    const before = await onEveryInstance(cluster, () => me(token));
    for (const a of before.values()) expect(a.body.data.userInfo?.username).toBe('manager');

    const op = await login(cluster, OPERATOR.account, OPERATOR.password);
    const setStatus = (status: 'enable' | 'disable') =>
      call<Envelope>(cluster.url, `${API}/operator/member/status`, {
        json: { id: managerId, status, reason: 'cluster test' },
        token: op.token,
      });
    try {
      const disabled = await setStatus('disable');
      expect([disabled.status, disabled.body.code]).toEqual([200, 200001]);
      const en = await onEveryInstance(cluster, () => me(token));
      for (const a of en.values())
        expect([a.status, a.body.message, a.body.data?.userInfo ?? null]).toEqual([401, 'Please login first', null]);
      const zh = await onEveryInstance(cluster, () =>
        call<Me>(cluster.url, `${API}/index/index?requiredLogin=1`, { token, lang: 'zh-cn' }),
      );
      for (const a of zh.values()) expect([a.status, a.body.message]).toEqual([401, '请先登录！']);
      // Nor can the member sign in again on any instance while disabled.
      const relogin = await onEveryInstance(cluster, () =>
        call<Envelope>(cluster.url, `${API}/user/login`, { json: { account: MANAGER.account, password: MANAGER.password } }),
      );
      for (const a of relogin.values()) expect(a.body.code).not.toBe(200001);
    } finally {
      await setStatus('enable');
    }
    // Disabling signed the member out: the old token stays refused; a new login works everywhere.
    for (const a of (await onEveryInstance(cluster, () => me(token))).values()) expect(a.status).toBe(401);
    const fresh = await login(cluster, MANAGER.account, MANAGER.password);
    for (const a of (await onEveryInstance(cluster, () => me(fresh.token))).values())
      expect(a.body.data.userInfo?.username).toBe('manager');
  });

  test("an operator's setting and menu-rule change shows on every instance at the next request", async () => {
    const op = await login(cluster, OPERATOR.account, OPERATOR.password);
    // Every instance has rendered the home page with the old values (and read the old config versions).
    await onEveryInstance(cluster, () => page('/', null), {
      accepted: (a) =>
        a.status === 200 &&
        a.body.includes('<title>Home - Insurance Broker Member Centre</title>') &&
        a.body.includes('>Get a quote</a></nav>'),
    });

    const settings = await call<Envelope<{ version: number }>>(cluster.url, `${API}/operator/settings`, { token: op.token });
    const siteName = `Cluster Centre ${crypto.randomUUID().slice(0, 6)}`;
    const saved = await call<Envelope>(cluster.url, `${API}/operator/settings`, {
      json: { version: settings.body.data.version, changes: { siteName_en: siteName } },
      token: op.token,
    });
    expect([saved.status, saved.body.code]).toEqual([200, 200001]);

    const tree = await call<Envelope<{ tree: Record<string, unknown>[] }>>(cluster.url, `${API}/operator/rule/tree`, { token: op.token });
    const offer = tree.body.data.tree.find((r) => r.name === 'nav/offer');
    if (!offer) throw new Error('nav/offer rule missing');
    const quoteTitle = `Quote ${crypto.randomUUID().slice(0, 6)}`;
    const { groups, children: _children, weigh: _weigh, operator: _operator, ...rule } = offer;
    const ruleSaved = await call<Envelope>(cluster.url, `${API}/operator/rule/save`, {
      json: { ...rule, title_en: quoteTitle, grant_groups: groups },
      token: op.token,
    });
    expect([ruleSaved.status, ruleSaved.body.code, ruleSaved.body.message]).toEqual([200, 200001, 'Saved']);
    expect(distinct([saved, ruleSaved]).length).toBe(2);

    // The very next request of each instance shows both changes: no instance keeps the old ones.
    const seen = await onEveryInstance(cluster, () => page('/', null));
    for (const a of seen.values()) {
      const navItems = [...a.body.matchAll(/class="nav-item"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
      expect({ instance: a.instance, title: /<title>([^<]*)<\/title>/.exec(a.body)?.[1], navItems }).toEqual({
        instance: a.instance,
        title: `Home - ${siteName}`,
        navItems: ['Home', 'Products', quoteTitle],
      });
    }
  });

  test("a member's write on one instance is never answered stale from another instance's page cache", async () => {
    const { token } = await login(cluster, DEMO.account, DEMO.password);
    const balancePage = () => page('/user/account/balance', token);
    // Every instance holds demo's balance page in its page cache.
    await onEveryInstance(cluster, balancePage, { accepted: (a) => a.status === 200 && a.headers.get('x-page-cache') === 'hit' });

    const [sub] = await cluster.db().sql`SELECT id FROM "user" WHERE username = 'demo_site1'`;
    const memo = `cluster write ${crypto.randomUUID().slice(0, 8)}`;
    const write = await call<Envelope<{ transfer: { owner_after: string } }>>(cluster.url, `${API}/team/allocate`, {
      json: { id: num(sub.id), direction: 'allocate', amount: '0.01', memo, request_id: `cluster-${crypto.randomUUID()}` },
      token,
    });
    expect([write.status, write.body.code]).toEqual([200, 200001]);
    const balanceAfter = write.body.data.transfer.owner_after;

    // Each instance's next answer has the entry and the new balance, whichever instance wrote it.
    const after = await onEveryInstance(cluster, balancePage);
    for (const a of after.values()) {
      expect(a.headers.get('x-page-cache')).toBe('miss');
      expect(a.body).toContain(memo);
      expect(a.body).toContain(Number(balanceAfter).toLocaleString('en-US', { minimumFractionDigits: 2 }));
    }
  });
});
