/**
 * The site's saveName template (spec §9, reference §6.3) turned into a relative storage key.
 * Every token is sanitised, and the result is checked once more by the storage's safe-path helper.
 */
import { zonedParts } from '~/lib/format';

export interface SaveNameInput {
  topic: string;
  /** The client's file name (only its first 15 characters, minus the suffix, are used). */
  name: string;
  suffix: string;
  sha1: string;
  now?: Date;
  /** Time zone of the date tokens (the site's `timezone`). */
  timeZone?: string;
}

export const DEFAULT_SAVE_NAME = '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}';

/** Letters (any script), digits, `_` `-` `.` stay; everything else goes. */
const clean = (text: string) => text.replace(/[^\p{L}\p{N}_.-]/gu, '').replace(/^\.+/, '');

/** `{fileName}`: the first 15 characters of the name minus its suffix, without whitespace or `: @ # ? & / = ' , +` and anything else unsafe. */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return clean(Array.from(stem).slice(0, 15).join('')).replaceAll('.', '_');
}

/** The date tokens of `now` in `timeZone`; a zone the runtime does not know counts as UTC. */
function dateParts(now: Date, timeZone: string): Record<string, string> {
  let p: ReturnType<typeof zonedParts>;
  try {
    p = zonedParts(now.getTime(), timeZone);
  } catch {
    p = zonedParts(now.getTime(), 'UTC');
  }
  return { year: p.YYYY, mon: p.MM, day: p.DD, hour: p.HH, min: p.mm, sec: p.ss };
}

const alnum = (n: number) => {
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(crypto.getRandomValues(new Uint8Array(n)), (v) => chars[v % chars.length]).join('');
};

/**
 * The storage key for a file: the template with its tokens filled in, as a relative path of safe
 * segments (no `..`, no empty or dot segments). `{random}` is 8 alphanumerics, `{random32}` a UUID
 * (36 characters, spec §9), `{fileSha1}` the 8-character SHA-1 prefix.
 */
export function buildSaveName(template: string, input: SaveNameInput): string {
  const suffix = clean(input.suffix.toLowerCase()).replaceAll('.', '') || 'file';
  const tokens: Record<string, string> = {
    ...dateParts(input.now ?? new Date(), input.timeZone ?? 'Asia/Shanghai'),
    topic: clean(input.topic).replaceAll('.', '') || 'default',
    random: alnum(8),
    random32: crypto.randomUUID(),
    fileName: cleanFileName(input.name) || 'file',
    suffix,
    '.suffix': `.${suffix}`,
    fileSha1: input.sha1.slice(0, 8).replace(/[^0-9a-f]/g, ''),
  };
  const filled = (template || DEFAULT_SAVE_NAME).replace(/\{(\.?\w+)\}/g, (_m, name: string) => tokens[name] ?? '');
  const segments = filled
    .split(/[/\\]+/)
    .map(clean)
    .filter((s) => s !== '' && !/^\.+$/.test(s));
  // Everything is served under /storage/, whatever the template says.
  if (segments[0] !== 'storage') segments.unshift('storage');
  // A template without a file part still names the file uniquely.
  const last = segments.at(-1) ?? '';
  if (!last.includes('.')) segments.push(`${tokens.fileSha1}${tokens['.suffix']}`);
  return segments.join('/');
}
