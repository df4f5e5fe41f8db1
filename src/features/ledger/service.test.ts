import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type Db, num } from '~/server/db/client';
import { DomainError } from '~/server/errors';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import type { LedgerQuery } from './schemas';
import { changeBalance, changeLedger, changeScore, dayStart, type Ledger, LEDGER_TABLE, listLedger } from './service';

/** Small seeded PRNG (mulberry32): the same sequence on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** balance = sum of entries; before/after chain continuous from 0; never negative. */
async function expectInvariant(db: Db, ledger: Ledger, userId: number): Promise<void> {
  const [u] = await db.sql`SELECT money, score FROM "user" WHERE id = ${userId}`;
  const rows = await db.sql`SELECT * FROM ${db.sql(LEDGER_TABLE[ledger])} WHERE user_id = ${userId} ORDER BY id`;
  let running = 0;
  for (const r of rows) {
    expect(num(r.before)).toBe(running);
    expect(num(r.after)).toBe(num(r.before) + num(r.amount));
    expect(num(r.after)).toBeGreaterThanOrEqual(0);
    running = num(r.after);
  }
  expect(num(u[ledger])).toBe(running);
}

async function newMember(db: Db, name: string): Promise<number> {
  const [g] = await db.sql`SELECT id FROM user_group WHERE code = 'default'`;
  const [u] =
    await db.sql`INSERT INTO "user" ${db.sql({ group_id: num(g.id), username: name, password_hash: 'x', join_time: 0, created_at: 0, updated_at: 0 })} RETURNING id`;
  return num(u.id);
}

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (e) {
    if (e instanceof DomainError) return e.status;
    throw e;
  }
}

test('dayStart: midnight in the zone, also across a DST change', () => {
  expect(dayStart('2026-11-24', 'Asia/Shanghai')).toBe(Date.UTC(2026, 10, 23, 16) / 1000);
  expect(dayStart('2026-03-08', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 5) / 1000);
  expect(dayStart('2026-03-09', 'America/New_York')).toBe(Date.UTC(2026, 2, 9, 4) / 1000);
  expect(dayStart('2026-01-01', 'UTC')).toBe(Date.UTC(2026, 0, 1) / 1000);
});

