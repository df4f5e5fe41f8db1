import type { Locale, SiteInfo, UploadConfig } from '~/lib/types';
import { nowSeconds, type Db } from '~/server/db/client';

export interface SiteConfig {
  site: SiteInfo;
  openMemberCenter: boolean;
  /** Hosts whose pages may be embedded under /user/iframe. */
  iframeHosts: string[];
}

/** Keys that stay on the server (never sent to clients by getSiteConfig). */
const PRIVATE_KEYS = new Set(['signingSecret']);
const TTL_MS = 5_000;

const DEFAULT_UPLOAD: UploadConfig = {
  mode: 'local',
  maxSize: 10 * 1024 * 1024,
  saveName: '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}',
  allowedSuffixes: 'jpg,png,bmp,jpeg,gif,webp,zip,rar,pdf,xls,xlsx,doc,docx',
  allowedMimeTypes: '',
};

// Short in-process cache: the index payload is read on every page; other instances see writes
// within TTL_MS.
const cache = new WeakMap<Db, { at: number; values: Map<string, unknown> }>();

async function loadAll(db: Db): Promise<Map<string, unknown>> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.values;
  const rows: { key: string; value: string }[] = await db.sql`SELECT key, value FROM site_config`;
  const values = new Map<string, unknown>();
  for (const r of rows) {
    if (PRIVATE_KEYS.has(r.key)) continue;
    try {
      values.set(r.key, JSON.parse(r.value));
    } catch {
      values.set(r.key, r.value);
    }
  }
  cache.set(db, { at: Date.now(), values });
  return values;
}

const str = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d);

/** Public site configuration, with the site name in the request's language when one is stored. */
export async function getSiteConfig(db: Db, locale: Locale = 'zh-cn'): Promise<SiteConfig> {
  const v = await loadAll(db);
  const upload = { ...DEFAULT_UPLOAD, ...((v.get('upload') as Partial<UploadConfig>) ?? {}) };
  const siteName = (locale === 'en' && str(v.get('siteName_en'))) || str(v.get('siteName'), 'Member portal');
  const hosts = v.get('iframeHosts');
  return {
    site: {
      siteName,
      recordNumber: str(v.get('recordNumber')),
      version: str(v.get('version'), '1.0.0'),
      cdnUrl: str(v.get('cdnUrl')),
      apiUrl: str(v.get('apiUrl')),
      timezone: str(v.get('timezone'), 'Asia/Shanghai'),
      upload,
    },
    openMemberCenter: v.get('openMemberCenter') !== false,
    iframeHosts: Array.isArray(hosts) ? hosts.filter((h): h is string => typeof h === 'string') : [],
  };
}

/** One raw config value (public keys only), or undefined. */
export async function getConfigValue(db: Db, key: string): Promise<unknown> {
  return (await loadAll(db)).get(key);
}

/** Write one config value (JSON-encoded) and drop this process's cache. */
export async function setConfigValue(db: Db, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  const now = nowSeconds();
  await db.sql`INSERT INTO site_config (key, value, updated_at) VALUES (${key}, ${json}, ${now})
    ON CONFLICT (key) DO UPDATE SET value = ${json}, updated_at = ${now}`;
  invalidateSiteConfig(db);
}

export function invalidateSiteConfig(db: Db): void {
  cache.delete(db);
}

/** Whether `/user/iframe/{url}` may embed this url: http(s) and a host listed in iframeHosts. */
export async function isIframeUrlAllowed(db: Db, url: string): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  const { iframeHosts } = await getSiteConfig(db);
  return iframeHosts.some((h) => h.toLowerCase() === parsed.hostname.toLowerCase());
}
