/**
 * Helpers for `scripts/bench.ts`: HTML inspection (inline RSC payload, client
 * JS references), /proc CPU accounting, a bounded closed-loop load generator
 * and result formatting. Nothing here knows about the portal's routes.
 */
import { readFileSync } from 'node:fs';

const encoder = new TextEncoder();

/** UTF-8 byte length of a string. */
export const byteLength = (s: string): number => encoder.encode(s).length;

// ---------------------------------------------------------------------------
// Inline RSC payload
// ---------------------------------------------------------------------------

/**
 * Waku (through rsc-html-stream) streams the RSC payload of the first render
 * into the HTML as one inline script per flight chunk:
 *
 *   <script>(self.__FLIGHT_DATA||=[]).push("0:{…}\n1:[…]\n")</script>
 *   <script nonce="…">(self.__FLIGHT_DATA||=[]).push(Uint8Array.from(atob("…"), m => m.codePointAt(0)))</script>
 *
 * The argument is a JSON string literal (text chunks) or a base64 Uint8Array
 * expression (chunks that are not valid UTF-8). `</script` and `<!--` inside
 * are escaped as `</\script` and `<\!--`.
 */
const FLIGHT_SCRIPT_RE = /<script(?:\s+nonce="[^"]*")?>\(self\.__FLIGHT_DATA\|\|=\[\]\)\.push\(([\s\S]*?)\)<\/script>/g;
const BASE64_CHUNK_RE = /^Uint8Array\.from\(atob\(("(?:[^"\\]|\\.)*")\), m => m\.codePointAt\(0\)\)$/;

export interface InlineRsc {
  /** Number of flight-data <script> elements. */
  chunks: number;
  /** Bytes of those <script>…</script> elements as sent in the HTML. */
  wireBytes: number;
  /** Bytes of the flight data they carry once decoded (what React parses). */
  payloadBytes: number;
}

export function inlineRscPayload(html: string): InlineRsc {
  let chunks = 0;
  let wireBytes = 0;
  let payloadBytes = 0;
  for (const m of html.matchAll(FLIGHT_SCRIPT_RE)) {
    chunks++;
    wireBytes += byteLength(m[0]);
    payloadBytes += decodeFlightChunkBytes(m[1]!);
  }
  return { chunks, wireBytes, payloadBytes };
}

function decodeFlightChunkBytes(arg: string): number {
  // Undo rsc-html-stream's script escaping before parsing the literal.
  const js = arg.replace(/<\\!--/g, '<!--').replace(/<\/\\(script)/gi, '</$1');
  const b64 = BASE64_CHUNK_RE.exec(js);
  try {
    if (b64) return atob(JSON.parse(b64[1]!) as string).length;
    return byteLength(JSON.parse(js) as string);
  } catch {
    // Unknown shape: count what is on the wire rather than nothing.
    return byteLength(arg);
  }
}

// ---------------------------------------------------------------------------
// Client JS referenced by a page
// ---------------------------------------------------------------------------

/**
 * Same-origin `/assets/*.js` URLs the page makes the browser load: modulepreload
 * links, `<script src>` and the bootstrap's `import("/assets/…")`. Deduplicated.
 */
export function clientJsUrls(html: string): string[] {
  const urls = new Set<string>();
  const add = (u: string | undefined) => {
    if (!u) return;
    const path = u.replace(/&amp;/g, '&');
    if (/^\/assets\/[^"'?#\s]+\.js(?:[?#][^"'\s]*)?$/.test(path)) urls.add(path);
  };
  for (const tag of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\brel=["']?modulepreload\b/i.test(tag[0])) add(/\bhref=["']([^"']+)["']/i.exec(tag[0])?.[1]);
  }
  for (const tag of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*>/gi)) add(tag[1]);
  for (const imp of html.matchAll(/\bimport\(\s*["'](\/assets\/[^"']+\.js)["']\s*\)/g)) add(imp[1]);
  return [...urls].sort();
}

// ---------------------------------------------------------------------------
// Server CPU from /proc
// ---------------------------------------------------------------------------

/** utime + stime of a process, in clock ticks, from /proc/<pid>/stat. */
export function procCpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Field 2 (comm) is parenthesised and may contain spaces: split after the last ')'.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3 (state); utime and stime are fields 14 and 15.
  return Number(rest[11]) + Number(rest[12]);
}

/** Busy and total clock ticks of the whole machine (all CPUs), from the first line of /proc/stat. */
export function systemCpuTicks(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest is included in user).
    const f = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - f[3]! - f[4]!, total };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

