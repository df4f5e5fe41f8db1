/**
 * "View as member" (issue #31 item 6, decision 0016) through the real API: an operator holding
 * `operator/viewAs` reads a member's centre with the view-as cookie, every write of any area is
 * refused with 403 in the request's language (one place: the API pipeline), nothing the member sees
 * changes, the view ends on "End" or by itself after 30 minutes, and the audit log shows one entry
 * per view with its end and the pages seen.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Envelope } from '~/features/_shared/envelope';
import { apiMessage } from '~/features/_shared/messages';
import { seedLedgerDemo } from '~/features/ledger';
import { createApi } from '~/server/api';
import { num } from '~/server/db/client';
import { ensureDatabase } from '~/server/db/seed';
import { markReadByLink } from '~/features/notifications';
import { requestStore, type RequestContext } from '~/server/context';
import { recordViewAsPage, VIEW_AS_PAGES_MAX, viewAsRefusesWrite } from '~/server/session';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { seedOperatorDemo } from './demo';

const ORIGIN = 'http://localhost';
// biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
type Reply = { status: number; body: Envelope<any>; headers: Headers };

/** Writes of several areas a member could make: every one must be refused while viewing. */
const WRITES: [string, Record<string, unknown>][] = [
  ['account/profile', { nickname: 'Changed by operator' }],
  ['account/changePassword', { oldpassword: 'Demo#2026', newpassword: 'Other#20261', renewpassword: 'Other#20261' }],
  ['account/topup', { amount: '100.00', request_id: 'viewas-topup-1' }],
  ['account/revokeOtherSessions', {}],
  ['account/sessions/revoke', { id: 1 }],
  ['index/logout', {}],
  ['notification/read', { all: true }],
  ['notice/preferences', { kinds: {} }],
  ['endorse/create', { order_id: 1 }],
  ['claim/add', { order_id: 1 }],
  ['user/checkIn', {}],
  ['operator/viewAs/start', { id: 1 }],
];

