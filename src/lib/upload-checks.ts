/**
 * The spec's upload checks (§5), isomorphic: the island runs them before sending, the API repeats
 * them. Order: name and size present, suffix or MIME in the allowed lists, size within maxSize.
 */
import type { Locale } from './types';

/** What a check needs to know about a file. */
export interface FileFacts {
  name: string;
  size: number;
  type: string;
}

/** The allowed lists as the site config holds them. */
export interface UploadRules {
  maxSize: number;
  allowedSuffixes: string | string[];
  allowedMimeTypes: string | string[];
}

export type UploadProblem = 'incomplete' | 'typeNotAllowed' | 'tooLarge';

/** A comma-separated string or a list, trimmed, lower-case, leading dots dropped, empties removed. */
export function parseList(list: string | string[] | undefined | null): string[] {
  const items = Array.isArray(list) ? list : String(list ?? '').split(',');
  return items.map((s) => String(s).trim().toLowerCase().replace(/^\.+/, '')).filter((s) => s !== '');
}

/** The file name's suffix, lower-case without the dot ('' when there is none). */
export function suffixOf(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** A file size as people read it: `850 B`, `12.5 KB`, `5 MB` (binary units, as the site's limits are set). */
export function fileSizeText(bytes: number, locale: Locale = 'en'): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let n = Math.max(0, bytes);
  let unit = 0;
  while (n >= 1024 && unit < units.length - 1) {
    n /= 1024;
    unit++;
  }
  const shown = unit === 0 || n >= 100 ? Math.round(n) : Math.round(n * 10) / 10;
  return `${shown.toLocaleString(locale === 'en' ? 'en-GB' : 'zh-CN')}\u00a0${units[unit]}`;
}

/** The first failing check in the spec's order, or null when the file may be sent. */
export function checkUpload(file: FileFacts, rules: UploadRules): UploadProblem | null {
  if (!file.name || !Number.isFinite(file.size) || file.size <= 0) return 'incomplete';
  const suffixes = parseList(rules.allowedSuffixes);
  const mimes = parseList(rules.allowedMimeTypes);
  const suffix = suffixOf(file.name);
  const mime = (file.type ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  const bySuffix = suffix !== '' && suffixes.includes(suffix);
  const byMime = mime !== '' && mimes.includes(mime);
  if (!bySuffix && !byMime) return 'typeNotAllowed';
  if (file.size > rules.maxSize) return 'tooLarge';
  return null;
}
