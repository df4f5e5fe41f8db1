/**
 * The page gate as a browser meets it, without Waku: the real context, form and guard
 * middlewares in front of a stand-in page, on both database engines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import contextMiddleware from '../../src/middleware/20-context';
import formsMiddleware from '../../src/middleware/30-forms';
import guardMiddleware from '../../src/middleware/40-guard';
import { getRequestContext } from '../../src/server/context';
import { setDb } from '../../src/server/db/client';
import { signLink } from '../../src/features/identity';
import { apiMessage } from '../../src/features/_shared/messages';
import { createApi } from '../../src/server/api';
import { hashToken } from '../../src/server/session';
import { setConfigValue } from '../../src/server/site-config';
import { engines, freshDatabase, type TestDatabase } from '../support/test-db';

const ORIGIN = 'http://portal.test';

function app() {
  const a = new Hono();
  a.use(contextMiddleware());
  a.use(formsMiddleware());
  a.use(guardMiddleware());
  // Stands in for Waku: shows what the page would be told.
  a.get('*', (c) => {
    const ctx = getRequestContext();
    return c.html(`<p>page ${ctx.pathname} member=${ctx.session?.userId ?? 'none'} status=${ctx.status ?? 200}</p>`);
  });
  return a;
}

for (const engine of engines()) {
  describe(`page gate on ${engine.name}`, () => {
    let t: TestDatabase;
    const gate = app();
    const get = (path: string, cookie = '') => gate.request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });

    async function login(account: string, password: string): Promise<string> {
      const res = await gate.request(`${ORIGIN}/user/login`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ account, password, to: '/user/account/overview' }),
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/user/account/overview');
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ba-user-token='))!;
      expect(cookie).toContain('HttpOnly');
      return cookie.split(';')[0];
    }

    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
      setDb(t.db);
    });
    afterAll(async () => {
      setDb(undefined);
      await t.drop();
    });

    test('anonymous member pages redirect to login with a same-origin target; public pages pass', async () => {
      const res = await get('/user/account/overview?tab=1');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/user/login?to=%2Fuser%2Faccount%2Foverview%3Ftab%3D1');
      expect((await get('/product')).status).toBe(200);
      expect(await (await get('/user/login')).text()).toContain('member=none');
    });

    test('a logged-in member reaches their pages; a page outside the group answers 403', async () => {
      const demo = await login('demo', 'Demo#2026');
      expect(await (await get('/user/team/teamMange', demo)).text()).toContain('status=200');
      const manager = await login('manager', 'Manager#2026');
      const res = await get('/user/team/teamMange', manager);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('status=403');
      // The login page sends a member on to `to` (same-origin only).
      const again = await get('/user/login?to=//evil.example', manager);
      expect([again.status, again.headers.get('location')]).toEqual([302, '/user']);
    });

    test('wrong passwords come back to the login page with an error key, not a session', async () => {
      const res = await gate.request(`${ORIGIN}/user/login`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ account: 'demo', password: 'not-it-123', to: '/user' }),
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(/^\/user\/login\?error=auth\.loginFailed&account=demo&to=%2Fuser$/);
      expect(res.headers.getSetCookie().some((c) => c.startsWith('ba-user-token='))).toBe(false);
    });

    test('cross-origin form posts are refused', async () => {
      const res = await gate.request(`${ORIGIN}/user/login`, {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ account: 'demo', password: 'Demo#2026' }),
      });
      expect(res.status).toBe(403);
    });

    test('a signed link becomes a cookie session and leaves the URL; a tampered one is 401', async () => {
      const sig = await signLink(t.db, 'demo', 60);
      const res = await get(`/user/account/overview?signature=${encodeURIComponent(sig)}&x=1`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/user/account/overview?x=1');
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ba-user-signature='))!;
      expect(await (await get('/user/account/overview', cookie.split(';')[0])).text()).toMatch(/member=\d+/);
      const bad = await get(`/user/account/overview?signature=${encodeURIComponent(`${sig.slice(0, -3)}xyz`)}`);
      expect(bad.status).toBe(401);
    });

    test('logout revokes the session', async () => {
      const demo = await login('demo', 'Demo#2026');
      const out = await gate.request(`${ORIGIN}/user/logout`, { method: 'POST', headers: { origin: ORIGIN, cookie: demo } });
      expect([out.status, out.headers.get('location')]).toEqual([303, '/user/login']);
      expect((await get('/user/account/overview', demo)).status).toBe(302);
    });

    test('a closed member centre answers members with a clear page; the login page and operators carry on', async () => {
      const demo = await login('demo', 'Demo#2026');
      const operator = await login('operator', 'Operator#2026');
      await setConfigValue(t.db, 'openMemberCenter', false);
      try {
        const res = await get('/user/account/overview', `ba-lang=en; ${demo}`);
        expect(res.status).toBe(403);
        expect(await res.text()).toContain('The member centre is closed for now');
        expect((await get('/user/login', 'ba-lang=en')).status).toBe(200);
        expect((await get('/user/operator/members', operator)).status).toBe(200);
        expect((await get('/')).status).toBe(200);
      } finally {
        await setConfigValue(t.db, 'openMemberCenter', true);
      }
    });

    test('a disabled member is out on the next request, and the login form says why', async () => {
      const operator = await login('operator', 'Operator#2026');
      await t.db.sql`UPDATE "user" SET status = 'disable' WHERE username = 'operator'`;
      try {
        const page = await get('/user/account/overview', operator);
        expect(page.status).toBe(302);
        expect(page.headers.get('location')).toBe('/user/login?to=%2Fuser%2Faccount%2Foverview&error=auth.accountDisabled');
        const token = operator.split('=')[1];
        const api = await createApi({ getDb: () => t.db }).request(`${ORIGIN}/userapi/v1/account/sessions`, {
          headers: { 'ba-user-token': token, 'think-lang': 'en' },
        });
        const body = (await api.json()) as { code: number; message: string };
        expect([api.status, body.code, body.message]).toEqual([401, 401001, 'This account has been disabled']);
      } finally {
        await t.db.sql`UPDATE "user" SET status = 'enable' WHERE username = 'operator'`;
      }
    });

    describe("the no-JS login form obeys the API's rules", () => {
      const formLogin = (headers: Record<string, string> = {}, fields: Record<string, string> = {}) =>
        gate.request(`${ORIGIN}/user/login`, {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: new URLSearchParams({ account: 'demo', password: 'Demo#2026', to: '/user', ...fields }),
        });
      const ipOf = async (res: Response) => {
        const token = res.headers
          .getSetCookie()
          .find((c) => c.startsWith('ba-user-token='))!
          .split(';')[0]
          .split('=')[1];
        const [row] = await t.db.sql`SELECT ip FROM token WHERE token_hash = ${hashToken(token)}`;
        return String(row.ip);
      };

      test('a forged X-Forwarded-For is not the recorded IP unless TRUST_PROXY=1', async () => {
        const saved = process.env.TRUST_PROXY;
        try {
          delete process.env.TRUST_PROXY;
          expect(await ipOf(await formLogin({ 'x-forwarded-for': '6.6.6.6' }))).not.toBe('6.6.6.6');
          process.env.TRUST_PROXY = '1';
          expect(await ipOf(await formLogin({ 'x-forwarded-for': '6.6.6.6' }))).toBe('6.6.6.6');
        } finally {
          if (saved === undefined) delete process.env.TRUST_PROXY;
          else process.env.TRUST_PROXY = saved;
        }
      });

      test("with the member centre closed the form is refused with the API's message", async () => {
        await setConfigValue(t.db, 'openMemberCenter', false);
        try {
          const res = await formLogin();
          expect(res.status).toBe(303);
          expect(res.headers.getSetCookie().some((c) => c.startsWith('ba-user-token='))).toBe(false);
          const key = new URL(res.headers.get('location')!, ORIGIN).searchParams.get('error')!;
          const api = await createApi({ getDb: () => t.db }).request(`${ORIGIN}/userapi/v1/user/login`, {
            method: 'POST',
            headers: { origin: ORIGIN, 'content-type': 'application/json', 'think-lang': 'en' },
            body: JSON.stringify({ account: 'demo', password: 'Demo#2026' }),
          });
          const body = (await api.json()) as { message: string };
          expect(api.status).toBe(403);
          expect(apiMessage('en', key)).toBe(body.message);
          expect(body.message).toBe('Member center is closed');
        } finally {
          await setConfigValue(t.db, 'openMemberCenter', true);
        }
      });

      test("its cookies are the API's: same names and attributes, with and without keep", async () => {
        const shape = (cookies: string[]) =>
          cookies
            .map((c) => c.split(';').map((p) => p.trim()))
            .map(([pair, ...attrs]) =>
              [
                pair.split('=')[0],
                pair.includes('=;') || pair.endsWith('=') ? 'cleared' : 'set',
                ...attrs.map((a) => a.replace(/^(Max-Age|Expires)=.*/, '$1')).sort(),
              ].join('; '),
            )
            .sort();
        const api = createApi({ getDb: () => t.db });
        for (const keep of ['1', '0']) {
          const form = await formLogin({}, { keep });
          const json = await api.request(`${ORIGIN}/userapi/v1/user/login`, {
            method: 'POST',
            headers: { origin: ORIGIN, 'content-type': 'application/json' },
            body: JSON.stringify({ account: 'demo', password: 'Demo#2026', keep: keep === '1' }),
          });
          expect(shape(form.headers.getSetCookie())).toEqual(shape(json.headers.getSetCookie()));
          expect(form.headers.getSetCookie().some((c) => c.startsWith('ba-user-refresh=') && !c.startsWith('ba-user-refresh=;'))).toBe(
            keep === '1',
          );
        }
      });
    });
  });
}
