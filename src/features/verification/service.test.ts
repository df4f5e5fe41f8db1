import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { nowSeconds } from '~/server/db/client';
import { testOutbox } from '../../../tests/support/outbox';
import { failure } from '../../../tests/support/domain-error';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { consumeCode, MAX_CODE_ATTEMPTS, RESEND_GAP, sendCode } from './service';

for (const engine of engines()) {
  describe(`verification codes on ${engine.name}`, () => {
    let t: TestDatabase;
    const outbox = testOutbox();
    let n = 0;
    const fresh = () => `person${++n}-${engine.name}@example.com`;
    const codeFor = (to: string) => outbox.latest(to)?.code ?? '';
    const send = (address: string, extra: Partial<Parameters<typeof sendCode>[1]> = {}) =>
      sendCode(t.db, { channel: 'email', address, event: 'user_register', ip: `10.0.0.${n}`, locale: 'en', registered: false, ...extra });

    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
      outbox.open();
    });
    afterAll(async () => {
      outbox.close();
      await t.drop();
    });

    test('a code reaches the outbox, works once, and is stored only as a hash', async () => {
      const to = fresh();
      expect(await send(to)).toEqual({ sent: true });
      const [mail] = outbox.all(to);
      expect(mail).toMatchObject({ channel: 'email', to, event: 'user_register' });
      expect(mail.code).toMatch(/^\d{6}$/);
      expect(mail.subject).toContain('Register');
      expect(mail.text).toContain(mail.code!);
      const rows = await t.db.sql`SELECT code_hash FROM verification_code WHERE address = ${to}`;
      expect(JSON.stringify(rows)).not.toContain(mail.code!);
      await consumeCode(t.db, { channel: 'email', address: to.toUpperCase(), event: 'user_register', code: mail.code! });
      expect((await failure(consumeCode(t.db, { channel: 'email', address: to, event: 'user_register', code: mail.code! }))).key).toBe(
        'code.invalid',
      );
    });

    test('wrong event, wrong digits, expiry and too many wrong tries all refuse', async () => {
      const to = fresh();
      const now = nowSeconds();
      await send(to, { now });
      const code = codeFor(to);
      expect((await failure(consumeCode(t.db, { channel: 'email', address: to, event: 'user_retrieve_pwd', code }))).status).toBe(400);
      expect((await failure(consumeCode(t.db, { channel: 'email', address: to, event: 'user_register', code, now: now + 601 }))).key).toBe(
        'code.invalid',
      );
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < MAX_CODE_ATTEMPTS; i++)
        await failure(consumeCode(t.db, { channel: 'email', address: to, event: 'user_register', code: wrong, now }));
      // Dead now, even with the right digits.
      expect((await failure(consumeCode(t.db, { channel: 'email', address: to, event: 'user_register', code, now }))).key).toBe(
        'code.invalid',
      );
    });

    test('one send a minute per address and event; a new code replaces the old', async () => {
      const to = fresh();
      const now = nowSeconds();
      await send(to, { now });
      const first = codeFor(to);
      const early = await failure(send(to, { now: now + 20 }));
      expect([early.status, early.key, early.params?.seconds]).toEqual([429, 'code.wait', RESEND_GAP - 20]);
      await send(to, { now: now + RESEND_GAP });
      const second = codeFor(to);
      if (first !== second) {
        expect(
          (await failure(consumeCode(t.db, { channel: 'email', address: to, event: 'user_register', code: first, now: now + 61 }))).status,
        ).toBe(400);
      }
      await consumeCode(t.db, { channel: 'email', address: to, event: 'user_register', code: second, now: now + 61 });
    });

    test('per-IP hourly and per-address daily caps answer 429', async () => {
      const ip = `192.0.2.${engine.name === 'sqlite' ? 1 : 2}`;
      const now = nowSeconds();
      for (let i = 0; i < 20; i++) await send(fresh(), { ip, now });
      expect((await failure(send(fresh(), { ip, now }))).status).toBe(429);
      const to = fresh();
      for (let i = 0; i < 10; i++) await send(to, { ip: `198.51.100.${i}`, now: now + i * RESEND_GAP });
      const capped = await failure(send(to, { ip: '198.51.100.99', now: now + 10 * RESEND_GAP }));
      expect(capped.status).toBe(429);
    });

    test('register to a taken address: 409; recovery for an unknown address: same answer, nothing sent', async () => {
      expect((await failure(send('demo@example.com', { registered: true }))).status).toBe(409);
      const ghost = fresh();
      expect(await send(ghost, { event: 'user_retrieve_pwd', registered: false })).toEqual({ sent: false });
      expect(outbox.all(ghost)).toEqual([]);
      const guess = await failure(consumeCode(t.db, { channel: 'email', address: ghost, event: 'user_retrieve_pwd', code: '123456' }));
      expect(guess.key).toBe('code.invalid');
    });

    test('20 parallel checks of one right code: exactly one succeeds', async () => {
      const to = fresh();
      await send(to);
      const code = codeFor(to);
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => consumeCode(t.db, { channel: 'email', address: to, event: 'user_register', code })),
      );
      expect(results.filter((r) => r.status === 'fulfilled').length).toBe(1);
    });
  });
}
