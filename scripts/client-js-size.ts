/**
 * Client JavaScript a page costs, measured two ways against a running built portal:
 *
 *   harness  the page's HTML: every `<script src>`, `<link rel=modulepreload>`, `<link rel=preload
 *            as=script>` and the bootstrap's inline `import("/assets/…")`, plus the static imports of
 *            those files, transitively; each file gzipped at level 6, summed.
 *   browser  (--browser) what Chromium really fetches as JavaScript while loading the page until the
 *            network is idle: the same per-file gzip figure, plus the bytes on the wire (the server
 *            hands out its precompressed brotli copies), so JS merely hidden from the HTML still counts.
 *
 *   bun scripts/client-js-size.ts [--base http://127.0.0.1:3000] [--browser] [--json] [--files]
 *       / /user/login --login demo:Demo#2026 /user/order/guzhu?limit=20
 *
 * Paths are measured in order; `--login user:password` logs in (POST /userapi/v1/user/login, needs
 * the login captcha off: PORTAL_LOGIN_CAPTCHA=0) and applies to the paths after it, `--anon` drops the
 * session again. A path that answers anything but 200 or 404 (a redirect to the login page, an
 * error) is an error, never a silent measurement of another page.
 */
import { gzipSync } from 'node:zlib';

export interface JsFile {
  url: string;
  raw: number;
  gzip: number;
}
export interface PageJs {
  path: string;
  user: string | null;
  files: JsFile[];
  raw: number;
  gzip: number;
}
export interface BrowserJs extends PageJs {
  /** Bytes Chromium received for those files (compressed as sent, headers excluded). */
  wire: number;
}

const gzip6 = (buf: Uint8Array) => gzipSync(buf, { level: 6 }).byteLength;
const transpiler = new Bun.Transpiler({ loader: 'js' });

/** Script URLs a page's HTML makes the browser fetch (same origin or not), in document order. */
export function scriptUrlsOf(html: string): string[] {
  const urls: string[] = [];
  const add = (u: string | undefined) => {
    if (u && !urls.includes(u)) urls.push(u.replace(/&amp;/g, '&'));
  };
  for (const tag of html.matchAll(/<(link|script)\b[^>]*>/gi)) {
    const t = tag[0];
    const attr = (name: string) => new RegExp(`\\b${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(t)?.slice(1).find(Boolean);
    if (tag[1]!.toLowerCase() === 'script') add(attr('src'));
    else {
      const rel = attr('rel')?.toLowerCase() ?? '';
      if (rel === 'modulepreload' || (rel === 'preload' && attr('as')?.toLowerCase() === 'script')) add(attr('href'));
    }
  }
  // Waku's bootstrap loads its entry from an inline script.
  for (const m of html.matchAll(/\bimport\(\s*["']([^"']+\.js)["']\s*\)/g)) add(m[1]);
  return urls;
}

/** One login; returns the cookie header value for the session. */
export async function login(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/userapi/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password, tab: 'login' }),
  });
  const body = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
  const token = /(?:^|,\s*)ba-user-token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error(`login as ${username} failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  return `ba-user-token=${token}`;
}

const fileCache = new Map<string, Promise<{ bytes: Uint8Array; imports: string[] }>>();

function fetchJs(url: string): Promise<{ bytes: Uint8Array; imports: string[] }> {
  let hit = fileCache.get(url);
  if (!hit) {
    hit = (async () => {
      const res = await fetch(url);
      if (res.status !== 200) throw new Error(`${url} answered HTTP ${res.status}`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const imports = transpiler
        .scanImports(new TextDecoder().decode(bytes))
        .filter((i) => i.kind === 'import-statement')
        .map((i) => new URL(i.path, url).href);
      return { bytes, imports };
    })();
    fileCache.set(url, hit);
  }
  return hit;
}

/** The harness figure for one page. */
export async function measurePage(base: string, path: string, cookie: string | null): Promise<PageJs> {
  const res = await fetch(base + path, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await res.text();
  // A redirect (e.g. to the login page) or a server error is never measured in place of the page; a 404 page is a page.
  if (res.status !== 200 && res.status !== 404)
    throw new Error(`${path} answered HTTP ${res.status}${res.headers.get('location') ? ` → ${res.headers.get('location')}` : ''}`);
  const seen = new Set<string>();
  const queue = scriptUrlsOf(html).map((u) => new URL(u, base + path).href);
  const files: JsFile[] = [];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const { bytes, imports } = await fetchJs(url);
    files.push({ url: url.startsWith(base) ? url.slice(base.length) : url, raw: bytes.byteLength, gzip: gzip6(bytes) });
    queue.push(...imports);
  }
  return total(path, cookie, files);
}

function total(path: string, cookie: string | null, files: JsFile[]): PageJs {
  files.sort((a, b) => b.gzip - a.gzip);
  const user = cookie ? 'member' : null;
  return { path, user, files, raw: sum(files, 'raw'), gzip: sum(files, 'gzip') };
}
const sum = (files: JsFile[], key: 'raw' | 'gzip') => files.reduce((n, f) => n + f[key], 0);

/** What Chromium downloads as JavaScript for the page, until the network is idle. */
export async function measureInBrowser(base: string, path: string, cookie: string | null): Promise<BrowserJs> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext();
    if (cookie) {
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: base }]);
    }
    const page = await context.newPage();
    const pending: Promise<(JsFile & { wire: number }) | null>[] = [];
    page.on('requestfinished', (req) => {
      pending.push(
        (async () => {
          const resp = await req.response();
          const isJs = req.resourceType() === 'script' || /javascript/.test(resp?.headers()['content-type'] ?? '');
          if (!resp || !isJs) return null;
          const body = new Uint8Array(await resp.body());
          const sizes = await req.sizes();
          const url = req.url().startsWith(base) ? req.url().slice(base.length) : req.url();
          return { url, raw: body.byteLength, gzip: gzip6(body), wire: sizes.responseBodySize };
        })(),
      );
    });
    const res = await page.goto(base + path, { waitUntil: 'networkidle' });
    const status = res?.status();
    if ((status !== 200 && status !== 404) || new URL(page.url()).pathname !== new URL(base + path).pathname)
      throw new Error(`${path} in the browser ended at ${page.url()} (HTTP ${res?.status()})`);
    const files = (await Promise.all(pending)).filter((f) => f !== null);
    const page_ = total(path, cookie, files);
    return { ...page_, wire: files.reduce((n, f) => n + f.wire, 0) };
  } finally {
    await browser.close();
  }
}

