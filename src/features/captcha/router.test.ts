import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import type { Envelope } from '~/features/_shared/envelope';
import { createApi } from '~/server/api';
import { nowSeconds } from '~/server/db/client';
import { setConfigValue } from '~/server/site-config';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { CAPTCHA_TTL, ISSUE_LIMIT, type IssuedCaptcha, issueCaptcha } from './service';

const BASE = 'http://localhost/userapi/v1';

let ipSeq = 0;

for (const engine of engines()) {
  describe(`captcha API on ${engine.name}`, () => {
    let t: TestDatabase;
    let app: ReturnType<typeof createApi>;
    const savedTestFlag = process.env.PORTAL_CAPTCHA_TEST;

    // biome-ignore lint/suspicious/noExplicitAny: replies are read loosely, field by field
    async function call<T = any>(path: string, opts: { json?: unknown; ip?: string; lang?: string } = {}) {
      const headers: Record<string, string> = { 'think-lang': opts.lang ?? 'en' };
      const init: RequestInit = { headers };
      if (opts.json !== undefined) {
        headers['content-type'] = 'application/json';
        Object.assign(init, { method: 'POST', body: JSON.stringify(opts.json) });
      }
      const ip = opts.ip ?? `198.51.100.${++ipSeq % 250}`;
      const res = await app.request(`${BASE}/${path}`, init, { requestIP: () => ({ address: ip }) });
      return { res, body: (await res.json()) as Envelope<T> };
    }
    const issue = async (query = '') => {
      process.env.PORTAL_CAPTCHA_TEST = '1';
      const r = await call<IssuedCaptcha>(`index/clickCaptcha${query}`);
      expect(r.res.status).toBe(200);
      return r.body.data;
    };
    const check = (json: unknown, lang?: string) => call('index/checkClickCaptcha', { json, lang });

    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
      app = createApi({ getDb: () => t.db });
    });
    afterEach(() => {
      if (savedTestFlag === undefined) delete process.env.PORTAL_CAPTCHA_TEST;
      else process.env.PORTAL_CAPTCHA_TEST = savedTestFlag;
    });
    afterAll(async () => {
      await t.drop();
    });

    test('GET clickCaptcha: id, text, PNG data URL, size, expiry; no answer outside test mode', async () => {
      delete process.env.PORTAL_CAPTCHA_TEST;
      const id = crypto.randomUUID();
      const { res, body } = await call<IssuedCaptcha>(`index/clickCaptcha?id=${id}`);
      expect([res.status, body.code]).toEqual([200, 200001]);
      expect(Object.keys(body.data).sort()).toEqual(['base64', 'expire', 'height', 'id', 'text', 'width']);
      expect(body.data.id).toBe(id);
      expect(body.data.text).toHaveLength(3);
      expect(body.data.base64).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
      expect([body.data.width, body.data.height]).toEqual([350, 200]);
      expect(body.data.expire).toBeGreaterThanOrEqual(nowSeconds() + CAPTCHA_TTL - 5);
      // without an id the server makes one
      const made = await call<IssuedCaptcha>('index/clickCaptcha');
      expect(made.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    });

    test('test mode: test_answer solves it; check answers "Verification is successful!"', async () => {
      const c = await issue();
      expect(c.test_answer).toMatch(/^\d+,\d+-\d+,\d+-\d+,\d+;350;200$/);
      const ok = await check({ id: c.id, info: c.test_answer, unset: false });
      expect([ok.res.status, ok.body.code, ok.body.message]).toEqual([200, 200001, 'Verification is successful!']);
      const zh = await check({ id: c.id, info: c.test_answer, unset: true }, 'zh-cn');
      expect(zh.body.message).toBe('验证成功！');
      const replay = await check({ id: c.id, info: c.test_answer, unset: true });
      expect([replay.res.status, replay.body.data]).toEqual([400, { field: 'captcha' }]);
      expect(replay.body.message).toBe('The captcha has expired, please click the refresh button');
    });

    test('test mode with NODE_ENV=production is refused: no image, no answer', async () => {
      const nodeEnv = process.env.NODE_ENV;
      process.env.PORTAL_CAPTCHA_TEST = '1';
      process.env.NODE_ENV = 'production';
      const logged = console.error;
      console.error = () => {}; // the refusal is logged as a server error
      try {
        const r = await call('index/clickCaptcha');
        expect(r.res.status).toBe(500);
        expect(JSON.stringify(r.body)).not.toContain('test_answer');
      } finally {
        console.error = logged;
        process.env.NODE_ENV = nodeEnv;
      }
    });

    test('wrong order: 400 with the spec text in the request language', async () => {
      const c = await issue();
      const [list, w, h] = c.test_answer!.split(';');
      const swapped = `${list.split('-').reverse().join('-')};${w};${h}`;
      const en = await check({ id: c.id, info: swapped });
      expect([en.res.status, en.body.message]).toEqual([400, 'The correct area is not clicked, please try again!']);
      const zh = await check({ id: c.id, info: swapped }, 'zh-cn');
      expect(zh.body.message).toBe('未点中正确区域，请重试！');
    });

    test('clicks on a scaled rendering pass (the widget sends its rendered size)', async () => {
      const c = await issue();
      const [list] = c.test_answer!.split(';');
      const half = list
        .split('-')
        .map((p) => p.split(',').map((n) => Number(n) / 2))
        .map(([x, y]) => `${x},${y}`)
        .join('-');
      const r = await check({ id: c.id, info: `${half};175;100`, unset: 1 });
      expect(r.res.status).toBe(200);
    });

    test('an answer after expiry is refused (clock moved by issuing in the past)', async () => {
      const c = await issueCaptcha(t.db, { ip: '203.0.113.9' }, { testMode: true, now: nowSeconds() - CAPTCHA_TTL });
      const r = await check({ id: c.id, info: c.test_answer, unset: true });
      expect([r.res.status, r.body.message]).toEqual([400, 'The captcha has expired, please click the refresh button']);
    });

    test('20 parallel checks of one right answer through the API: exactly one succeeds', async () => {
      const c = await issue();
      const replies = await Promise.all(Array.from({ length: 20 }, () => check({ id: c.id, info: c.test_answer, unset: true })));
      expect(replies.filter((r) => r.res.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.res.status === 400)).toHaveLength(19);
    });

    test('bad input: 400 naming the field', async () => {
      const bad = await check({ id: 'no', info: '1,1;350;200' });
      expect([bad.res.status, bad.body.data.field]).toEqual([400, 'id']);
      const info = await check({ id: crypto.randomUUID(), info: '<script>' });
      expect([info.res.status, info.body.data.field]).toEqual([400, 'info']);
      const query = await call('index/clickCaptcha?id=%3Cx%3E');
      expect([query.res.status, query.body.data.field]).toEqual([400, 'id']);
    });

    test(`more than ${ISSUE_LIMIT.max} images a minute from one IP: 429 with Retry-After, in the request language`, async () => {
      const ip = '203.0.113.77';
      // Start at the beginning of a window so the minute cannot roll over mid-test.
      while (nowSeconds() % ISSUE_LIMIT.window > ISSUE_LIMIT.window - 15) await Bun.sleep(500);
      for (let i = 0; i < ISSUE_LIMIT.max; i++) expect((await call(`index/clickCaptcha`, { ip })).res.status).toBe(200);
      const en = await call('index/clickCaptcha', { ip });
      expect([en.res.status, en.body.code]).toEqual([429, 429001]);
      const wait = Number(en.res.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(ISSUE_LIMIT.window);
      expect(en.body.message).toBe(`Too many captcha requests, please try again in ${wait} seconds`);
      const zh = await call('index/clickCaptcha', { ip, lang: 'zh-cn' });
      expect(zh.body.message).toMatch(/^获取验证码过于频繁，请 \d+ 秒后再试$/);
      expect((await call('index/clickCaptcha', { ip: '203.0.113.78' })).res.status).toBe(200);
    }, 60_000); // waits up to 15 s for a fresh window, then draws 32 images

    test('a closed member centre keeps the captcha (operators still sign in)', async () => {
      await setConfigValue(t.db, 'openMemberCenter', false);
      try {
        expect((await call('index/clickCaptcha')).res.status).toBe(200);
        const wrong = await check({ id: crypto.randomUUID(), info: '1,1;1;1' });
        expect([wrong.res.status, wrong.body.code]).toEqual([400, 400001]);
      } finally {
        await setConfigValue(t.db, 'openMemberCenter', true);
      }
    });
  });
}
