/**
 * The member page cache (docs/decisions/0009-member-page-cache.md): a member's page, once
 * rendered, is answered again from memory while nothing it shows can have changed. The key holds
 * everything a page depends on besides the database — member, URL, language, theme, time zone,
 * the hour in that zone — and the database's own version stamps: the member's data version
 * (moved by triggers, migration 17, read in the same query as the session) and the config
 * versions (site, rules, groups, catalogue). Several instances on one database therefore see a
 * write on their next request, and no key can ever name another member's page.
 *
 * The RSC payload of an in-app navigation to such a page is kept the same way, keyed also by the
 * element etags Waku's client sends (they decide what the payload leaves out).
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

/** The header Waku's client sends with an RSC request: the etags of the elements it holds. */
const ETAGS_HEADER = 'x-waku-etags';

interface Ticket {
  /** The session the cache resolved for this request (the context middleware reuses it). */
  resolved: ResolvedSession;
  /** Set by the page: it may be answered from the cache next time. */
  cacheable: boolean;
  /** Set by anything the render shows that no version stamp covers: never keep this one. */
  refused?: boolean;
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

/**
 * Called by a part of the page that shows data no version stamp covers (an operator's counts of
 * other members' waiting work): this render is not kept, whatever the page allowed.
 */
export function refusePageCache(): void {
  const ticket = tickets.getStore();
  if (ticket) ticket.refused = true;
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

/** Where Waku's client fetches a member page's RSC payload on an in-app navigation. */
const RSC_PREFIX = '/RSC/R/user/';

/**
 * A member-area GET whose only credential is the auth cookie (no header token, no signature): a
 * document, or the RSC payload Waku's client fetches for an in-app navigation to one.
 */
function probe(req: Request): { url: URL; cookies: Record<string, string>; token: string; rsc: boolean } | null {
  if (req.method !== 'GET') return null;
  const url = new URL(req.url);
  const rsc = url.pathname.startsWith(RSC_PREFIX) && url.pathname.endsWith('.txt');
  if (!(rsc || url.pathname.startsWith('/user/'))) return null;
  // A signed link arrives as `?signature=` on the page, or inside the RSC request's `query`.
  if (url.searchParams.has('signature') || (rsc && new URLSearchParams(url.searchParams.get('query') ?? '').has('signature'))) return null;
  const header = req.headers.get('cookie');
  if (!header?.includes(TOKEN_COOKIE)) return null;
  const cookies = parseCookies(header);
  const creds = credentialsFrom(req.headers, cookies);
  // A view-as request (decision 0016) is never answered from the cache: its pages are recorded.
  if (creds.tokenFrom !== 'cookie' || !creds.token || creds.signature || creds.viewAs) return null;
  return { url, cookies, token: creds.token, rsc };
}

function answer(page: StoredPage): Response {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const headers = new Headers();
  for (const [name, value] of page.headers) headers.append(name, value.replaceAll(NONCE_MARK, nonce));
  headers.set('x-page-cache', 'hit');
  return new Response(page.parts.join(nonce), { status: page.status, headers });
}

async function keep(key: string, res: Response, body: ReadableStream<Uint8Array>, resolved: ResolvedSession, rsc: boolean): Promise<void> {
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
  const text = await new Response(body).text();
  // A render that hit an error (an RSC error row, or a boundary React gave up on) is not kept, nor
  // an RSC answer that sends the browser elsewhere (a redirect row).
  if ((!nonce && !rsc) || !resolved.session || /[0-9a-f]+:E\{/.test(text) || text.includes('<!--$!')) return;
  if (rsc && text.includes('"_location"')) return;
  // A document is split at its nonce (each answer gets a fresh one); an RSC payload has none.
  const parts = nonce ? text.split(nonce) : [text];
  const headers: [string, string][] = [...res.headers]
    .filter(([n]) => n !== 'x-page-cache')
    .map(([n, v]) => [n, nonce ? v.replaceAll(nonce, NONCE_MARK) : v]);
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

async function pageKey(req: Request, url: URL, cookies: Record<string, string>, resolved: ResolvedSession, rsc: boolean): Promise<string> {
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
    // Waku's client names the elements it already holds; the payload leaves those out.
    rsc ? (req.headers.get(ETAGS_HEADER) ?? '') : '',
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
    key = await pageKey(req, found.url, found.cookies, resolved, found.rsc);
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
  // Waku answers an RSC request without a content type.
  const typeOk = found.rsc ? type === '' || type.startsWith('text/x-component') : type.startsWith('text/html');
  if (!ticket.cacheable || ticket.refused || res.status !== 200 || !res.body || !typeOk || res.headers.has('set-cookie')) {
    return res;
  }
  const [mine, kept] = res.body.tee();
  keep(key, res, kept, resolved, found.rsc).catch(() => {});
  const headers = new Headers(res.headers);
  headers.set('x-page-cache', 'miss');
  return new Response(mine, { status: res.status, headers });
}
