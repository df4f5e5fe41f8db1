/**
 * A valibot field for a whole number in a range, as forms and query strings send it: a number, or
 * a string of up to 15 digits (trimmed). Anything else — a sign, a decimal point, an exponent —
 * fails with the one message, so a field shows a single error.
 */
import * as v from 'valibot';

/** A whole number from `min` to `max` (a number, or up to 15 digits as a string). */
export const wholeNumberIn = (min: number, max: number, message: string) =>
  v.pipe(
    v.union([v.pipe(v.string(message), v.trim(), v.regex(/^\d{1,15}$/, message)), v.number(message)], message),
    v.transform(Number),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