for (const engine of engines()) {
  describe(`ledger on ${engine.name}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
    }, 60_000);
    afterAll(async () => {
      await t.drop();
    });

    test('the demo seed reaches the balances through the ledgers', async () => {
      for (const name of ['demo', 'manager']) {
        const [u] = await t.db.sql`SELECT id, money, score FROM "user" WHERE username = ${name}`;
        await expectInvariant(t.db, 'money', num(u.id));
        await expectInvariant(t.db, 'score', num(u.id));
      }
      const [demo] = await t.db.sql`SELECT id, money, score FROM "user" WHERE username = 'demo'`;
      // Later areas' demo seeders (team allocations, order payments) move the balance on through the
      // ledger too; the ledger's own seed entries (opening + history) add up to the demo figures.
      const [own] = await t.db.sql`SELECT COALESCE(SUM(amount), 0) AS s FROM user_money_log
        WHERE user_id = ${demo.id} AND (reference = 'seed' OR reference IN ('TOPUP-20261029-001', 'POL-GZ-2026-00318',
          'POL-TY-2026-01102', 'END-2026-00471', 'TOPUP-20261115-004', 'POL-GZ-2026-00402', 'SEAL-2026-00093'))`;
      expect(num(own.s)).toBe(1_250_000);
      expect(num(demo.score)).toBe(320);
      const [first] = await t.db.sql`SELECT * FROM user_money_log WHERE user_id = ${demo.id} ORDER BY id LIMIT 1`;
      expect(first).toMatchObject({ kind: 'adjust', memo: '' });
      expect(JSON.parse(String(first.params))).toEqual({ t: 'opening' });
    });

    test('50 concurrent changes on one account keep the invariant', async () => {
      const userId = await newMember(t.db, `conc-${engine.name}`);
      await changeBalance(t.db, { userId, amount: 1_000, kind: 'topup' });
      const dbs = engine.name === 'postgres' ? [t.db, t.open(), t.open()] : [t.db];
      const rnd = prng(50);
      const amounts = Array.from({ length: 50 }, () => Math.round((rnd() - 0.55) * 400) || 1);
      const results = await Promise.all(
        amounts.map((amount, i) => status(changeBalance(dbs[i % dbs.length], { userId, amount, kind: amount > 0 ? 'refund' : 'payment' }))),
      );
      expect(results.every((s) => s === 200 || s === 409)).toBe(true);
      const [n] = await t.db.sql`SELECT COUNT(*) AS n FROM user_money_log WHERE user_id = ${userId}`;
      expect(num(n.n)).toBe(1 + results.filter((s) => s === 200).length);
      await expectInvariant(t.db, 'money', userId);
      // points too, all at once
      await Promise.all(
        amounts.map((a, i) => status(changeScore(dbs[i % dbs.length], { userId, amount: Math.abs(a), kind: 'allocation' }))),
      );
      await expectInvariant(t.db, 'score', userId);
    });

    test('random sequences keep the invariant (seeded property test)', async () => {
      for (const seed of [1, 2, 3]) {
        const userId = await newMember(t.db, `prop-${engine.name}-${seed}`);
        const rnd = prng(seed);
        const model = { money: 0, score: 0 };
        const seen = new Map<string, number>();
        for (let i = 0; i < 60; i++) {
          const ledger: Ledger = rnd() < 0.6 ? 'money' : 'score';
          const amount = Math.round((rnd() - 0.45) * 5_000) || 7;
          const requestId = rnd() < 0.3 ? `r${Math.floor(rnd() * 8)}` : undefined;
          const key = `${ledger}:${requestId}`;
          const s = await status(changeLedger(t.db, ledger, { userId, amount, kind: 'adjust', requestId }));
          if (requestId && seen.has(key))
            expect(s).toBe(200); // a replay answers the first entry
          else if (model[ledger] + amount < 0) expect(s).toBe(409);
          else {
            expect(s).toBe(200);
            model[ledger] += amount;
            if (requestId) seen.set(key, amount);
          }
        }
        const [u] = await t.db.sql`SELECT money, score FROM "user" WHERE id = ${userId}`;
        expect([num(u.money), num(u.score)]).toEqual([model.money, model.score]);
        await expectInvariant(t.db, 'money', userId);
        await expectInvariant(t.db, 'score', userId);
      }
    });

    test('a repeated request id returns the first entry and changes nothing', async () => {
      const userId = await newMember(t.db, `idem-${engine.name}`);
      const a = await changeBalance(t.db, { userId, amount: 2_500, kind: 'topup', requestId: 'topup-1' });
      const b = await changeBalance(t.db, { userId, amount: 9_999, kind: 'topup', requestId: 'topup-1' });
      expect(a.replayed).toBe(false);
      expect(b).toEqual({ entry: a.entry, replayed: true });
      const same = await Promise.all(
        Array.from({ length: 10 }, () => changeBalance(t.db, { userId, amount: 100, kind: 'topup', requestId: 'x' })),
      );
      expect(new Set(same.map((r) => r.entry.id)).size).toBe(1);
      // the same request id of another member is another request
      const other = await newMember(t.db, `idem2-${engine.name}`);
      expect((await changeBalance(t.db, { userId: other, amount: 1, kind: 'topup', requestId: 'topup-1' })).replayed).toBe(false);
      const [u] = await t.db.sql`SELECT money FROM "user" WHERE id = ${userId}`;
      expect(num(u.money)).toBe(2_600);
      await expectInvariant(t.db, 'money', userId);
    });

    test('a change below zero is refused with 409 and writes nothing', async () => {
      const userId = await newMember(t.db, `neg-${engine.name}`);
      await changeBalance(t.db, { userId, amount: 100, kind: 'topup' });
      const err = await changeBalance(t.db, { userId, amount: -101, kind: 'payment', requestId: 'p1' }).catch((e) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect(err).toMatchObject({ status: 409, key: 'ledger.insufficientBalance' });
      expect(await changeScore(t.db, { userId, amount: -1, kind: 'payment' }).catch((e) => e.key)).toBe('ledger.insufficientPoints');
      const rows = await t.db.sql`SELECT * FROM user_money_log WHERE user_id = ${userId}`;
      expect(rows.length).toBe(1);
      const [u] = await t.db.sql`SELECT money, score FROM "user" WHERE id = ${userId}`;
      expect([num(u.money), num(u.score)]).toEqual([100, 0]);
      expect(await status(changeBalance(t.db, { userId: 999_999, amount: 1, kind: 'topup' }))).toBe(404);
      expect(await status(changeBalance(t.db, { userId, amount: 1.5, kind: 'topup' }))).toBe(400);
      expect(await status(changeBalance(t.db, { userId, amount: 0, kind: 'topup' }))).toBe(400);
    });

    test('lists filter by kind and inclusive days in the zone, only the member’s own', async () => {
      const userId = await newMember(t.db, `list-${engine.name}`);
      const day = (d: string, h: number) => dayStart(d, 'Asia/Shanghai') + h * 3_600;
      await changeBalance(t.db, { userId, amount: 1_000, kind: 'topup', at: day('2026-11-01', 0) });
      await changeBalance(t.db, { userId, amount: -300, kind: 'payment', at: day('2026-11-02', 23) });
      await changeBalance(t.db, { userId, amount: -200, kind: 'payment', at: day('2026-11-03', 12) });
      const q: LedgerQuery = { page: 1, limit: 10, start: '', end: '', kind: '' };
      const all = await listLedger(t.db, 'money', userId, q, 'Asia/Shanghai');
      expect(all.total).toBe(3);
      expect(all.sum).toBe(500);
      expect(all.list.map((e) => e.amount)).toEqual([-200, -300, 1_000]);
      const range = await listLedger(t.db, 'money', userId, { ...q, start: '2026-11-01', end: '2026-11-02' }, 'Asia/Shanghai');
      expect(range.list.map((e) => e.amount)).toEqual([-300, 1_000]);
      const kind = await listLedger(t.db, 'money', userId, { ...q, kind: 'payment', page: 2 }, 'Asia/Shanghai');
      expect([kind.total, kind.sum, kind.list.length]).toEqual([2, -500, 0]);
      expect((await listLedger(t.db, 'score', userId, q, 'Asia/Shanghai')).total).toBe(0);
    });
  });
}
