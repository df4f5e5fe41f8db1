/** Why an address may not be embedded under `/user/iframe/…`. */
export type IframeRefusal = 'invalid' | 'protocol' | 'host';

/**
 * Decides whether `raw` (already decoded once) may be embedded: only http(s)
 * URLs whose host is on the site's allow-list. `javascript:`, `data:`,
 * `vbscript:`, `file:` and every other scheme are refused outright.
 */
export function checkIframeUrl(
  raw: string | null,
  allowedHosts: readonly string[],
): { ok: true; url: URL } | { ok: false; reason: IframeRefusal } {
  if (!raw) return { ok: false, reason: 'invalid' };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'protocol' };
  if (url.username || url.password) return { ok: false, reason: 'invalid' };
  const host = url.hostname.toLowerCase();
  if (!allowedHosts.some((h) => h.toLowerCase() === host)) return { ok: false, reason: 'host' };
  return { ok: true, url };
}
