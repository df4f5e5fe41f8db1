/**
 * Balance runway (issue #31, item 5), the pure part: how many days an account's balance lasts at
 * the daily premium of the people it covers today.
 *
 * The price of one person per day is **the row's premium ÷ the row's days**: `order_insured.premium`
 * is what was actually paid for that row's stretch of cover (`active_from` … `active_to`, both
 * inclusive) — the policy's short-term rate, a mixed class list, an endorsement's pro-rata charge
 * and a leaver's partial refund are all in it, so the daily figure is what this person really costs.
 * The plan's annual price ÷ 365 would ignore the short-term rates an order paid; the row's own
 * premium is the only figure that already agrees with the ledger. A policy insured by headcount
 * (no named rows) counts its `insured_count` people at its premium ÷ its days.
 *
 * Sums are exact (a fraction of integers), so `floor(balance ÷ daily)` never loses a day to a
 * floating-point rounding: 365.00 paid for 365 days and a balance of 365.00 lasts 365 days, not 364.
 */

/** One stretch of paid cover active today: `people` covered for `premium` fen over `from` … `to`. */
export interface CoverStretch {
  /** The account whose balance paid for it (the policy's payer). */
  accountId: number;
  premium: number;
  from: string;
  to: string;
  people: number;
}

/** A daily premium as an exact fraction of fen per day (`num / den`). */
export interface Daily {
  num: bigint;
  den: bigint;
}

export const ZERO_DAILY: Daily = { num: 0n, den: 1n };

const DAY_MS = 86_400_000;
const dayMs = (d: string) => {
  const [y, m, day] = d.split('-').map(Number);
  return Date.UTC(y, m - 1, day);
};

/** Days of a stretch, both ends inclusive (at least 1). */
export function stretchDays(from: string, to: string): number {
  return Math.max(1, Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1);
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x || 1n;
}

/** `a + premium ÷ days`, reduced. */
export function addDaily(a: Daily, premium: number, days: number): Daily {
  const num = a.num * BigInt(days) + BigInt(Math.trunc(premium)) * a.den;
  const den = a.den * BigInt(days);
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

export function sumDaily(a: Daily, b: Daily): Daily {
  const num = a.num * b.den + b.num * a.den;
  const den = a.den * b.den;
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

/** The daily premium in fen as a plain number (for display; rounded to the fen). */
export function dailyFen(d: Daily): number {
  return d.num <= 0n ? 0 : Number((d.num * 2n + d.den) / (d.den * 2n));
}

/**
 * Whole days a balance (fen) lasts at a daily premium: floor(balance ÷ daily). No premium to pay
 * (no people, or people whose cover cost nothing) → null: there is no figure. A balance at or
 * below zero lasts 0 days.
 */
export function runwayDays(balance: number, daily: Daily): number | null {
  if (daily.num <= 0n) return null;
  if (balance <= 0) return 0;
  return Number((BigInt(Math.trunc(balance)) * daily.den) / daily.num);
}

/** People and daily premium of one account's stretches. */
export interface Cover {
  people: number;
  daily: Daily;
}

/** People and daily premium per paying account. */
export function coverByAccount(stretches: readonly CoverStretch[]): Map<number, Cover> {
  const out = new Map<number, Cover>();
  for (const s of stretches) {
    const c = out.get(s.accountId) ?? { people: 0, daily: ZERO_DAILY };
    out.set(s.accountId, { people: c.people + s.people, daily: addDaily(c.daily, s.premium, stretchDays(s.from, s.to)) });
  }
  return out;
}

/** One account's (or the company's) runway. */
export interface Runway {
  balance: number;
  people: number;
  daily: Daily;
  /** floor(balance ÷ daily), or null when nobody is covered (no figure). */
  days: number | null;
}

export function runwayOf(balance: number, cover: Cover | undefined): Runway {
  const c = cover ?? { people: 0, daily: ZERO_DAILY };
  return { balance, people: c.people, daily: c.daily, days: c.people > 0 ? runwayDays(balance, c.daily) : null };
}

/** The company's runway: every account's balance over every account's people. */
export function companyRunway(accounts: readonly Runway[]): Runway {
  const balance = accounts.reduce((s, a) => s + a.balance, 0);
  const people = accounts.reduce((s, a) => s + a.people, 0);
  const daily = accounts.reduce((d, a) => sumDaily(d, a.daily), ZERO_DAILY);
  return { balance, people, daily, days: people > 0 ? runwayDays(balance, daily) : null };
}

/** Under the alert threshold: a figure exists and is strictly below it. */
export function isLow(r: Pick<Runway, 'days'>, threshold: number): boolean {
  return r.days !== null && r.days < threshold;
}
