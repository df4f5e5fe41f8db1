import { AsyncLocalStorage } from 'node:async_hooks';
import type { SQL } from 'bun';
import type { Locale, SiteInfo, UploadConfig } from '~/lib/types';
import { tryRequestContext } from '~/server/context';
import { num, nowSeconds, type Db } from '~/server/db/client';
import { requestMemo } from '~/server/request-memo';

export interface SiteConfig {
  site: SiteInfo;
  openMemberCenter: boolean;
  /** Hosts whose pages may be embedded under /user/iframe. */
  iframeHosts: string[];
}

/** Keys that stay on the server (never sent to clients by getSiteConfig). */
const PRIVATE_KEYS = new Set(['signingSecret']);

const DEFAULT_UPLOAD: UploadConfig = {
  mode: 'local',
  maxSize: 10 * 1024 * 1024,
  saveName: '/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}',
  allowedSuffixes: 'jpg,png,bmp,jpeg,gif,webp,zip,rar,pdf,xls,xlsx,doc,docx,csv',
  allowedMimeTypes: '',
};

// ---------------------------------------------------------------------------------------------
// Config versions (issue #14): one `config_version` row per cached configuration. A change bumps
// its row inside the change's transaction; every instance reads the rows once per request (one
// primary-key scan of three rows) and reloads only what moved. No TTL: every instance on the same
// database sees a committed change on its next request.
// ---------------------------------------------------------------------------------------------

/** The cached configurations that carry a version. */
/** `catalogue` (products and plans) is bumped by database triggers (migration 17), the others by code. */
export type ConfigName = 'site' | 'rules' | 'groups' | 'catalogue';
export type ConfigVersions = Record<ConfigName, number>;

/** A request scope for the version check (pages: the request context; the API: {@link withConfigScope}). */
const versionScope = new AsyncLocalStorage<object>();
const versionsThisRequest = requestMemo<'versions', ConfigVersions>();
const inFlight = new WeakMap<Db, Promise<ConfigVersions>>();

async function readVersions(db: Db): Promise<ConfigVersions> {
  const rows: { name: string; version: unknown }[] = await db.sql`SELECT name, version FROM config_version`;
  const out: ConfigVersions = { site: 0, rules: 0, groups: 0, catalogue: 0 };
  for (const r of rows) if (r.name in out) out[r.name as ConfigName] = num(r.version);
  return out;
}

/**
 * The current config versions. Inside a request scope (a page request, or {@link withConfigScope})
 * the database is asked once per request; outside one, concurrent callers share one query.
 */
export function configVersions(db: Db): Promise<ConfigVersions> {
  const scope = versionScope.getStore() ?? tryRequestContext();
  if (scope) return versionsThisRequest(scope, db, 'versions', () => readVersions(db));
  let p = inFlight.get(db);
  if (!p) {
    p = readVersions(db).finally(() => inFlight.delete(db));
    inFlight.set(db, p);
  }
  return p;
}

/** Run `fn` as one request for the version check (the API pipeline wraps each request in it). */
export function withConfigScope<T>(fn: () => T): T {
  return versionScope.run({}, fn);
}

/**
 * Bump a configuration's version. Call it inside the transaction that changes the configuration,
 * so the bump and the change commit (or roll back) together. Returns the new version.
 */
export async function bumpConfigVersion(tx: SQL, name: ConfigName): Promise<number> {
  const [row] = await tx`UPDATE config_version SET version = version + 1 WHERE name = ${name} RETURNING version`;
  if (row) return num(row.version);
  await tx`INSERT INTO config_version (name, version) VALUES (${name}, 1)`;
  return 1;
}

/**
 * Compare-and-bump for optimistic edits: moves `name` from `expected` to the next version, or
 * returns null when another change got there first (the caller answers 409).
 */
export async function bumpConfigVersionFrom(tx: SQL, name: ConfigName, expected: number): Promise<number | null> {
  const rows = await tx`UPDATE config_version SET version = version + 1 WHERE name = ${name} AND version = ${expected} RETURNING version`;
  return rows.length ? num(rows[0].version) : null;
}

const cache = new WeakMap<Db, { version: number; values: Map<string, unknown> }>();

async function loadAll(db: Db): Promise<Map<string, unknown>> {
  // Versions first, then the rows: the rows are at least as new as the version they are kept under.
  const { site: version } = await configVersions(db);
  const hit = cache.get(db);
  if (hit && hit.version === version) return hit.values;
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
  cache.set(db, { version, values });
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

/** Write one config value (JSON-encoded) in a transaction of its own, or the caller's, bumping the site version. */
export async function setConfigValue(db: Db | SQL, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  const now = nowSeconds();
  const write = async (tx: SQL) => {
    await tx`INSERT INTO site_config (key, value, updated_at) VALUES (${key}, ${json}, ${now})
      ON CONFLICT (key) DO UPDATE SET value = ${json}, updated_at = ${now}`;
    await bumpConfigVersion(tx, 'site');
  };
  if ('dialect' in db && 'sql' in db) {
    await db.sql.begin(write);
    invalidateSiteConfig(db);
  } else await write(db as SQL);
}

/** Drop this process's copy (the version check makes this optional; kept for callers that want it). */
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
