/**
 * Calendar dates of cover (`YYYY-MM-DD`, both ends inclusive), computed on UTC midnights so no time
 * zone or DST can shift a day. "Today" is the site's day (its time zone).
 */
import { isDay } from '~/lib/dates';
import { zonedParts } from '~/lib/format';

const DAY_MS = 86_400_000;
const ms = (d: string) => {
  const [y, m, day] = d.split('-').map(Number);
  return Date.UTC(y, m - 1, day);
};
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The day `n` days after `date`. */
export function addDays(date: string, n: number): string {
  return iso(ms(date) + n * DAY_MS);
}

/** Days from `a` to `b` (b − a; negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((ms(b) - ms(a)) / DAY_MS);
}

/** The last day of cover for `months` starting on `start`: 2026-12-01 + 12 → 2027-11-30 (month ends clamp). */
export function endDateFor(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number);
  const targetMonth = m - 1 + months;
  const lastOfTarget = new Date(Date.UTC(y, targetMonth + 1, 0)).getUTCDate();
  const sameDay = Date.UTC(y, targetMonth, Math.min(d, lastOfTarget));
  return iso(sameDay - DAY_MS);
}

/** Days of cover from start to end, both inclusive. */
export function periodDays(start: string, end: string): number {
  return daysBetween(start, end) + 1;
}

/** Today in a time zone, `YYYY-MM-DD`. */
export function todayIn(timeZone: string, nowMs: number = Date.now()): string {
  const p = zonedParts(nowMs, timeZone);
  return `${p.YYYY}-${p.MM}-${p.DD}`;
}

/** A real calendar date `YYYY-MM-DD` within the date convention (1900–2999, src/lib/dates). */
export const isDate = (value: string): boolean => isDay(value);