/** Clock ticks per second (`getconf CLK_TCK`), 100 if it cannot be read. */
export function clockTicksPerSecond(): number {
  try {
    const out = Bun.spawnSync(['getconf', 'CLK_TCK']).stdout.toString().trim();
    const n = Number(out);
    return Number.isFinite(n) && n > 0 ? n : 100;
  } catch {
    return 100;
  }
}

// ---------------------------------------------------------------------------
// Load generator
// ---------------------------------------------------------------------------

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  concurrency: number;
  /** Stop starting new requests after this many ms (0: no time limit). */
  durationMs: number;
  /** Stop after this many requests in total. Always finite. */
  maxRequests: number;
  /** Per-request timeout. */
  timeoutMs: number;
  /**
   * Each request's own method and body, and what makes a 2xx answer a failure (an error kind, or
   * undefined when it succeeded). Default: GET with `headers`, any 2xx succeeds.
   */
  request?: () => { init: RequestInit; failure?: (text: string) => string | undefined };
}

export interface LoadResult {
  requests: number;
  errors: number;
  /** Status counts of non-2xx responses, plus "fetch-error" for network failures. */
  errorKinds: Record<string, number>;
  elapsedMs: number;
  bytes: number;
  /** Per-request latency in ms, request start to body fully read. */
  latencies: Float64Array;
}

/**
 * Closed-loop generator: `concurrency` workers, each sends a request, reads the
 * whole body, records the latency and sends the next one. Bounded by count and
 * by time; redirects are not followed (a redirect counts as an error).
 */
export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const maxRequests = Math.max(1, Math.floor(o.maxRequests));
  const latencies = new Float64Array(maxRequests);
  let started = 0;
  let done = 0;
  let errors = 0;
  let bytes = 0;
  const errorKinds: Record<string, number> = {};
  const t0 = performance.now();
  const deadline = o.durationMs > 0 ? t0 + o.durationMs : Infinity;
  const fail = (kind: string) => {
    errors++;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  };

  const worker = async () => {
    while (started < maxRequests && performance.now() < deadline) {
      started++;
      const s = performance.now();
      try {
        const own = o.request?.();
        const res = await fetch(o.url, {
          headers: o.headers,
          redirect: 'manual',
          signal: AbortSignal.timeout(o.timeoutMs),
          ...own?.init,
        });
        const body = own?.failure ? await res.text() : await res.arrayBuffer();
        bytes += typeof body === 'string' ? body.length : body.byteLength;
        if (res.status < 200 || res.status > 299) fail(String(res.status));
        else if (typeof body === 'string') {
          const kind = own?.failure?.(body);
          if (kind) fail(kind);
        }
      } catch (e) {
        fail(e instanceof Error && e.name === 'TimeoutError' ? 'timeout' : 'fetch-error');
      }
      latencies[done++] = performance.now() - s;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.concurrency) }, worker));
  const elapsedMs = performance.now() - t0;
  return { requests: done, errors, errorKinds, elapsedMs, bytes, latencies: latencies.slice(0, done) };
}

/** Nearest-rank percentile (q in 0..1) of unsorted samples; NaN when empty. */
export function percentile(samples: Float64Array, q: number): number {
  if (samples.length === 0) return NaN;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

// ---------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------

export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(3, ...cells.map((r) => (r[i] ?? '').length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => /^[-\d.,\s]+$|^-$/.test(String(r[i]))));
  const line = (r: string[]) => `| ${r.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const sep = `| ${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(cells[0]!), sep, ...cells.slice(1).map(line)].join('\n');
}

/** Integer with thousands separators (12 345). */
export const fmtInt = (n: number): string =>
  Number.isFinite(n)
    ? Math.round(n)
        .toString()
        .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    : '-';

export const fmtFixed = (n: number, digits: number): string => (Number.isFinite(n) ? n.toFixed(digits) : '-');
