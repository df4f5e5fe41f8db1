/**
 * The spec's upload checks (§5), isomorphic: the island runs them before sending, the API repeats
 * them. Order: name and size present, suffix or MIME in the allowed lists, size within maxSize.
 */

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
