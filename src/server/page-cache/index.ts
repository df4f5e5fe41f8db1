/**
 * The member page cache (docs/decisions/0009-member-page-cache.md): a member's page, once
 * rendered, is answered again from memory while nothing it shows can have changed. The key holds
 * everything a page depends on besides the database — member, URL, language, theme, time zone,
 * the hour in that zone — and the database's own version stamps: the member's data version
 * (moved by triggers, migration 17, read in the same query as the session) and the config
 * versions (site, rules, groups, catalogue). Several instances on one database therefore see a
 * write on their next request, and no key can ever name another member's page.
 *
 * Pages opt in with {@link allowPageCache}. A page must not when it shows rows outside the
 * versioned tables (sessions, the audit log), renders a fresh value per request (a server-made
 * request id) or depends on time finer than the hour.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { parse as parseCookies } from 'hono/utils/cookie';
import { zonedParts } from '~/lib/format';
import { getDb } from '~/server/db/client';
import { resolveSession, type ResolvedSession } from '~/server/session/resolve';
import { credentialsFrom, TOKEN_COOKIE } from '~/server/session/credentials';
import { readPrefs } from '~/server/http/request-prefs';
import { configVersions, getSiteConfig, withConfigScope } from '~/server/site-config';
import { PageStore, type StoredPage } from './store';

interface Ticket {
  /** The session the cache resolved for this request (the context middleware reuses it). */
  resolved: ResolvedSession;
  /** Set by the page: it may be answered from the cache next time. */
  cacheable: boolean;
}

const tickets = new AsyncLocalStorage<Ticket>();
const megabytes = Number(process.env.PAGE_CACHE_MB ?? 32);
let store = new PageStore(Math.max(0, Number.isFinite(megabytes) ? megabytes : 32) * 1024 * 1024);
const stats = { hits: 0, misses: 0, stored: 0 };

/** Called by a page's server component: this render may be kept and answered again. */
export function allowPageCache(): void {
  const ticket = tickets.getStore();
  if (ticket) ticket.cacheable = true;
}

/** The session the page cache already resolved for this request, if it did. */
export function sessionResolvedByPageCache(): ResolvedSession | undefined {
  return tickets.getStore()?.resolved;
}

/** Hits, misses and stored pages since the start (tests, bench). */
export function pageCacheStats(): Readonly<typeof stats> & { pages: number; bytes: number } {
  return { ...stats, pages: store.size, bytes: store.bytes };
}

/** Empty the cache, optionally with a new size (tests). */
export function resetPageCache(maxBytes = store.maxBytes): void {
  store = new PageStore(maxBytes);
  stats.hits = stats.misses = stats.stored = 0;
}

const NONCE_MARK = '\u0000';

/** A member-area document GET whose only credential is the auth cookie (no header token, no signature). */
function probe(req: Request): { url: URL; cookies: Record<string, string>; token: string } | null {
  if (req.method !== 'GET') return null;
  const url = new URL(req.url);
  if (!url.pathname.startsWith('/user/') || url.searchParams.has('signature')) return null;
  const header = req.headers.get('cookie');
  if (!header?.includes(TOKEN_COOKIE)) return null;
  const cookies = parseCookies(header);
  const creds = credentialsFrom(req.headers, cookies);
  if (creds.tokenFrom !== 'cookie' || !creds.token || creds.signature) return null;
  return { url, cookies, token: creds.token };
}

function answer(page: StoredPage): Response {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const headers = new Headers();
  for (const [name, value] of page.headers) headers.append(name, value.replaceAll(NONCE_MARK, nonce));
  headers.set('x-page-cache', 'hit');
  return new Response(page.parts.join(nonce), { status: page.status, headers });
}

async function keep(key: string, res: Response, body: ReadableStream<Uint8Array>, resolved: ResolvedSession): Promise<void> {
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
  const text = await new Response(body).text();
  // A render that hit an error (an RSC error row, or a boundary React gave up on) is not kept.
  if (!nonce || !resolved.session || /[0-9a-f]+:E\{/.test(text) || text.includes('<!--$!')) return;
  const parts = text.split(nonce);
  const headers: [string, string][] = [...res.headers]
    .filter(([n]) => n !== 'x-page-cache')
    .map(([n, v]) => [n, v.replaceAll(nonce, NONCE_MARK)]);
  store.set(key, {
    userId: resolved.session.userId,
    dataVersion: resolved.dataVersion ?? 0,
    status: res.status,
    headers,
    parts,
    // Everything the entry holds: the body, its key (a URL can be long) and its headers, twice
    // over for UTF-16, plus the bookkeeping of the maps.
    bytes: (text.length + key.length + headers.reduce((n, [a, b]) => n + a.length + b.length, 0)) * 2 + 1024,
  });
  stats.stored++;
}

async function pageKey(req: Request, url: URL, cookies: Record<string, string>, resolved: ResolvedSession): Promise<string> {
  const db = getDb();
  const { versions, timezone } = await withConfigScope(async () => ({
    versions: await configVersions(db),
    timezone: (await getSiteConfig(db)).site.timezone,
  }));
  const prefs = readPrefs(req.headers, cookies);
  // The hour both in the site's zone (its "today") and in the member's (dates, greetings).
  const hour = (zone: string) => {
    const p = zonedParts(Date.now(), zone);
    return `${p.YYYY}${p.MM}${p.DD}${p.HH}`;
  };
  return [
    resolved.session?.userId,
    resolved.dataVersion ?? 0,
    versions.site,
    versions.rules,
    versions.groups,
    versions.catalogue,
    prefs.locale,
    prefs.theme,
    prefs.browserTimeZone ?? '',
    hour(timezone),
    prefs.browserTimeZone ? hour(prefs.browserTimeZone) : '',
    req.headers.get('x-forwarded-proto') ?? '',
    req.headers.get('x-forwarded-host') ?? '',
    url.origin + url.pathname + url.search,
  ].join('\n');
}

/**
 * Answer `req` from the cache, or render it with `render` (the app) and keep the page when it
 * allowed it. Anything unexpected falls back to plain rendering: the cache never fails a request.
 */
export async function servePage(req: Request, render: () => Promise<Response>): Promise<Response> {
  if (store.maxBytes <= 0) return render();
  const found = probe(req);
  if (!found) return render();
  let resolved: ResolvedSession;
  let key: string;
  try {
    resolved = await resolveSession(getDb(), { token: found.token });
    if (!resolved.session) return tickets.run({ resolved, cacheable: false }, render);
    key = await pageKey(req, found.url, found.cookies, resolved);
  } catch {
    return render();
  }
  const page = store.get(key);
  if (page) {
    stats.hits++;
    return answer(page);
  }
  stats.misses++;
  const ticket: Ticket = { resolved, cacheable: false };
  const res = await tickets.run(ticket, render);
  const type = res.headers.get('content-type') ?? '';
  if (!ticket.cacheable || res.status !== 200 || !res.body || !type.startsWith('text/html') || res.headers.has('set-cookie')) {
    return res;
  }
  const [mine, kept] = res.body.tee();
  keep(key, res, kept, resolved).catch(() => {});
  const headers = new Headers(res.headers);
  headers.set('x-page-cache', 'miss');
  return new Response(mine, { status: res.status, headers });
}
