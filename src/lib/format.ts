/**
 * Isomorphic formatting helpers (server components and islands).
 * Dates are always rendered in the site's time zone, never the host's.
 */
import { fenToYuan } from './money';

export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export type DateInput = number | string | Date | null | undefined;

export interface FormatDateOptions {
  /** Text shown for the value `'none'` (and for empty values); pass the translated "None". */
  none?: string;
}

/** Normalise a date input to epoch milliseconds; 10-digit numbers are Unix seconds (spec §9). */
export function toMillis(value: Exclude<DateInput, null | undefined | 'none'>): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return String(Math.trunc(Math.abs(value))).length === 10 ? value * 1000 : value;
  const s = value.trim();
  if (/^-?\d+$/.test(s)) return toMillis(Number(s));
  return Date.parse(s);
}

const partsCache = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let f = partsCache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsCache.set(key, f);
  }
  return f;
}

/** Calendar fields of an instant in a time zone (host zone when omitted). */
export function zonedParts(ms: number, timeZone?: string): Record<'YYYY' | 'MM' | 'DD' | 'HH' | 'mm' | 'ss', string> {
  const out = { YYYY: '', MM: '', DD: '', HH: '', mm: '', ss: '' };
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type === 'year') out.YYYY = p.value.padStart(4, '0');
    else if (p.type === 'month') out.MM = p.value;
    else if (p.type === 'day') out.DD = p.value;
    else if (p.type === 'hour') out.HH = p.value === '24' ? '00' : p.value;
    else if (p.type === 'minute') out.mm = p.value;
    else if (p.type === 'second') out.ss = p.value;
  }
  return out;
}

/**
 * Format a date like BuildAdmin's `timeFormat`: tokens YYYY MM DD HH mm ss.
 * `'none'`, null, undefined, '' and 0 give `options.none` (default `'None'`; pass the
 * translated word). An unparseable value is returned as given.
 */
export function formatDate(
  value: DateInput,
  format: string = DEFAULT_DATE_FORMAT,
  timeZone?: string,
  options: FormatDateOptions = {},
): string {
  const none = options.none ?? 'None';
  if (value === null || value === undefined || value === '' || value === 0 || value === 'none') return none;
  const ms = toMillis(value);
  if (!Number.isFinite(ms)) return String(value);
  const p = zonedParts(ms, timeZone);
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (tok) => p[tok as keyof typeof p]);
}

/** The hour (0–23) of an instant in a time zone. */
export function hourIn(value: Exclude<DateInput, null | undefined>, timeZone?: string): number {
  return Number(zonedParts(value === 'none' ? Date.now() : toMillis(value), timeZone).HH);
}

export type GreetingKey =
  | 'greeting.lateNight'
  | 'greeting.earlyMorning'
  | 'greeting.morning'
  | 'greeting.noon'
  | 'greeting.afternoon'
  | 'greeting.evening';

/** Time-of-day greeting key (spec §9); follow it with `greeting.welcomeBack`. */
export function greeting(hour: number): GreetingKey {
  if (hour < 5) return 'greeting.lateNight';
  if (hour < 9) return 'greeting.earlyMorning';
  if (hour < 12) return 'greeting.morning';
  if (hour < 14) return 'greeting.noon';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
}

// toLocaleString builds a formatter on every call (it showed in the server profile); reuse one.
const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money as sent by the API (decimal string in yuan) with thousands separators: `1,280.00`. */
export function formatMoney(value: string | number): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return MONEY.format(n);
}

/**
 * Money for display, the one set of helpers (decision 0014): `yuan('1280.5')` → `¥1,280.50`, a negative
 * amount with a minus sign (`−¥12.00`); `fen(128050)` the same from integer fen; `signedFen` for an
 * account's moves (`+¥1.00`, `−¥1.00`, `¥0.00`).
 */
export function yuan(value: string | number): string {
  const s = String(value).trim();
  return s.startsWith('-') ? `−¥${formatMoney(s.slice(1))}` : `¥${formatMoney(s)}`;
}
export const fen = (amount: number): string => yuan(fenToYuan(amount));
export const signedFen = (amount: number): string => (amount > 0 ? `+${fen(amount)}` : fen(amount));
/** Integer fen as yuan digits without the ¥ (for a text that writes it: `¥{per}`): `fenDigits(128050)` → `1,280.50`. */
export const fenDigits = (amount: number): string => formatMoney(fenToYuan(amount));

const zoneChecks = new Map<string, boolean>();

/** `tz` when it is an IANA time zone this runtime knows (e.g. from the `ba-tz` cookie), else null. */
export function validTimeZone(tz: string | null | undefined): string | null {
  if (!tz || tz.length > 64 || !/^[A-Za-z_+\-/0-9]+$/.test(tz)) return null;
  const known = zoneChecks.get(tz);
  if (known !== undefined) return known ? tz : null;
  let ok = true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    ok = false;
  }
  // Every page request asks (the ba-tz cookie); building a formatter costs more than the page's query.
  if (zoneChecks.size >= 1000) zoneChecks.clear();
  zoneChecks.set(tz, ok);
  return ok ? tz : null;
}

/**
 * Asset URL rule of spec §7: http(s)://, protocol-relative `//` and `data:image/` stay as they
 * are; anything else is prefixed with the site's CDN url (else `fallbackHost`). A comma-separated
 * list is split and each entry prefixed.
 */
export function assetUrl(value: string, cdnUrl: string, fallbackHost = ''): string {
  if (!value || /^data:image\//i.test(value)) return value; // data URLs hold commas of their own
  if (value.includes(','))
    return value
      .split(',')
      .map((v) => assetUrl(v.trim(), cdnUrl, fallbackHost))
      .join(',');
  if (/^(https?:)?\/\//i.test(value) || /^data:image\//i.test(value)) return value;
  const base = (cdnUrl || fallbackHost).replace(/\/+$/, '');
  return base + (value.startsWith('/') ? value : `/${value}`);
}