for (const engine of engines()) {
  describe(`view as member on ${engine.name}`, () => {
    let t: TestDatabase;
    let app: ReturnType<typeof createApi>;
    let demo: string;
    let manager: string;
    let operator: string;
    const ids: Record<string, number> = {};

    async function call(
      method: string,
      path: string,
      opts: { token?: string; cookie?: string; body?: unknown; lang?: string; form?: boolean } = {},
    ): Promise<Reply> {
      const headers: Record<string, string> = { 'think-lang': opts.lang ?? 'en', origin: ORIGIN };
      if (opts.token) headers['ba-user-token'] = opts.token;
      if (opts.cookie) headers.cookie = opts.cookie;
      let body: string | undefined;
      if (opts.body !== undefined && opts.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(opts.body as Record<string, string>).toString();
      } else if (opts.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(opts.body);
      }
      const res = await app.request(`${ORIGIN}/userapi/v1/${path}`, { method, headers, body, redirect: 'manual' });
      const text = await res.text();
      let parsed: Envelope;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { code: 0, message: text, data: null, time: 0 };
      }
      return { status: res.status, body: parsed, headers: res.headers };
    }
    async function login(account: string, password: string): Promise<string> {
      return (await call('POST', 'user/login', { body: { account, password } })).body.data.userInfo.token;
    }
    /** The raw view-as token the start answer set as a cookie. */
    const viewAsCookie = (r: Reply) => /ba-view-as=([^;]+)/.exec(r.headers.get('set-cookie') ?? '')?.[1] ?? '';
    async function start(memberId: number, token = operator): Promise<string> {
      const r = await call('POST', 'operator/viewAs/start', { token, body: { id: memberId } });
      expect(r.status).toBe(200);
      const raw = viewAsCookie(r);
      expect(raw.length).toBeGreaterThan(20);
      return `ba-user-token=${token}; ba-view-as=${raw}`;
    }
    const demoRow = async () => (await t.db.sql`SELECT nickname, last_login_time, status FROM "user" WHERE id = ${ids.demo}`)[0];

    beforeAll(async () => {
      t = await freshDatabase(engine);
      await ensureDatabase(t.db, { demo: true, demoSeeders: [seedLedgerDemo, seedOperatorDemo] });
      app = createApi({ getDb: () => t.db });
      demo = await login('demo', 'Demo#2026');
      manager = await login('manager', 'Manager#2026');
      operator = await login('operator', 'Operator#2026');
      for (const r of await t.db.sql`SELECT id, username FROM "user"`) ids[String(r.username)] = num(r.id);
    }, 60_000);
    afterAll(async () => {
      await t.drop();
    });

    test('the rule is in the tree and the operator group holds it; others get 403 and no view', async () => {
      const [rule] = await t.db.sql`SELECT id FROM user_rule WHERE name = 'operator/viewAs'`;
      expect(rule).toBeDefined();
      const [group] = await t.db.sql`SELECT rules FROM user_group WHERE code = 'operator'`;
      expect(String(group.rules).split(',')).toContain(String(rule.id));
      for (const token of [demo, manager]) {
        const r = await call('POST', 'operator/viewAs/start', { token, body: { id: ids.corp01 } });
        expect([r.status, r.body.code]).toEqual([403, 403001]);
        expect(r.headers.get('set-cookie') ?? '').not.toContain('ba-view-as');
      }
      expect((await call('POST', 'operator/viewAs/start', { body: { id: ids.corp01 } })).status).toBe(401);
    });

    test('start refuses oneself, an operator and an unknown member', async () => {
      expect((await call('POST', 'operator/viewAs/start', { token: operator, body: { id: ids.operator } })).status).toBe(400);
      const unknown = await call('POST', 'operator/viewAs/start', { token: operator, body: { id: 999_999 } });
      expect([unknown.status, unknown.body.code]).toEqual([404, 404001]);
    });

    test("reads answer the member's data; every write of every area is 403 in the request's language", async () => {
      const before = await demoRow();
      const [unread] = await t.db.sql`SELECT COUNT(*) AS n FROM notification WHERE user_id = ${ids.demo} AND read_at IS NULL`;
      const [topups] = await t.db.sql`SELECT COUNT(*) AS n FROM topup WHERE user_id = ${ids.demo}`;
      const cookie = await start(ids.demo);

      const profile = await call('GET', 'account/profile', { cookie });
      expect(profile.status).toBe(200);
      expect(profile.body.data.userInfo.username).toBe('demo');
      expect((await call('GET', 'account/overview', { cookie })).status).toBe(200);
      expect((await call('GET', 'notification/list', { cookie })).status).toBe(200);

      for (const [path, body] of WRITES) {
        for (const lang of ['en', 'zh-cn']) {
          const r = await call('POST', path, { cookie, body, lang });
          expect([path, r.status, r.body.code]).toEqual([path, 403, 403001]);
          expect(r.body.message).toBe(apiMessage(lang as 'en', 'viewAs.readOnly'));
        }
      }
      // A plain form post is refused the same way (the pipeline decides before any handler).
      const form = await call('POST', 'account/profile', { cookie, body: { nickname: 'x' }, form: true });
      expect(form.status).toBe(403);

      // Nothing the member sees changed: name, last login, their own session, unread notices.
      expect(await demoRow()).toEqual(before);
      expect((await call('GET', 'account/profile', { token: demo })).body.data.userInfo.username).toBe('demo');
      const [unreadAfter] = await t.db.sql`SELECT COUNT(*) AS n FROM notification WHERE user_id = ${ids.demo} AND read_at IS NULL`;
      expect(num(unreadAfter.n)).toBe(num(unread.n));
      const [topupsAfter] = await t.db.sql`SELECT COUNT(*) AS n FROM topup WHERE user_id = ${ids.demo}`;
      expect(num(topupsAfter.n)).toBe(num(topups.n));

      // The operator's own token without the cookie is still the operator, and may write.
      const own = await call('GET', 'account/profile', { token: operator });
      expect(own.body.data.userInfo.username).toBe('operator');

      // End: back to the member's detail page; the cookie is cleared and the same cookies now give the operator.
      const end = await call('POST', 'operator/viewAs/end', { cookie });
      expect(end.status).toBe(200);
      expect(end.body.data.to).toBe(`/user/operator/memberDetail?id=${ids.demo}`);
      expect(end.headers.get('set-cookie') ?? '').toMatch(/ba-view-as=;/);
      expect((await call('GET', 'account/profile', { cookie })).body.data.userInfo.username).toBe('operator');
      const [row] = await t.db.sql`SELECT ended_at, end_reason FROM view_as_session WHERE member_id = ${ids.demo} ORDER BY id DESC`;
      expect(row.end_reason).toBe('ended');
      expect(num(row.ended_at)).toBeGreaterThan(0);
    });

    test("a view is bound to the operator's login and ends by itself after 30 minutes", async () => {
      const cookie = await start(ids.corp01);
      const raw = /ba-view-as=([^;]+)/.exec(cookie)![1];
      // The same view-as cookie next to another login (even the same operator's) is not a view.
      const other = await login('operator', 'Operator#2026');
      const borrowed = await call('GET', 'account/profile', { cookie: `ba-user-token=${other}; ba-view-as=${raw}` });
      expect(borrowed.body.data.userInfo.username).toBe('operator');
      // A header token never views as anyone, whatever cookie comes along.
      const header = await call('GET', 'account/profile', { token: operator, cookie: `ba-view-as=${raw}` });
      expect(header.body.data.userInfo.username).toBe('operator');

      expect((await call('GET', 'account/profile', { cookie })).body.data.userInfo.username).toBe('corp01');
      await t.db.sql`UPDATE view_as_session SET expires_at = started_at - 1 WHERE member_id = ${ids.corp01} AND ended_at IS NULL`;
      const after = await call('GET', 'account/profile', { cookie });
      expect(after.body.data.userInfo.username).toBe('operator');
      const [row] = await t.db.sql`SELECT ended_at, expires_at, end_reason FROM view_as_session WHERE member_id = ${ids.corp01}`;
      expect(row.end_reason).toBe('expired');
      expect(num(row.ended_at)).toBe(num(row.expires_at));
      // Ending an expired view still clears the cookie and lands on the member's page.
      const end = await call('POST', 'operator/viewAs/end', { cookie, form: true, body: {} });
      expect(end.status).toBe(303);
      expect(end.headers.get('location')).toBe(`/user/operator/memberDetail?id=${ids.corp01}`);
    });

    test('a page seen while viewing marks no notice read (the claim detail marks them for the member)', async () => {
      await t.db.sql`INSERT INTO notification (user_id, kind, params, link, created_at)
        VALUES (${ids.demo}, 'claim_approved', '{}', '/user/claim/detail?id=424242', 1)`;
      const unread = async () =>
        num((await t.db.sql`SELECT COUNT(*) AS n FROM notification WHERE link = '/user/claim/detail?id=424242' AND read_at IS NULL`)[0].n);
      const ctx = (viewAs?: { id: number; operatorId: number; expiresAt: number }) =>
        ({ session: { userId: ids.demo, tokenId: 1, via: 'token', viewAs } }) as unknown as RequestContext;
      await requestStore.run(ctx({ id: 1, operatorId: ids.operator, expiresAt: 0 }), () =>
        markReadByLink(t.db, ids.demo, '/user/claim/detail?id=424242'),
      );
      expect(await unread()).toBe(1);
      await requestStore.run(ctx(), () => markReadByLink(t.db, ids.demo, '/user/claim/detail?id=424242'));
      expect(await unread()).toBe(0);
    });

    test('a form post starts a view: 303 to the member centre with the cookie', async () => {
      const r = await call('POST', 'operator/viewAs/start', { token: operator, form: true, body: { id: String(ids.corp02) } });
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe('/user');
      expect(r.headers.get('set-cookie') ?? '').toMatch(/ba-view-as=[^;]+; Max-Age=1800; Path=\/; HttpOnly; SameSite=Lax/);
      const refused = await call('POST', 'operator/viewAs/start', { token: manager, form: true, body: { id: String(ids.corp02) } });
      expect(refused.status).toBe(303);
      expect(refused.headers.get('location')).toContain('fail=forbidden');
    });

    test('the audit log: one entry per view with who, whom, start, end and the pages seen (deduplicated, capped)', async () => {
      const cookie = await start(ids.corp03);
      const [s] = await t.db.sql`SELECT id FROM view_as_session WHERE member_id = ${ids.corp03}`;
      for (const p of ['/user/account/overview', '/user/claim/list', '/user/account/overview']) await recordViewAsPage(t.db, num(s.id), p);
      await call('POST', 'operator/viewAs/end', { cookie });
      const r = await call('GET', `operator/audit/list?action=operator.view_as&target_type=member&target_id=${ids.corp03}`, {
        token: operator,
      });
      expect(r.status).toBe(200);
      expect(r.body.data.total).toBe(1);
      const [entry] = r.body.data.list;
      expect(entry).toMatchObject({ action: 'operator.view_as', target_type: 'member', target_id: String(ids.corp03) });
      expect(entry.actor.username).toBe('operator');
      expect(entry.detail.pages).toEqual(['/user/account/overview', '/user/claim/list']);
      expect(entry.detail.end_reason).toBe('ended');
      expect(entry.detail.ended_at).toBeGreaterThanOrEqual(entry.detail.started_at);

      for (let i = 0; i < VIEW_AS_PAGES_MAX + 10; i++) await recordViewAsPage(t.db, num(s.id), `/user/claim/detail?id=${i}`);
      const [row] = await t.db.sql`SELECT pages FROM view_as_session WHERE id = ${s.id}`;
      expect(JSON.parse(String(row.pages))).toHaveLength(VIEW_AS_PAGES_MAX);
    });
  });
}

describe('viewAsRefusesWrite', () => {
  const viewing = { viewAs: { id: 1, operatorId: 2, expiresAt: 0 } };
  test('reads pass, writes are refused except End and the browser-only language / theme posts', () => {
    expect(viewAsRefusesWrite(viewing, 'GET', '/userapi/v1/account/profile')).toBe(false);
    expect(viewAsRefusesWrite(viewing, 'HEAD', '/user')).toBe(false);
    for (const m of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(viewAsRefusesWrite(viewing, m, '/userapi/v1/account/profile')).toBe(true);
    expect(viewAsRefusesWrite(viewing, 'POST', '/user/logout')).toBe(true);
    expect(viewAsRefusesWrite(viewing, 'POST', '/userapi/v1/operator/viewAs/end')).toBe(false);
    expect(viewAsRefusesWrite(viewing, 'POST', '/lang')).toBe(false);
    expect(viewAsRefusesWrite({}, 'POST', '/userapi/v1/account/profile')).toBe(false);
    expect(viewAsRefusesWrite(null, 'POST', '/userapi/v1/account/profile')).toBe(false);
  });
});
