/**
 * The click captcha in front of login and code sending, in test mode (PORTAL_CAPTCHA_TEST=1: the
 * issue answer carries the solving `info`); everything else behaves as in production.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Envelope } from '~/features/_shared/envelope';
import { createApi } from '~/server/api';
import { testOutbox } from '../../../tests/support/outbox';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';

const ORIGIN = 'http://localhost';

for (const engine of engines()) {
  describe(`captcha before login and codes on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof createApi>;
    const outbox = testOutbox();
    const saved = { login: process.env.PORTAL_LOGIN_CAPTCHA, test: process.env.PORTAL_CAPTCHA_TEST };

    // biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
    const call = async <T = any>(path: string, json?: unknown) => {
      const res = await api.request(`${ORIGIN}/userapi/v1/${path}`, {
        method: json === undefined ? 'GET' : 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json', 'think-lang': 'en' },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      return { res, body: (await res.json()) as Envelope<T> };
    };
    const solve = async () => {
      const issued = await call<{ id: string; test_answer: string }>(`index/clickCaptcha?id=${crypto.randomUUID()}`);
      return { captchaId: issued.body.data.id, captchaInfo: issued.body.data.test_answer };
    };

    beforeAll(async () => {
      process.env.PORTAL_LOGIN_CAPTCHA = '1';
      process.env.PORTAL_CAPTCHA_TEST = '1';
      t = await freshDatabase(engine, { seed: true });
      api = createApi({ getDb: () => t.db });
      outbox.open();
    });
    afterAll(async () => {
      for (const [k, v] of [
        ['PORTAL_LOGIN_CAPTCHA', saved.login],
        ['PORTAL_CAPTCHA_TEST', saved.test],
      ] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      outbox.close();
      await t.drop();
    });

    test('checkIn says login asks for the captcha; login without it is refused, with it works once', async () => {
      expect((await call('user/checkIn')).body.data.userLoginCaptchaSwitch).toBe(true);
      const bare = await call('user/login', { account: 'demo', password: 'Demo#2026' });
      expect([bare.res.status, bare.body.data?.field]).toEqual([400, 'captcha']);
      const answer = await solve();
      const ok = await call('user/login', { account: 'demo', password: 'Demo#2026', ...answer });
      expect(ok.body.code).toBe(200001);
      const replay = await call('user/login', { account: 'demo', password: 'Demo#2026', ...answer });
      expect(replay.res.status).toBe(400); // single use
    });

    test('a code is sent only behind a solved captcha', async () => {
      const bare = await call('ems/send', { email: 'fresh@example.com', event: 'user_register' });
      expect(bare.res.status).toBe(400);
      expect(outbox.all('fresh@example.com')).toEqual([]);
      const sent = await call('ems/send', { email: 'fresh@example.com', event: 'user_register', ...(await solve()) });
      expect([sent.res.status, sent.body.message]).toEqual([200, 'E-mail sent.']);
      expect(outbox.latest('fresh@example.com').code).toMatch(/^\d{6}$/);
    });
  });
}
