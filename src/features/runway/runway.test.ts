import { describe, expect, test } from 'bun:test';
import {
  addDaily,
  companyRunway,
  type CoverStretch,
  coverByAccount,
  dailyFen,
  isLow,
  runwayDays,
  runwayOf,
  stretchDays,
  ZERO_DAILY,
} from './runway';

const stretch = (accountId: number, premium: number, from: string, to: string, people = 1): CoverStretch => ({
  accountId,
  premium,
  from,
  to,
  people,
});

describe('balance runway', () => {
  test('a stretch counts both its ends', () => {
    expect(stretchDays('2026-01-01', '2026-12-31')).toBe(365);
    expect(stretchDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(stretchDays('2028-01-01', '2028-12-31')).toBe(366);
  });

  test('no people: no figure, whatever the balance', () => {
    expect(runwayOf(1_000_000, undefined)).toMatchObject({ people: 0, days: null });
    expect(runwayDays(1_000_000, ZERO_DAILY)).toBeNull();
    const r = runwayOf(5_000, { people: 0, daily: ZERO_DAILY });
    expect(isLow(r, 14)).toBe(false);
  });

  test('people whose cover cost nothing: no figure either', () => {
    const cover = coverByAccount([stretch(1, 0, '2026-01-01', '2026-12-31')]);
    expect(runwayOf(10_000, cover.get(1)).days).toBeNull();
  });

  test('zero (or negative) balance with people: 0 days, and that is low', () => {
    const cover = coverByAccount([stretch(1, 36_500, '2026-01-01', '2026-12-31')]);
    const r = runwayOf(0, cover.get(1));
    expect(r.days).toBe(0);
    expect(isLow(r, 14)).toBe(true);
    expect(runwayOf(-100, cover.get(1)).days).toBe(0);
  });

  test('the figure is floor(balance ÷ daily premium), exact: no day lost to rounding', () => {
    // 360.00 for 3 people over 365 days; balance 440.00 → 44000 × 365 / 36000 = 446.1 → 446.
    const cover = coverByAccount([
      stretch(7, 12_000, '2026-01-01', '2026-12-31'),
      stretch(7, 12_000, '2026-01-01', '2026-12-31'),
      stretch(7, 12_000, '2026-01-01', '2026-12-31'),
    ]);
    expect(runwayOf(44_000, cover.get(7))).toMatchObject({ people: 3, days: 446 });
    // A balance that is exactly a whole number of days never comes out one short.
    const one = coverByAccount([stretch(1, 36_500, '2026-01-01', '2026-12-31')]).get(1);
    expect(runwayOf(36_500, one).days).toBe(365);
    expect(runwayOf(36_499, one).days).toBe(364);
    // Thirds: 100 fen over 3 days is 33⅓ a day; 100 fen lasts 3 days, 99 lasts 2.
    const third = coverByAccount([stretch(1, 100, '2026-01-01', '2026-01-03')]).get(1);
    expect(runwayOf(100, third).days).toBe(3);
    expect(runwayOf(99, third).days).toBe(2);
    expect(dailyFen(third!.daily)).toBe(33);
  });

  test('stretches of different lengths add exactly; the daily shows to the fen', () => {
    let d = addDaily(ZERO_DAILY, 12_000, 365);
    d = addDaily(d, 5_000, 100); // an endorsement's joiner: 50.00 for the last 100 days
    expect(dailyFen(d)).toBe(Math.round(12_000 / 365 + 50));
    expect(runwayDays(100_000, d)).toBe(Math.floor(100_000 / (12_000 / 365 + 50)));
  });

  test('the company adds every balance over every account’s people; a headcount policy counts its people', () => {
    const cover = coverByAccount([
      stretch(1, 36_500, '2026-01-01', '2026-12-31'),
      stretch(2, 73_000, '2026-01-01', '2026-12-31', 10), // by headcount: 10 people, 730.00
    ]);
    const main = runwayOf(10_000, cover.get(1));
    const sub = runwayOf(20_000, cover.get(2));
    const empty = runwayOf(5_000, cover.get(3));
    expect(main.days).toBe(100);
    expect(sub).toMatchObject({ people: 10, days: 100 });
    expect(empty.days).toBeNull();
    const company = companyRunway([main, sub, empty]);
    expect(company).toMatchObject({ balance: 35_000, people: 11 });
    expect(company.days).toBe(Math.floor(35_000 / 300)); // 100 + 200 fen a day
  });

  test('low means strictly under the threshold', () => {
    expect(isLow({ days: 13 }, 14)).toBe(true);
    expect(isLow({ days: 14 }, 14)).toBe(false);
    expect(isLow({ days: null }, 14)).toBe(false);
  });
});
