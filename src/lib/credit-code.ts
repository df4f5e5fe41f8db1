/**
 * Unified social credit codes (GB 32100-2015): 18 characters from the 31-character set
 * `0-9 A-H J-N P-R T U W-Y` (no I, O, Z, S, V): a registration authority, an entity category, a
 * 6-digit administrative area, a 9-character organisation code and a check character
 * (ISO 7064 MOD 31-3 with the standard's weights). Isomorphic: forms check instantly, the API enforces.
 */

const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const SHAPE = /^[1-9A-HJ-NP-RTUWXY][1-9A-HJ-NP-RTUWXY]\d{6}[0-9A-HJ-NP-RTUWXY]{10}$/;

/** The check character the first 17 characters call for, or null if one is outside the set. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CHARSET.indexOf(first17[i]);
    if (value < 0) return null;
    sum += value * WEIGHTS[i];
  }
  return CHARSET[(31 - (sum % 31)) % 31];
}

/** The code upper-cased and trimmed when it is a well-formed GB 32100 code with the right check character; else null. */
export function parseCreditCode(value: string): string | null {
  const code = value.trim().toUpperCase();
  if (!SHAPE.test(code)) return null;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17] ? code : null;
}

/** Whether a value is a valid unified social credit code. */
export const isCreditCode = (value: string): boolean => parseCreditCode(value) !== null;

/** A valid code from its first 17 characters (demo data and tests). */
export function makeCreditCode(first17: string): string {
  const check = creditCodeCheckChar(first17.toUpperCase());
  if (!check) throw new Error(`not a credit code prefix: ${first17}`);
  return first17.toUpperCase() + check;
}
