import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { nowSeconds } from '~/server/db/client';
import { DomainError } from '~/server/errors';
import { domainErrorOf } from '../../../tests/support/domain-error';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { readAnswer, solves } from './answer';
import {
  CAPTCHA_TTL,
  captchaTestMode,
  checkCaptcha,
  ISSUE_LIMIT,
  issueCaptcha,
  MAX_WRONG_ANSWERS,
  verifyCaptchaForAction,
} from './service';

/** The DomainError key a promise rejects with ('' when it resolves). */
const keyOf = async (p: Promise<unknown>): Promise<string> => (await domainErrorOf(p))?.key ?? '';

/** `info` with the clicks of a solution in another order. */
const reorder = (info: string, order: number[]) => {
  const [list, w, h] = info.split(';');
  const points = list.split('-');
  return `${order.map((i) => points[i]).join('-')};${w};${h}`;
};

/** `info` for the same clicks on the image rendered at `w` × `h`. */
const rendered = (info: string, w: number, h: number) => {
  const [list, nw, nh] = info.split(';');
  const [sx, sy] = [w / Number(nw), h / Number(nh)];
  const points = list.split('-').map((p) => {
    const [x, y] = p.split(',').map(Number);
    return `${(x * sx).toFixed(2)},${(y * sy).toFixed(2)}`;
  });
  return `${points.join('-')};${w};${h}`;
};

let ipSeq = 0;
const freshIp = () => `192.0.2.${++ipSeq}`;

