/**
 * Chinese resident identity numbers (GB 11643-1999): 18 characters, a 6-digit area code, the birth
 * date `YYYYMMDD`, a 3-digit sequence (odd for men, even for women) and a check character
 * (ISO 7064 MOD 11-2, `X` for 10). Isomorphic: forms check instantly, the API enforces.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** What an ID number says about its holder. */
export interface ResidentId {
  /** The number, upper-cased. */
  id: string;
  /** `YYYY-MM-DD`. */
  birthday: string;
  /** 1 male, 2 female (the portal's gender codes). */
  gender: 1 | 2;
}

/** The check character the first 17 digits call for. */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK[sum % 11];
}

/** Parse and verify an ID number (format, real birth date not in the future, check character); null if invalid. */
export function parseResidentId(value: string, today: Date = new Date()): ResidentId | null {
  const id = value.trim().toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return null;
  if (idCheckChar(id.slice(0, 17)) !== id[17]) return null;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (date.getTime() > today.getTime()) return null;
  const birthday = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  return { id, birthday, gender: Number(id[16]) % 2 === 1 ? 1 : 2 };
}

/** Whole years of age on `onDate` (`YYYY-MM-DD`) for a birthday `YYYY-MM-DD`. */
export function ageOn(birthday: string, onDate: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [y, m, d] = onDate.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** `110101********123X`: the area code and the last four characters stay visible. */
export function maskResidentId(id: string): string {
  return id.length === 18 ? `${id.slice(0, 6)}********${id.slice(14)}` : id.replace(/.(?=.{4})/g, '*');
}

/** A valid ID number for a birthday and sequence (demo data and tests): area 310115 (Shanghai Pudong). */
export function makeResidentId(birthday: string, sequence: number, area = '310115'): string {
  const first17 = `${area}${birthday.replaceAll('-', '')}${String(sequence % 1000).padStart(3, '0')}`;
  return first17 + idCheckChar(first17);
}
