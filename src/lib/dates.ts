/**
 * The date convention of every date input (README, "API conventions"): a real calendar day
 * `YYYY-MM-DD` from 1900-01-01 to 2999-12-31, checked by one schema before any code formats it; a
 * range's start is not after its end. One message in both languages (`validate.date`).
 */
import * as v from 'valibot';

export const MIN_DAY = '1900-01-01';
export const MAX_DAY = '2999-12-31';
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A real calendar day within MIN_DAY … MAX_DAY. */
export function isDay(s: string): boolean {
  if (typeof s !== 'string' || !DAY.test(s) || s < MIN_DAY || s > MAX_DAY) return false;
  const [y, m, d] = s.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** A required day (trimmed). */
export const dayField = (message = 'validate.date') => v.pipe(v.string(message), v.trim(), v.check(isDay, message));

/** An optional day: absent and '' both mean "not given" (''). */
export const optionalDayField = (message = 'validate.date') => v.optional(v.union([v.literal(''), dayField(message)], message), '');

/** `start` ≤ `end` when both are given. */
export const rangeInOrder = (q: { start?: string; end?: string }) => !q.start || !q.end || q.start <= q.end;
