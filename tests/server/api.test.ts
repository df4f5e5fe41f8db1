import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ok, type Envelope } from '../../src/features/_shared/envelope';
import { signLink } from '../../src/features/identity';
import { createApi } from '../../src/server/api';
import { nowSeconds, num } from '../../src/server/db';
import { createSignature, hashToken, requireOperator, requireRule } from '../../src/server/session';
import { setConfigValue } from '../../src/server/site-config';
import { engines, freshDatabase, type TestDatabase } from '../support/test-db';

const ORIGIN = 'http://localhost';

// biome-ignore lint/suspicious/noExplicitAny: test replies are read loosely, field by field
interface Reply<T = any> {
  res: Response;
  body: Envelope<T>;
  cookies: string[];
}

for (const engine of engines()) {
  describe(`API on ${engine.name}`, () => {
    let t: TestDatabase;
    let app: ReturnType<typeof createApi>;

    // biome-ignore lint/suspicious/noExplicitAny: as Reply above
    async function call<T = any>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Reply<T>> {
      const headers = new Headers(init.headers);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      const res = await app.request(`${ORIGIN}/userapi/v1/${path}`, { ...init, headers, body });
      return { res, body: (await res.json()) as Envelope<T>, cookies: res.headers.getSetCookie() };
    }

    async function loginAs(account: string, password: string, keep = false) {
      const r = await call('user/login', { method: 'POST', json: { account, password, keep }, headers: { origin: ORIGIN } });
      expect(r.body.code).toBe(200001);
      return r.body.data.userInfo as { token: string; refresh_token: string; id: number };
    }

    /** POSTs the session's refresh token to `path`, signed in with its access token. */
    const postRefreshToken = (path: string, info: { token: string; refresh_token: string }) =>
      call(path, { method: 'POST', json: { refresh_token: info.refresh_token }, headers: { 'ba-user-token': info.token } });

    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
      app = createApi({ getDb: () => t.db });
    });
    afterAll(async () => {
      await t.drop();
    });

    test('index/index as a guest: envelope, site, public rules, empty userInfo', async () => {
      const before = nowSeconds();
      const { res, body } = await call('index/index?requiredLogin=0', { headers: { server: 'true', equipment: 'pc' } });
      expect(res.status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message', 'time']);
      expect(body.code).toBe(200001);
      expect(body.time).toBeGreaterThanOrEqual(before);
      expect(Object.keys(body.data).sort()).toEqual(['menus', 'openMemberCenter', 'rules', 'site', 'userInfo']);
      expect(body.data.userInfo).toEqual({});
      expect(body.data.menus).toEqual([]);
      expect(body.data.site.upload.mode).toBe('local');
      expect(JSON.stringify(body.data)).not.toContain('signingSecret');
    });

    test('requiredLogin=1 without a session → HTTP 401, code 401001, message in the request language', async () => {
      const zh = await call('index/index?requiredLogin=1');
      expect([zh.res.status, zh.body.code, zh.body.message]).toEqual([401, 401001, '请先登录！']);
      const en = await call('index/index?requiredLogin=1', { headers: { 'think-lang': 'en' } });
      expect(en.body.message).toBe('Please login first');
      const cookie = await call('index/index?requiredLogin=1', { headers: { cookie: 'ba-lang=en', 'think-lang': 'zh-cn' } });
      expect(cookie.body.message).toBe('Please login first');
    });

    test('login sets an HttpOnly cookie and returns userInfo with tokens', async () => {
      const r = await call('user/login', { method: 'POST', json: { account: 'demo', password: 'Demo#2026', keep: true } });
      expect(r.res.status).toBe(200);
      expect(r.body.code).toBe(200001);
      expect(r.body.message).toBe('登录成功！');
      expect(r.body.data.routePath).toBe('/user');
      const info = r.body.data.userInfo;
      expect(info.username).toBe('demo');
      const [row] = await t.db.sql`SELECT money FROM "user" WHERE username = 'demo'`;
      expect(info.money).toBe((num(row.money) / 100).toFixed(2)); // fen as a yuan string
      expect(info.token).toMatch(/^[\w-]{43}$/);
      expect(info.refresh_token).toMatch(/^[\w-]{43}$/);
      expect(JSON.stringify(info)).not.toContain('argon2');
      const tokenCookie = r.cookies.find((c) => c.startsWith('ba-user-token='))!;
      expect(tokenCookie).toContain(`ba-user-token=${info.token}`);
      expect(tokenCookie).toContain('HttpOnly');
      expect(tokenCookie).toContain('SameSite=Lax');
      expect(tokenCookie).toContain('Path=/');
      // Three days, less the second that may tick between issuing the token and setting the cookie.
      expect(tokenCookie).toMatch(/Max-Age=(259200|259199);/);
      expect(tokenCookie).not.toContain('Secure');
      const refreshCookie = r.cookies.find((c) => c.startsWith('ba-user-refresh='))!;
      expect(refreshCookie).toContain('Path=/userapi/v1');
    });

    test('login by email and mobile, as a form post, Secure behind https', async () => {
      const form = await call('user/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
        body: new URLSearchParams({ account: 'demo@example.com', password: 'Demo#2026', keep: 'on' }).toString(),
      });
      expect(form.body.code).toBe(200001);
      expect(form.cookies.find((c) => c.startsWith('ba-user-token='))).toContain('Secure');
      const mobile = await call('user/login', { method: 'POST', json: { account: '13800138000', password: 'Demo#2026' } });
      expect(mobile.body.data.userInfo.username).toBe('demo');
      expect(mobile.body.data.userInfo.refresh_token).toBe('');
    });

    test('unknown account and wrong password: same answer', async () => {
      const a = await call('user/login', {
        method: 'POST',
        json: { account: 'nobody', password: 'Nobody#2026' },
        headers: { 'think-lang': 'en' },
      });
      const b = await call('user/login', {
        method: 'POST',
        json: { account: 'demo', password: 'Wrong#2026' },
        headers: { 'think-lang': 'en' },
      });
      expect(a.res.status).toBe(b.res.status);
      expect(a.body.code).toBe(b.body.code);
      expect(a.body.message).toBe(b.body.message);
      expect(a.body.message).toBe('Account or password is incorrect');
      expect(a.body.code).not.toBe(401001);
    });

    test('validation errors name the field, in both languages', async () => {
      const en = await call('user/login', {
        method: 'POST',
        json: { account: 'ab', password: 'x&y12345' },
        headers: { 'think-lang': 'en' },
      });
      expect(en.res.status).toBe(400);
      expect(en.body.data.field).toBe('account');
      expect(en.body.message).toStartWith('Account must be 3 to 15 characters');
      expect(en.body.data.errors.password).toContain('must not contain');
      const zh = await call('user/login', { method: 'POST', json: { account: 'ab', password: '' } });
      expect(zh.body.message).toStartWith('账户须为 3 到 15 位');
      expect(zh.body.data.errors.password).toBe('此项为必填项');
    });

    test('a session by header or by cookie; userInfo echoes only header-sent tokens', async () => {
      const info = await loginAs('demo', 'Demo#2026');
      const byHeader = await call('index/index?requiredLogin=1', { headers: { 'ba-user-token': info.token } });
      expect(byHeader.body.code).toBe(200001);
      expect(byHeader.body.data.menus.length).toBe(5);
      expect(byHeader.body.data.userInfo.token).toBe(info.token);
      const byCookie = await call('index/index?requiredLogin=1', { headers: { cookie: `ba-user-token=${info.token}` } });
      expect(byCookie.body.data.userInfo.username).toBe('demo');
      expect(byCookie.body.data.userInfo.token).toBe('');
      expect(byCookie.body.data.userInfo.refresh_token).toBe('');
    });

    test('menus differ for manager and demo', async () => {
      const m = await loginAs('manager', 'Manager#2026');
      const r = await call('index/index?requiredLogin=1', { headers: { 'ba-user-token': m.token, 'think-lang': 'en' } });
      expect(r.body.data.menus.map((x: { name: string }) => x.name)).toEqual(['account', 'order']);
      expect(r.body.data.menus[0].title).toBe('My account');
    });

    test('expired token → 401200', async () => {
      const info = await loginAs('demo', 'Demo#2026');
      await t.db.sql`UPDATE token SET expires_at = ${nowSeconds() - 1} WHERE token_hash = ${hashToken(info.token)}`;
      const r = await call('index/index?requiredLogin=1', { headers: { 'ba-user-token': info.token } });
      expect([r.res.status, r.body.code]).toEqual([401, 401200]);
      const guest = await call('index/index', { headers: { 'ba-user-token': info.token } });
      expect(guest.body.data.userInfo).toEqual({});
    });

    test('refreshToken gives a working access token; a bad one → 401200', async () => {
      const info = await loginAs('demo', 'Demo#2026', true);
      const r = await postRefreshToken('user/refreshToken', info);
      expect(r.body.code).toBe(200001);
      expect(r.body.data.type).toBe('user-refresh');
      expect(r.body.data.token).not.toBe(info.token);
      expect(r.cookies.some((c) => c.startsWith(`ba-user-token=${r.body.data.token}`))).toBe(true);
      const ok1 = await call('index/index?requiredLogin=1', { headers: { 'ba-user-token': r.body.data.token } });
      expect(ok1.body.code).toBe(200001);
      const legacyKey = await call('user/refreshToken', { method: 'POST', json: { refreshToken: info.refresh_token } });
      expect(legacyKey.body.code).toBe(200001);
      const bad = await call('user/refreshToken', { method: 'POST', json: { refresh_token: 'nope' } });
      expect([bad.res.status, bad.body.code]).toEqual([401, 401200]);
    });

    test('logout revokes both tokens and clears the cookies', async () => {
      const info = await loginAs('demo', 'Demo#2026', true);
      const r = await postRefreshToken('index/logout', info);
      expect(r.body.code).toBe(200001);
      expect(r.cookies.find((c) => c.startsWith('ba-user-token='))).toContain('Max-Age=0');
      const after = await call('index/index?requiredLogin=1', { headers: { 'ba-user-token': info.token } });
      expect(after.body.code).toBe(401001);
      const refresh = await call('user/refreshToken', { method: 'POST', json: { refresh_token: info.refresh_token } });
      expect(refresh.body.code).toBe(401200);
      // the reference client's key is accepted too (reference bug 1)
      const other = await loginAs('demo', 'Demo#2026', true);
      await call('index/logout', { method: 'POST', json: { refreshToken: other.refresh_token } });
      expect((await call('user/refreshToken', { method: 'POST', json: { refresh_token: other.refresh_token } })).body.code).toBe(401200);
    });

    test('cookie-authenticated writes must be same-origin', async () => {
      const info = await loginAs('demo', 'Demo#2026');
      const cookie = `ba-user-token=${info.token}`;
      const evil = await call('index/logout', { method: 'POST', json: {}, headers: { cookie, origin: 'https://evil.example' } });
      expect([evil.res.status, evil.body.code]).toEqual([403, 403003]);
      const site = await call('index/logout', { method: 'POST', json: {}, headers: { cookie, 'sec-fetch-site': 'cross-site' } });
      expect(site.res.status).toBe(403);
      expect((await call('index/index?requiredLogin=1', { headers: { cookie } })).body.code).toBe(200001);
      const crossLogin = await call('user/login', {
        method: 'POST',
        json: { account: 'demo', password: 'Demo#2026' },
        headers: { origin: 'https://evil.example' },
      });
      expect(crossLogin.res.status).toBe(403);
      // header tokens are not ambient credentials: allowed from anywhere
      const header = await call('index/logout', {
        method: 'POST',
        json: {},
        headers: { 'ba-user-token': info.token, origin: 'https://partner.example' },
      });
      expect(header.body.code).toBe(200001);
      const same = await loginAs('demo', 'Demo#2026');
      const ok2 = await call('index/logout', {
        method: 'POST',
        json: {},
        headers: { cookie: `ba-user-token=${same.token}`, origin: ORIGIN },
      });
      expect(ok2.body.code).toBe(200001);
    });

    test('a signed link logs in, sets the signature cookie and clears the token cookie', async () => {
      const sig = await signLink(t.db, 'manager', 600);
      const r = await call(`index/index?requiredLogin=1&signature=${encodeURIComponent(sig)}`);
      expect(r.body.code).toBe(200001);
      expect(r.body.data.userInfo.username).toBe('manager');
      expect(r.body.data.userInfo.signature).toBe(sig);
      expect(r.body.data.userInfo.token).toBe('');
      expect(r.cookies.find((c) => c.startsWith('ba-user-signature='))).toContain('HttpOnly');
      expect(r.cookies.find((c) => c.startsWith('ba-user-token='))).toContain('Max-Age=0');
      const next = await call('index/index?requiredLogin=1', { headers: { cookie: `ba-user-signature=${sig}` } });
      expect(next.body.data.userInfo.username).toBe('manager');
      const viaHeader = await call('index/index?requiredLogin=1', { headers: { 'ba-user-signature': sig } });
      expect(viaHeader.body.data.userInfo.signature).toBe(sig);
    });

    test('tampered or expired signatures → 401001', async () => {
      const sig = await signLink(t.db, 'demo', 600);
      const tampered = `${sig.slice(0, -3)}abc`;
      const a = await call(`index/index?signature=${encodeURIComponent(tampered)}`, { headers: { 'think-lang': 'en' } });
      expect([a.res.status, a.body.code, a.body.message]).toEqual([401, 401001, 'The sign-in link is invalid or has expired']);
      const expired = await createSignature(t.db, 1, -1);
      const b = await call(`index/index?signature=${encodeURIComponent(expired)}`);
      expect([b.res.status, b.body.code]).toEqual([401, 401001]);
    });

    test('checkIn for the login page', async () => {
      const r = await call('user/checkIn');
      // The suite runs with PORTAL_LOGIN_CAPTCHA=0; outside production the dev outbox delivers both.
      const captcha = process.env.PORTAL_LOGIN_CAPTCHA !== '0';
      expect(r.body.data).toEqual({ userLoginCaptchaSwitch: captcha, accountVerificationType: ['email', 'mobile'], loggedIn: false });
    });

    test('member centre closed: member endpoints refuse with 403, public index still works', async () => {
      await setConfigValue(t.db, 'openMemberCenter', false);
      try {
        const login = await call('user/login', {
          method: 'POST',
          json: { account: 'demo', password: 'Demo#2026' },
          headers: { 'think-lang': 'en' },
        });
        expect([login.res.status, login.body.code, login.body.message]).toEqual([403, 403002, 'Member center is closed']);
        const op = await call('user/login', { method: 'POST', json: { account: 'operator', password: 'Operator#2026' } });
        expect(op.res.status).toBe(200);
        const work = await call('operator/member/list', { headers: { 'ba-user-token': op.body.data.userInfo.token } });
        expect(work.res.status).toBe(200);
        const menus = await call('index/index?requiredLogin=1', { headers: { 'ba-user-token': op.body.data.userInfo.token } });
        expect(menus.res.status).toBe(200);
        const idx = await call('index/index?requiredLogin=0');
        expect(idx.body.data.openMemberCenter).toBe(false);
        expect((await call('index/index?requiredLogin=1')).res.status).toBe(403);
      } finally {
        await setConfigValue(t.db, 'openMemberCenter', true);
      }
    });

    test('requireRule guards endpoints by group rule', async () => {
      const guarded = createApi({ getDb: () => t.db });
      guarded.post('/test/guzhuAdd', async (c) => {
        await requireRule(c, 'order/guzhu/add');
        return ok(c, 'done');
      });
      const demo = await loginAs('demo', 'Demo#2026');
      const manager = await loginAs('manager', 'Manager#2026');
      const hit = (token?: string) =>
        guarded.request(`${ORIGIN}/userapi/v1/test/guzhuAdd`, {
          method: 'POST',
          headers: token ? { 'ba-user-token': token, 'think-lang': 'en' } : {},
        });
      expect((await hit(demo.token)).status).toBe(200);
      const denied = await hit(manager.token);
      expect(denied.status).toBe(403);
      expect(((await denied.json()) as Envelope).message).toBe('You do not have permission to operate!');
      expect((await hit()).status).toBe(401);
    });

    test("requireOperator takes explicit grants only: a group's '*' never grants an operator rule", async () => {
      const gated = createApi({ getDb: () => t.db });
      gated.get('/test/operatorOnly', async (c) => {
        const { member } = await requireOperator(c, 'order/guzhu/add');
        return ok(c, member.username);
      });
      const hit = async (token?: string) => {
        const res = await gated.request(`${ORIGIN}/userapi/v1/test/operatorOnly`, { headers: token ? { 'ba-user-token': token } : {} });
        return [res.status, ((await res.json()) as Envelope).data];
      };
      expect(await hit((await loginAs('operator', 'Operator#2026')).token)).toEqual([200, 'operator']);
      expect((await hit((await loginAs('demo', 'Demo#2026')).token))[0]).toBe(403); // demo's group is '*'
      expect((await hit())[0]).toBe(401);
    });

    test('bodies that cannot be read answer 400/413/415 envelopes in the request language, never 500', async () => {
      const post = (path: string, type: string | null, body: BodyInit) =>
        app.request(`${ORIGIN}/userapi/v1/${path}`, {
          method: 'POST',
          headers: { origin: ORIGIN, 'think-lang': 'en', ...(type ? { 'content-type': type } : {}) },
          body,
        });
      const cases: [string, string | null, BodyInit, number][] = [
        ['user/login', 'multipart/form-data', 'x', 400],
        ['user/login', 'multipart/form-data; boundary=abc', '--zz\r\n', 400],
        ['user/refreshToken', 'application/json', '{"refresh_token":', 400],
        ['index/logout', 'application/json', new Uint8Array([0x7b, 0xff, 0x7d]), 400],
        ['index/logout', 'text/plain', 'hello', 415],
        ['user/login', 'application/json', JSON.stringify({ account: 'x'.repeat(70_000) }), 413],
      ];
      for (const [path, type, body, status] of cases) {
        const res = await post(path, type, body);
        const env = (await res.json()) as Envelope;
        expect([path, res.status]).toEqual([path, status]);
        expect(env.code).not.toBe(200001);
        expect(typeof env.message).toBe('string');
        expect(env.message).toMatch(/^[\x20-\x7e]+$/); // English, as asked
      }
      // An empty multipart body is an empty form: the login schema names the field.
      const empty = (await (await post('user/login', 'multipart/form-data', '')).json()) as Envelope<{ field: string }>;
      expect([empty.code, empty.data.field, empty.message]).toEqual([400001, 'account', 'This field is required']);
    });

    test('an unexpected error is a 500 envelope with the request id, never the stack', async () => {
      const broken = createApi({ getDb: () => t.db });
      broken.get('/test/boom', () => {
        throw new Error('secret stack detail');
      });
      const logged: unknown[] = [];
      const orig = console.error;
      console.error = (...args: unknown[]) => logged.push(args);
      try {
        const res = await broken.request(`${ORIGIN}/userapi/v1/test/boom`, { headers: { 'think-lang': 'en' } });
        const text = await res.text();
        const env = JSON.parse(text) as Envelope<{ request_id: string }>;
        expect([res.status, env.code, env.message]).toEqual([500, 500001, 'Server internal error!']);
        expect(env.data.request_id).toMatch(/^[0-9a-f-]{36}$/);
        expect(text).not.toContain('secret stack detail');
        expect(logged.length).toBe(1);
        expect(String((logged[0] as unknown[])[0])).toContain(env.data.request_id);
      } finally {
        console.error = orig;
      }
    });

    test('order/export follows the Export button rule: demo may, the site manager may not', async () => {
      const demo = await loginAs('demo', 'Demo#2026');
      const manager = await loginAs('manager', 'Manager#2026');
      const ok1 = await call('order/export?type=order/guzhu', { headers: { 'ba-user-token': demo.token, 'think-lang': 'en' } });
      expect([ok1.res.status, ok1.body.code]).toEqual([200, 200001]);
      // The demo's guzhu orders, none of another member's.
      expect(ok1.body.data.total).toBeGreaterThan(0);
      expect(ok1.body.data.list.every((o: { order_no: string }) => o.order_no.startsWith('GZ'))).toBe(true);
      const denied = await call('order/export?type=order/guzhu', { headers: { 'ba-user-token': manager.token } });
      expect([denied.res.status, denied.body.code]).toEqual([403, 403001]);
      expect(denied.body.message).toBe('您没有权限操作！');
      // claim/list through the shared endpoint: the same rows as claim/export, JSON or CSV.
      const claims = await call('order/export?type=claim/list', { headers: { 'ba-user-token': demo.token } });
      expect([claims.res.status, claims.body.code]).toEqual([200, 200001]);
      expect(claims.body.data.total).toBeGreaterThan(0);
      expect(claims.body.data.list.every((r: { claim_no: string }) => r.claim_no.startsWith('CL'))).toBe(true);
      const csv = await app.request('/userapi/v1/order/export?type=claim/list&format=csv', { headers: { 'ba-user-token': demo.token } });
      expect(csv.headers.get('content-type')).toStartWith('text/csv');
      expect((await csv.text()).split('\n').filter(Boolean).length).toBe(claims.body.data.total + 1);
      const noClaims = await call('order/export?type=claim/list', { headers: { 'ba-user-token': manager.token } });
      expect(noClaims.res.status).toBe(403);
      const bad = await call('order/export?type=account/overview', { headers: { 'ba-user-token': demo.token } });
      expect(bad.res.status).toBe(400);
      expect((await call('order/export?type=order/guzhu')).res.status).toBe(401);
    });

    test('a member lists their sessions and signs out everywhere else', async () => {
      const here = await loginAs('operator', 'Operator#2026', true);
      const phone = await loginAs('operator', 'Operator#2026', true);
      const list = await call('account/sessions', { headers: { 'ba-user-token': here.token } });
      expect(list.res.status).toBe(200);
      const sessions = list.body.data.list as { current: boolean; ip: string }[];
      expect(sessions.length).toBeGreaterThanOrEqual(2);
      expect(sessions.filter((x) => x.current)).toHaveLength(1);
      expect(JSON.stringify(list.body.data)).not.toContain(here.token);

      const out = await call('account/revokeOtherSessions', {
        method: 'POST',
        headers: { 'ba-user-token': here.token, cookie: `ba-user-refresh=${here.refresh_token}`, origin: ORIGIN, 'think-lang': 'en' },
      });
      expect([out.res.status, out.body.message]).toEqual([200, 'Signed out on all other devices']);
      expect(out.body.data.revoked).toBeGreaterThanOrEqual(2); // the phone's access and refresh tokens
      // The phone is out, refresh included; this browser keeps both.
      expect((await call('account/sessions', { headers: { 'ba-user-token': phone.token } })).res.status).toBe(401);
      const refreshPhone = await call('user/refreshToken', { method: 'POST', json: { refresh_token: phone.refresh_token } });
      expect(refreshPhone.res.status).toBe(401);
      expect((await call('account/sessions', { headers: { 'ba-user-token': here.token } })).body.data.list).toHaveLength(1);
      const refreshHere = await call('user/refreshToken', { method: 'POST', json: { refresh_token: here.refresh_token } });
      expect(refreshHere.body.code).toBe(200001);
      // Other members' sessions are untouched and never listed.
      const demo = await loginAs('demo', 'Demo#2026');
      expect((await call('account/sessions', { headers: { 'ba-user-token': demo.token } })).res.status).toBe(200);
    });

    test('unknown paths, bad bodies and server errors get envelopes', async () => {
      const nf = await call('no/such/thing', { headers: { 'think-lang': 'en' } });
      expect([nf.res.status, nf.body.code]).toEqual([404, 404001]);
      expect(nf.body.message).toBe('Error requesting address: /userapi/v1/no/such/thing');
      const badJson = await call('user/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
      expect(badJson.res.status).toBe(400);
      const text = await call('user/login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'account=demo' });
      expect(text.res.status).toBe(415);
      const big = await call('user/login', { method: 'POST', json: { account: 'demo', password: 'x'.repeat(70_000) } });
      expect(big.res.status).toBe(413);
      const broken = createApi({
        getDb: () => {
          throw new Error('secret detail at /srv/app.ts:1');
        },
      });
      const origError = console.error;
      console.error = () => {};
      try {
        const res = await broken.request(`${ORIGIN}/userapi/v1/index/index`, { headers: { 'think-lang': 'en' } });
        const body = (await res.json()) as Envelope;
        expect(res.status).toBe(500);
        expect(body.message).toBe('Server internal error!');
        expect(JSON.stringify(body)).not.toContain('secret detail');
      } finally {
        console.error = origError;
      }
    });
  });
}
