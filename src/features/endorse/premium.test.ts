import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { addDays, daysInclusive, estimateDelta, itemPremium, periodDays, premiumDelta, proRata } from './premium';

describe('pro-rata premium r(P) = ⌊(2·P·d + D) / (2·D)⌋', () => {
  test("the issue's example: 360.00 for 2026, effective 07-01 → 181.48", () => {
    const { D, d } = periodDays({ start: '2026-01-01', end: '2026-12-31' }, '2026-07-01');
    expect([D, d]).toEqual([365, 184]);
    expect(proRata(36_000, d, D)).toBe(18_148);
    expect(itemPremium('add', 0, 36_000, d, D)).toBe(18_148);
    expect(itemPremium('remove', 36_000, 0, d, D)).toBe(-18_148);
  });

  test('a leap-year period (D = 366)', () => {
    const { D, d } = periodDays({ start: '2028-01-01', end: '2028-12-31' }, '2028-03-01');
    expect([D, d]).toEqual([366, 306]);
    // 36000·306/366 = 30098.36… → 30098
    expect(proRata(36_000, d, D)).toBe(30_098);
    // across February 29th in a period not aligned to the year
    expect(daysInclusive('2027-07-01', '2028-06-30')).toBe(366);
  });

  test('half rounds up, below half rounds down', () => {
    expect(proRata(1, 1, 2)).toBe(1); // 0.5 → 1
    expect(proRata(1, 1, 3)).toBe(0); // 0.33 → 0
    expect(proRata(2, 2, 3)).toBe(1); // 1.33 → 1
    expect(proRata(5, 1, 2)).toBe(3); // 2.5 → 3
  });

  test('the full period is P; the last day alone is a day’s share; d = 0 is nothing', () => {
    expect(proRata(36_000, 365, 365)).toBe(36_000);
    expect(proRata(36_000, 366, 366)).toBe(36_000);
    expect(proRata(36_500, 1, 365)).toBe(100);
    expect(proRata(36_000, 0, 365)).toBe(0);
  });

  test('property: 0 ≤ r ≤ P, monotone in d, within half a fen of P·d/D', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 366 }), fc.nat(), (P, D, k) => {
        const d = k % (D + 1);
        const r = proRata(P, d, D);
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(P);
        if (d < D) expect(proRata(P, d + 1, D)).toBeGreaterThanOrEqual(r);
        expect(Math.abs(r - (P * d) / D)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  test('refunds never exceed what was paid, per person: removing on E refunds ≤ adding on any earlier E', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 2, max: 366 }), fc.nat(), fc.nat(), (P, D, a, b) => {
        const dAdd = 1 + (a % D);
        const dRemove = 1 + (b % dAdd); // removal on or after the add date: fewer days left
        expect(proRata(P, dRemove, D)).toBeLessThanOrEqual(proRata(P, dAdd, D));
        expect(proRata(P, dRemove, D)).toBeLessThanOrEqual(P);
      }),
    );
  });

  test('replace and class change are r(new) − r(old); a name/ID fix is 0; items round separately', () => {
    const { D, d } = periodDays({ start: '2026-01-01', end: '2026-12-31' }, '2026-07-01');
    expect(itemPremium('replace', 36_000, 36_000, d, D)).toBe(0);
    expect(itemPremium('correct', 36_000, 48_000, d, D)).toBe(proRata(48_000, d, D) - 18_148);
    expect(itemPremium('correct', 36_000, 36_000, d, D)).toBe(0);
    const items = [1, 2, 3].map(() => ({ premium: proRata(1, 1, 2) }));
    expect(premiumDelta(items)).toBe(3); // each 0.5 rounds up to 1: the sum is 3, not ⌊1.5⌉
  });

  test('bad input is refused', () => {
    expect(() => proRata(-1, 1, 2)).toThrow();
    expect(() => proRata(1.5, 1, 2)).toThrow();
    expect(() => proRata(1, 3, 2)).toThrow();
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('the live estimate of the Add form (estimateDelta, from the same module)', () => {
  const period = { start: '2026-01-01', end: '2026-12-31' };
  const premiums = { '1': 36_000, '2': 48_000 };

  test('prices items as the service does: each item r(P), then the sum', () => {
    const { D, d } = periodDays(period, '2026-07-01');
    const items = [
      { kind: 'add' as const, from: null, to: 1 },
      { kind: 'add' as const, from: null, to: 2 },
      { kind: 'remove' as const, from: 2, to: null },
      { kind: 'correct' as const, from: 1, to: 2 },
      { kind: 'correct' as const, from: 1, to: 1 }, // a name or ID fix
    ];
    const expected =
      itemPremium('add', 0, 36_000, d, D) +
      itemPremium('add', 0, 48_000, d, D) +
      itemPremium('remove', 48_000, 0, d, D) +
      itemPremium('correct', 36_000, 48_000, d, D);
    expect(estimateDelta(items, premiums, period, '2026-07-01')).toBe(expected);
    expect(estimateDelta([items[0]], premiums, period, '2026-07-01')).toBe(18_148); // the example
  });

  test('the first day is the full premium; a date outside the period or an unpriced class adds nothing', () => {
    expect(estimateDelta([{ kind: 'add', from: null, to: 2 }], premiums, period, '2026-01-01')).toBe(48_000);
    expect(estimateDelta([{ kind: 'add', from: null, to: 2 }], premiums, period, '2027-01-01')).toBe(0);
    expect(estimateDelta([{ kind: 'add', from: null, to: 6 }], premiums, period, '2026-07-01')).toBe(0);
  });
});
