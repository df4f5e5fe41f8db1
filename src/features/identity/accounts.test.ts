/** Registration, recovery, login limits and ending one session, through the API, on both engines. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Envelope } from '~/features/_shared/envelope';
import { createApi } from '~/server/api';
import { LOCK_WINDOW } from '.';
import { sendCode } from '../verification';
import { testOutbox } from '../../../tests/support/outbox';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';

const ORIGIN = 'http://localhost';

/**
 * The login counters are fixed windows of LOCK_WINDOW seconds: attempts on both sides of a window's
 * end are counted apart. A test that makes a few attempts and expects the limit waits until it has
 * `seconds` left in the current window.
 */
async function awayFromWindowEdge(seconds = 10): Promise<void> {
  const left = LOCK_WINDOW - ((Date.now() / 1000) % LOCK_WINDOW);
  if (left < seconds) await Bun.sleep(left * 1000 + 50);
}

for (const engine of engines()) {
  describe(`accounts on ${engine.name}`, () => {
    let t: TestDatabase;
    const outbox = testOutbox();
    let api: ReturnType<typeof createApi>;

    // biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
    async function post<T = any>(path: string, json: unknown, headers: Record<string, string> = {}) {
      const res = await api.request(`${ORIGIN}/userapi/v1/${path}`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json', 'think-lang': 'en', ...headers },
        body: JSON.stringify(json),
      });
      return { res, body: (await res.json()) as Envelope<T> };
    }
    /** Codes come from the outbox, as a person would read them. */
    async function codeFor(channel: 'email' | 'sms', address: string, event: 'user_register' | 'user_retrieve_pwd') {
      await sendCode(t.db, { channel, address, event, ip: '203.0.113.9', locale: 'en', registered: event === 'user_retrieve_pwd' });
      return outbox.latest(address).code!;
    }

    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
      api = createApi({ getDb: () => t.db });
      outbox.open();
    });
    afterAll(async () => {
      outbox.close();
      await t.drop();
    });

    /** POST user/register by `registerType` with the password Secret#123. */
    const register = (registerType: 'email' | 'mobile', username: string, address: string, captcha: string) =>
      post('user/register', { registerType, username, password: 'Secret#123', [registerType]: address, captcha });

    test('register by e-mail with the code: signed in at once, and the password works', async () => {
      const code = await codeFor('email', 'new.member@example.com', 'user_register');
      const r = await register('email', 'newmember', 'New.Member@example.com', code);
      expect([r.res.status, r.body.code, r.body.message]).toEqual([200, 200001, 'Registration succeeded!']);
      expect(r.body.data.userInfo).toMatchObject({ username: 'newmember', email: 'new.member@example.com', nickname: 'newmember' });
      expect(r.res.headers.getSetCookie().some((c) => c.startsWith('ba-user-token='))).toBe(true);
      const again = await post('user/login', { account: 'newmember', password: 'Secret#123' });
      expect(again.body.code).toBe(200001);
    });

    test('register checks the fields (named, in the request language) and a taken name keeps the code', async () => {
      const bad = await post('user/register', { registerType: 'mobile', username: '1x', password: 'a<b', mobile: '12', captcha: 'abc' });
      expect(bad.res.status).toBe(400);
      expect(Object.keys(bad.body.data.errors).sort()).toEqual(['captcha', 'mobile', 'password', 'username']);
      expect(bad.body.data.errors.mobile).toBe('Please enter the correct mobile number');
      const code = await codeFor('sms', '13700137000', 'user_register');
      const taken = await register('mobile', 'demo', '13700137000', code);
      expect([taken.res.status, taken.body.data.field]).toEqual([409, 'username']);
      const ok = await register('mobile', 'mobileuser', '13700137000', code);
      expect(ok.body.code).toBe(200001);
      const wrong = await register('mobile', 'other', '13700137001', '000000');
      expect([wrong.res.status, wrong.body.data.field]).toEqual([400, 'captcha']);
    });

    test('password recovery by code ends every session; unknown addresses answer like a wrong code', async () => {
      const login = await post('user/login', { account: 'manager', password: 'Manager#2026' });
      const token = login.body.data.userInfo.token as string;
      const code = await codeFor('email', 'manager@example.com', 'user_retrieve_pwd');
      const r = await post('user/retrievePassword', {
        type: 'email',
        account: 'manager@example.com',
        captcha: code,
        password: 'Changed#2026',
      });
      expect([r.res.status, r.body.message]).toEqual([200, 'Password changed, please log in again']);
      const old = await api.request(`${ORIGIN}/userapi/v1/index/index?requiredLogin=1`, { headers: { 'ba-user-token': token } });
      expect(old.status).toBe(401);
      expect((await post('user/login', { account: 'manager', password: 'Manager#2026' })).res.status).toBe(401);
      expect((await post('user/login', { account: 'manager', password: 'Changed#2026' })).body.code).toBe(200001);
      const ghost = await post('user/retrievePassword', {
        type: 'email',
        account: 'nobody@example.com',
        captcha: '123456',
        password: 'Changed#2026',
      });
      const wrong = await post('user/retrievePassword', {
        type: 'email',
        account: 'manager@example.com',
        captcha: '123456',
        password: 'Changed#2026',
      });
      expect([ghost.res.status, ghost.body.message]).toEqual([wrong.res.status, wrong.body.message]);
    });

    test('guessing at an unknown account is limited like a real one: 429 with Retry-After', async () => {
      await awayFromWindowEdge();
      for (let i = 0; i < 10; i++)
        expect((await post('user/login', { account: 'ghost_user', password: `Guess#${i}00` })).res.status).toBe(401);
      const locked = await post('user/login', { account: 'ghost_user', password: 'Guess#final' });
      expect(locked.res.status).toBe(429);
      expect(locked.body.message).toMatch(/try again in \d+ minutes/);
      expect(Number(locked.res.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    test('one address trying many accounts is limited per IP', async () => {
      await awayFromWindowEdge();
      const saved = process.env.LOGIN_FAILURES_PER_IP;
      process.env.LOGIN_FAILURES_PER_IP = '3';
      try {
        const ip = { 'x-forwarded-for': `198.18.0.${engine.name === 'sqlite' ? 1 : 2}` };
        process.env.TRUST_PROXY = '1';
        for (let i = 0; i < 3; i++) await post('user/login', { account: `nobody${i}`, password: 'Guess#1234' }, ip);
        const limited = await post('user/login', { account: 'demo', password: 'Demo#2026' }, ip);
        expect([limited.res.status, limited.body.message]).toEqual([429, expect.stringMatching(/try again in \d+ minutes/)]);
        const elsewhere = { 'x-forwarded-for': `198.18.1.${engine.name === 'sqlite' ? 1 : 2}` };
        expect((await post('user/login', { account: 'demo', password: 'Demo#2026' }, elsewhere)).body.code).toBe(200001);
      } finally {
        delete process.env.TRUST_PROXY;
        if (saved === undefined) delete process.env.LOGIN_FAILURES_PER_IP;
        else process.env.LOGIN_FAILURES_PER_IP = saved;
      }
    });

    test('end one chosen session; another member’s session id answers 404', async () => {
      const a = (await post('user/login', { account: 'demo', password: 'Demo#2026' })).body.data.userInfo.token as string;
      const b = (await post('user/login', { account: 'demo', password: 'Demo#2026' })).body.data.userInfo.token as string;
      const other = (await post('user/login', { account: 'operator', password: 'Operator#2026' })).body.data.userInfo.token as string;
      const list = async (token: string) =>
        (
          (await (await api.request(`${ORIGIN}/userapi/v1/account/sessions`, { headers: { 'ba-user-token': token } })).json()) as Envelope<{
            list: { id: number; current: boolean }[];
          }>
        ).data.list;
      const bId = (await list(b)).find((s) => s.current)!.id;
      const operatorId = (await list(other)).find((s) => s.current)!.id;
      expect((await post('account/sessions/revoke', { id: operatorId }, { 'ba-user-token': a })).res.status).toBe(404);
      const ended = await post('account/sessions/revoke', { id: bId }, { 'ba-user-token': a });
      expect([ended.res.status, ended.body.message]).toEqual([200, 'That device has been signed out']);
      expect((await list(a)).some((s) => s.id === bId)).toBe(false);
      const bGone = await api.request(`${ORIGIN}/userapi/v1/account/sessions`, { headers: { 'ba-user-token': b } });
      expect(bGone.status).toBe(401);
      expect((await post('account/sessions/revoke', { id: 'x' }, { 'ba-user-token': a })).res.status).toBe(400);
      const all = await post('account/sessions/revoke', { all: true }, { 'ba-user-token': a });
      expect(all.body.code).toBe(200001);
    });
  });
}
