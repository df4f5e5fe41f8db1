/**
 * The member's desk counts what the member's own records say, on both engines: cover in force and
 * the people it covers today, orders to pay and their total, cover ending within 30 days, claims
 * and endorsements waiting, and premium per month equal to what the policies were paid.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { formatDate } from '~/lib/format';
import { num } from '~/server/db/client';
import { ledgerSeededDatabase, placePolicy, userId } from '../../../tests/support/endorse-kit';
import { engines, type TestDatabase } from '../../../tests/support/test-db';
import { lastMonths, loadDesk } from './desk';

setDefaultTimeout(60_000);

for (const engine of engines()) {
  describe(`the member's desk on ${engine.name}`, () => {
    let t: TestDatabase;
    let demo: number;
    beforeAll(async () => {
      t = await ledgerSeededDatabase(engine);
      demo = await userId(t.db, 'demo');
    }, 60_000);
    afterAll(async () => {
      await t?.drop();
    });

    test('an empty desk says nothing is waiting', async () => {
      const desk = await loadDesk(t.db, demo, 'en', 'Asia/Shanghai');
      expect(desk.orders.inForce).toBe(0);
      expect(desk.orders.unpaidCount).toBe(0);
      expect(desk.claims.waitingCount).toBe(0);
      expect(desk.months).toHaveLength(12);
      expect(desk.premium.every((n) => n === 0)).toBe(true);
    });

    test('cover, people, orders to pay, cover ending soon and premium per month follow the orders', async () => {
      const byHeadcount = await placePolicy(t.db, demo, { product: 'guzhu', plan: 0, people: 7, start: -30, months: 12 });
      const named = await placePolicy(t.db, demo, { product: 'tuanyi', plan: 0, people: 3, start: -10, months: 12 });
      const ending = await placePolicy(t.db, demo, { product: 'guzhu', plan: 0, people: 3, start: -20, months: 1 });
      const unpaid = await placePolicy(t.db, demo, { product: 'guzhu', plan: 0, people: 4, start: 5, status: 'unpaid' });
      await placePolicy(t.db, demo, { product: 'guzhu', plan: 0, people: 4, start: 5, status: 'cancelled' });

      const desk = await loadDesk(t.db, demo, 'en', 'Asia/Shanghai');
      expect(desk.orders.inForce).toBe(3);
      expect(desk.orders.peopleCovered).toBe(7 + 3 + 3);
      expect(desk.orders.unpaid.map((o) => o.id)).toEqual([unpaid.id]);
      expect(desk.orders.unpaidTotal).toBe(unpaid.premium);
      expect(desk.orders.endingSoon.map((o) => o.id)).toEqual([ending.id]);
      const paid = byHeadcount.premium + named.premium + ending.premium;
      expect(desk.premium.reduce((s, n) => s + n, 0)).toBe(paid);
      // Each premium counts in the month it was paid (the policies were paid when placed, days before cover starts).
      const expected = desk.months.map(() => 0);
      for (const o of [byHeadcount, named, ending]) {
        const i = desk.months.indexOf(formatDate(o.paidAt ?? 0, 'YYYY-MM', 'Asia/Shanghai'));
        expected[i] = (expected[i] ?? 0) + o.premium;
      }
      expect(desk.premium).toEqual(expected);
      // The latest three balance entries, newest first, the premiums among them.
      expect(desk.money).toHaveLength(3);
      expect(desk.money.map((e) => e.created_at)).toEqual([...desk.money.map((e) => e.created_at)].sort((a, b) => b - a));
    });

    test("someone else's records never show", async () => {
      const manager = await userId(t.db, 'manager');
      const desk = await loadDesk(t.db, manager, 'en', 'Asia/Shanghai');
      expect(desk.orders.inForce).toBe(0);
      expect(desk.orders.unpaidCount).toBe(0);
      const [{ n }] = await t.db.sql`SELECT COUNT(*) AS n FROM policy_order WHERE user_id = ${demo}`;
      expect(num(n)).toBeGreaterThan(0);
    });
  });
}

describe('lastMonths', () => {
  test('twelve month starts ending with this month, across a year end', () => {
    const months = lastMonths(12, 'Asia/Shanghai', Date.parse('2027-01-15T12:00:00Z'));
    expect(months[0]).toBe('2026-02-01');
    expect(months.at(-1)).toBe('2027-01-01');
    expect(new Set(months).size).toBe(12);
  });
});
