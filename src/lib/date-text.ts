/**
 * Calendar days as people type and read them, per page language, and as the API wants them (ISO).
 * The kit's DateField shows `2026/11/27` on a Chinese page and `27/11/2026` on an English one
 * (the browser's own date input follows the browser's locale instead of the page's, #29),
 * and reads back what a person types in either language's habits.
 */
import type { Locale } from './types';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` when y/m/d is a real day, else null. */
export function isoDay(y: number, m: number, d: number): string | null {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || y < 1000 || y > 9999) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** The parts of an ISO day, or null when it is not one. */
export function dayParts(iso: string): { y: number; m: number; d: number } | null {
  const hit = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!hit) return null;
  const [y, m, d] = [Number(hit[1]), Number(hit[2]), Number(hit[3])];
  return isoDay(y, m, d) ? { y, m, d } : null;
}

/** How a day is shown in a field: `2026/11/27` (zh-cn), `27/11/2026` (en); '' for no day. */
export function formatDayText(iso: string, locale: Locale): string {
  const p = dayParts(iso);
  if (!p) return '';
  return locale === 'en' ? `${pad(p.d)}/${pad(p.m)}/${p.y}` : `${p.y}/${pad(p.m)}/${pad(p.d)}`;
}

/** The field's hint of the expected order, in the page's language. */
export function dayPattern(locale: Locale): string {
  return locale === 'en' ? 'dd/mm/yyyy' : '年/月/日';
}

/**
 * Reads a typed day: ISO and `yyyy/m/d` (also with `.`, `-`, `年月日`, or 8 digits) in both
 * languages; on English pages also `d/m/yyyy` and `27 Nov 2026` / `Nov 27, 2026`. Null when the
 * text names no real day.
 */
export function parseDayText(text: string, locale: Locale): string | null {
  const s = text.trim().toLowerCase();
  if (!s) return null;
  let hit = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(s);
  if (hit) return isoDay(Number(hit[1]), Number(hit[2]), Number(hit[3]));
  hit = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (hit) return isoDay(Number(hit[1]), Number(hit[2]), Number(hit[3]));
  if (locale !== 'en') return null;
  hit = /^(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4})$/.exec(s);
  if (hit) return isoDay(Number(hit[3]), Number(hit[2]), Number(hit[1]));
  hit = /^(\d{1,2})\s+([a-z]{3})[a-z]*\.?,?\s+(\d{4})$/.exec(s);
  if (hit && MONTHS.includes(hit[2])) return isoDay(Number(hit[3]), MONTHS.indexOf(hit[2]) + 1, Number(hit[1]));
  hit = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(s);
  if (hit && MONTHS.includes(hit[1])) return isoDay(Number(hit[3]), MONTHS.indexOf(hit[1]) + 1, Number(hit[2]));
  return null;
}

/** ISO day `n` days after `iso` (negative: before). */
export function addDays(iso: string, n: number): string {
  const p = dayParts(iso);
  if (!p) return iso;
  const date = new Date(Date.UTC(p.y, p.m - 1, p.d + n));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The same day `n` months later, clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(iso: string, n: number): string {
  const p = dayParts(iso);
  if (!p) return iso;
  const first = new Date(Date.UTC(p.y, p.m - 1 + n, 1));
  const y = first.getUTCFullYear();
  const m = first.getUTCMonth() + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${pad(m)}-${pad(Math.min(p.d, last))}`;
}

/**
 * The weeks of the month holding `iso`, Monday first, as ISO days (days of the neighbouring
 * months fill the first and last week, so every week has seven).
 */
export function monthWeeks(iso: string): string[][] {
  const p = dayParts(iso);
  if (!p) return [];
  const first = `${p.y}-${pad(p.m)}-01`;
  const weekday = (new Date(Date.UTC(p.y, p.m - 1, 1)).getUTCDay() + 6) % 7; // Monday = 0
  let day = addDays(first, -weekday);
  const weeks: string[][] = [];
  do {
    const week: string[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  } while (dayParts(day)?.m === p.m);
  return weeks;
}