for (const engine of engines()) {
  describe(`click captcha on ${engine.name}`, () => {
    let t: TestDatabase;
    const issue = (opts: { id?: string; now?: number } = {}) =>
      issueCaptcha(t.db, { id: opts.id, ip: freshIp() }, { testMode: true, now: opts.now });

    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
    });
    afterAll(async () => {
      await t.drop();
    });

    test('issues a PNG with 3 items to click; the answer stays on the server', async () => {
      const now = nowSeconds();
      const c = await issueCaptcha(t.db, { ip: freshIp() }, { now, testMode: false });
      expect(Object.keys(c).sort()).toEqual(['base64', 'expire', 'height', 'id', 'text', 'width']);
      expect([c.width, c.height, c.expire]).toEqual([350, 200, now + CAPTCHA_TTL]);
      expect(c.text).toHaveLength(3);
      expect(new Set(c.text).size).toBe(3);
      expect(c.base64.startsWith('data:image/png;base64,')).toBe(true);
      const png = Buffer.from(c.base64.slice('data:image/png;base64,'.length), 'base64');
      expect([...png.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([350, 200]);
      const [row] = await t.db.sql`SELECT answer FROM captcha WHERE id = ${c.id}`;
      expect(JSON.parse(row.answer).boxes).toHaveLength(3);
    });

    test('the right clicks in order pass; unset=false keeps it, unset=true consumes it, a replay is refused', async () => {
      const c = await issue();
      await checkCaptcha(t.db, { id: c.id, info: c.test_answer, unset: false });
      await checkCaptcha(t.db, { id: c.id, info: c.test_answer, unset: '0' });
      await checkCaptcha(t.db, { id: c.id, info: c.test_answer, unset: true });
      expect(await keyOf(checkCaptcha(t.db, { id: c.id, info: c.test_answer, unset: true }))).toBe('captcha.expired');
      expect(await keyOf(checkCaptcha(t.db, { id: c.id, info: c.test_answer, unset: false }))).toBe('captcha.expired');
    });

    test('the right places in the wrong order, too few clicks, or a miss fail', async () => {
      const c = await issue();
      expect(await keyOf(checkCaptcha(t.db, { id: c.id, info: reorder(c.test_answer!, [1, 0, 2]) }))).toBe('captcha.failed');
      expect(await keyOf(checkCaptcha(t.db, { id: c.id, info: reorder(c.test_answer!, [0, 1]) }))).toBe('captcha.failed');
      // still alive after two wrong tries
      await checkCaptcha(t.db, { id: c.id, info: c.test_answer });
    });

    test('clicks are scaled from the rendered size to the image size', async () => {
      const c = await issue();
      for (const [w, h] of [
        [175, 100],
        [700, 400],
        [300, 240],
        [351.5, 199.25],
      ]) {
        await checkCaptcha(t.db, { id: c.id, info: rendered(c.test_answer!, w, h) });
      }
      // The natural-size clicks claimed for a half-size rendering land twice as far out: refused.
      const [list] = c.test_answer!.split(';');
      expect(await keyOf(checkCaptcha(t.db, { id: c.id, info: `${list};175;100` }))).toBe('captcha.failed');
      await checkCaptcha(t.db, { id: c.id, info: rendered(c.test_answer!, 175, 100), unset: true });
    });

    test(`after ${MAX_WRONG_ANSWERS} wrong answers the captcha is dead, even for the right one`, async () => {
      const c = await issue();
      const wrong = reorder(c.test_answer!, [2, 1, 0]);
      for (let i = 0; i < MAX_WRONG_ANSWERS; i++) expect(await keyOf(checkCaptcha(t.db, { id: c.id, info: wrong }))).toBe('captcha.failed');
      expect(await keyOf(checkCaptcha(t.db, { id: c.id, info: c.test_answer, unset: true }))).toBe('captcha.expired');
    });

    test('an answer after 10 minutes is refused (controllable clock)', async () => {
      const now = nowSeconds();
      const c = await issue({ now });
      await checkCaptcha(t.db, { id: c.id, info: c.test_answer }, { now: now + CAPTCHA_TTL - 1 });
      expect(await keyOf(checkCaptcha(t.db, { id: c.id, info: c.test_answer, unset: true }, { now: now + CAPTCHA_TTL }))).toBe(
        'captcha.expired',
      );
      // and the row is gone for good
      expect(await keyOf(checkCaptcha(t.db, { id: c.id, info: c.test_answer }, { now }))).toBe('captcha.expired');
    });

    test('issuing purges expired rows; re-issuing an id replaces its image and answer', async () => {
      const old = await issue({ now: nowSeconds() - 2 * CAPTCHA_TTL });
      const id = crypto.randomUUID();
      const first = await issue({ id });
      const [gone] = await t.db.sql`SELECT COUNT(*) AS n FROM captcha WHERE id = ${old.id}`;
      expect(Number(gone.n)).toBe(0);
      const stillSolves = async () => {
        const [row] = await t.db.sql`SELECT answer FROM captcha WHERE id = ${id}`;
        return solves(readAnswer(row.answer)!, first.test_answer!);
      };
      let second = await issue({ id });
      // A fresh draw can by chance put every target where the old ones were: draw until it does not.
      while (await stillSolves()) second = await issue({ id });
      expect(second.id).toBe(id);
      expect(await keyOf(checkCaptcha(t.db, { id, info: first.test_answer }))).toBe('captcha.failed');
      await checkCaptcha(t.db, { id, info: second.test_answer, unset: true });
    });

    test('20 parallel checks of one right answer: exactly one consumes it', async () => {
      const c = await issue();
      // Several connections, as several app instances would have.
      const handles = [t.db, t.open(), t.open(), t.open()];
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          keyOf(checkCaptcha(handles[i % handles.length], { id: c.id, info: c.test_answer, unset: true })),
        ),
      );
      expect(results.filter((k) => k === '')).toHaveLength(1);
      expect(results.filter((k) => k === 'captcha.expired')).toHaveLength(19);
    });

    test(`issuing is limited to ${ISSUE_LIMIT.max} per IP per minute, counted in the database`, async () => {
      const ip = freshIp();
      const start = Math.floor(nowSeconds() / 60) * 60 + 60; // the start of a window
      for (let i = 0; i < ISSUE_LIMIT.max; i++) await issueCaptcha(t.db, { ip }, { now: start + 10 });
      try {
        await issueCaptcha(t.db, { ip }, { now: start + 15 });
        throw new Error('not limited');
      } catch (err) {
        expect(err).toBeInstanceOf(DomainError);
        expect((err as DomainError).status).toBe(429);
        expect((err as DomainError).params).toEqual({ seconds: 45 });
      }
      await issueCaptcha(t.db, { ip: freshIp() }, { now: start + 15 }); // another IP is not held back
      await issueCaptcha(t.db, { ip }, { now: start + 60 }); // the next window is open again
    });

    test('verifyCaptchaForAction: required, wrong, right once, then used', async () => {
      const missing = verifyCaptchaForAction(t.db, {});
      await expect(missing).rejects.toMatchObject({ key: 'captcha.required', status: 400, field: 'captcha' });
      const c = await issue();
      const wrong = verifyCaptchaForAction(t.db, { captchaId: c.id, captchaInfo: reorder(c.test_answer!, [2, 0, 1]) });
      await expect(wrong).rejects.toMatchObject({ key: 'captcha.failed', status: 400, field: 'captcha' });
      await expect(verifyCaptchaForAction(t.db, { captchaId: c.id, captchaInfo: 'nonsense' })).rejects.toMatchObject({
        key: 'captcha.failed',
      });
      await verifyCaptchaForAction(t.db, { captchaId: c.id, captchaInfo: c.test_answer });
      const replay = verifyCaptchaForAction(t.db, { captchaId: c.id, captchaInfo: c.test_answer });
      await expect(replay).rejects.toMatchObject({ key: 'captcha.expired', status: 400, field: 'captcha' });
    });

    test('bad input is a 400 naming the field, and counts no try', async () => {
      const c = await issue();
      await expect(checkCaptcha(t.db, { id: 'x', info: c.test_answer })).rejects.toMatchObject({ status: 400, field: 'id' });
      for (const info of ['', '1,2;3', '1,2;0;0', 'a,b;350;200', `${c.test_answer};1`]) {
        await expect(checkCaptcha(t.db, { id: c.id, info })).rejects.toMatchObject({ status: 400 });
      }
      await checkCaptcha(t.db, { id: c.id, info: c.test_answer, unset: true });
    });
  });
}

describe('test mode', () => {
  test('off unless PORTAL_CAPTCHA_TEST=1; refused with NODE_ENV=production', () => {
    expect(captchaTestMode({})).toBe(false);
    expect(captchaTestMode({ PORTAL_CAPTCHA_TEST: '0', NODE_ENV: 'production' })).toBe(false);
    expect(captchaTestMode({ PORTAL_CAPTCHA_TEST: '1', NODE_ENV: 'test' })).toBe(true);
    expect(() => captchaTestMode({ PORTAL_CAPTCHA_TEST: '1', NODE_ENV: 'production' })).toThrow(/refused/);
  });
});