// kB of 1000 bytes, as the issue and docs/benchmarks.md count.
const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

async function main() {
  const argv = process.argv.slice(2);
  let base = 'http://127.0.0.1:3000';
  let browser = false;
  let json = false;
  let listFiles = false;
  const jobs: { path: string; login: string | null }[] = [];
  let current: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--base') base = argv[++i]!.replace(/\/$/, '');
    else if (a === '--browser') browser = true;
    else if (a === '--json') json = true;
    else if (a === '--files') listFiles = true;
    else if (a === '--login') current = argv[++i]!;
    else if (a === '--anon') current = null;
    else if (a.startsWith('/')) jobs.push({ path: a, login: current });
    else throw new Error(`unknown argument ${a} (see the comment at the top of scripts/client-js-size.ts)`);
  }
  if (!jobs.length) jobs.push({ path: '/', login: null }, { path: '/user/login', login: null });
  const cookies = new Map<string, string>();
  const out: { harness: PageJs; browser?: BrowserJs }[] = [];
  for (const job of jobs) {
    let cookie: string | null = null;
    if (job.login) {
      if (!cookies.has(job.login)) {
        const at = job.login.indexOf(':');
        cookies.set(job.login, await login(base, job.login.slice(0, at), job.login.slice(at + 1)));
      }
      cookie = cookies.get(job.login)!;
    }
    const harness = await measurePage(base, job.path, cookie);
    const real = browser ? await measureInBrowser(base, job.path, cookie) : undefined;
    out.push({ harness, browser: real });
    if (json) continue;
    const who = job.login ? ` (as ${job.login.split(':')[0]})` : '';
    console.log(`${job.path}${who}: ${harness.files.length} files, ${kb(harness.raw)} raw, ${kb(harness.gzip)} gzip`);
    if (listFiles) for (const f of harness.files) console.log(`  ${kb(f.raw).padStart(9)} ${kb(f.gzip).padStart(9)}  ${f.url}`);
    if (real) {
      console.log(`  browser: ${real.files.length} files, ${kb(real.raw)} raw, ${kb(real.gzip)} gzip, ${kb(real.wire)} on the wire`);
      const extra = real.files.filter((f) => !harness.files.some((h) => h.url === f.url));
      const unused = harness.files.filter((h) => !real.files.some((f) => f.url === h.url));
      if (listFiles || extra.length) for (const f of extra) console.log(`    + not in the harness: ${f.url} (${kb(f.gzip)} gzip)`);
      if (listFiles || unused.length) for (const f of unused) console.log(`    - not fetched: ${f.url} (${kb(f.gzip)} gzip)`);
    }
  }
  if (json) console.log(JSON.stringify(out, null, 2));
}

if (import.meta.main) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
