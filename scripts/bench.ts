/**
 * `bun run bench [-- --duration 5 --concurrency 16 --warmup 200 --json --record]`
 *
 * Benchmarks the BUILT portal on loopback: starts `bun scripts/start.ts` on a
 * free port with a fresh SQLite database in a temp DATA_DIR (migrated and
 * seeded by start.ts), logs in as the demo member, then for each route runs a
 * warm-up and a fixed-duration closed-loop load with bounded concurrency.
 * Prints a Markdown table (req/s, p50/p99 latency, server CPU per request,
 * HTML bytes, inline RSC payload bytes, client JS bytes, errors) and the
 * machine it ran on. `--record` also writes the run into docs/benchmarks.md.
 *
 * It builds only when dist/server/index.js is missing (or with --build).
 * No numbers are fixed here: everything printed is measured in this run.
 */
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, cpus, release, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  byteLength,
  clientJsUrls,
  clockTicksPerSecond,
  fmtFixed,
  fmtInt,
  inlineRscPayload,
  markdownTable,
  percentile,
  procCpuTicks,
  runLoad,
  systemCpuTicks,
  type LoadResult,
} from './bench-lib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = join(root, 'docs/benchmarks.md');
const RECORD_START = '<!-- bench:recorded-run:start -->';
const RECORD_END = '<!-- bench:recorded-run:end -->';

const DEMO = { account: 'demo', password: 'Demo#2026' };

// ---------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------

const { values: args } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    duration: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '16' },
    warmup: { type: 'string', default: '200' },
    port: { type: 'string', default: '3390' },
    'max-requests': { type: 'string', default: '2000000' },
    timeout: { type: 'string', default: '10' },
    json: { type: 'boolean', default: false },
    record: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    'keep-data': { type: 'boolean', default: false },
    route: { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});

if (args.help) {
  console.log(`Usage: bun run bench [-- options]
  --duration <s>        measured run per route, seconds (default 5)
  --concurrency <n>     requests in flight (default 16)
  --warmup <n>          warm-up requests per route (default 200)
  --port <n>            server port; another free port is used if taken (default 3390)
  --max-requests <n>    hard cap per route run (default 2000000)
  --timeout <s>         per-request timeout, seconds (default 10)
  --json                also print the results as JSON
  --record              write this run into docs/benchmarks.md
  --build               run \`bun run build\` even if dist/ exists
  --keep-data           keep the temp DATA_DIR (path is printed)
  --route <path>        only this route (repeatable): /, /user/account/overview, /userapi/v1/index/index`);
  process.exit(0);
}

function positive(name: string, raw: string, integer: boolean): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    console.error(`bench: --${name} must be a positive ${integer ? 'integer' : 'number'}, got "${raw}"`);
    process.exit(2);
  }
  return n;
}
const durationMs = positive('duration', args.duration!, false) * 1000;
const concurrency = positive('concurrency', args.concurrency!, true);
const warmup = positive('warmup', args.warmup!, true);
const preferredPort = positive('port', args.port!, true);
const maxRequests = positive('max-requests', args['max-requests']!, true);
const timeoutMs = positive('timeout', args.timeout!, false) * 1000;

// ---------------------------------------------------------------------------
// Server lifecycle
// ---------------------------------------------------------------------------

class BenchError extends Error {}

let server: ReturnType<typeof Bun.spawn> | undefined;
let dataDir: string | undefined;
let logFd: number | undefined;

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const exited = await Promise.race([child.exited.then(() => true), Bun.sleep(5000).then(() => false)]);
    if (!exited) {
      child.kill('SIGKILL');
      await Promise.race([child.exited, Bun.sleep(2000)]);
    }
  }
  if (logFd !== undefined) {
    closeSync(logFd);
    logFd = undefined;
  }
}

function cleanupData(): void {
  if (dataDir && !args['keep-data']) rmSync(dataDir, { recursive: true, force: true });
}

function serverLogTail(lines = 30): string {
  if (!dataDir) return '';
  try {
    const text = readFileSync(join(dataDir, 'server.log'), 'utf8').trimEnd().split('\n');
    return text.slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

async function freePort(preferred: number): Promise<number> {
  if (await portIsFree(preferred)) return preferred;
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new BenchError('could not find a free port'))));
    });
  });
}

async function startServer(port: number): Promise<string> {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  logFd = openSync(join(dataDir, 'server.log'), 'a');
  const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  // Always a fresh, seeded SQLite database in DATA_DIR, never the operator's database.
  delete env.DATABASE_URL;
  delete env.PORTAL_DEMO;
  server = Bun.spawn([process.execPath, 'scripts/start.ts'], {
    cwd: root,
    env,
    stdin: 'ignore',
    stdout: logFd,
    stderr: logFd,
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + 90_000;
  for (let attempt = 0; performance.now() < deadline && attempt < 900; attempt++) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new BenchError(
        `server exited (${server.exitCode ?? server.signalCode}) before answering GET /\n--- server log ---\n${serverLogTail()}`,
      );
    }
    try {
      const res = await fetch(`${base}/`, { redirect: 'manual', signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return base;
    } catch {
      await Bun.sleep(100);
    }
  }
  throw new BenchError(`server did not answer GET / within 90 s\n--- server log ---\n${serverLogTail()}`);
}

// ---------------------------------------------------------------------------
// Session
// ---------------------------------------------------------------------------

interface Session {
  token: string;
  cookie: string;
}

async function login(base: string): Promise<Session> {
  const url = `${base}/userapi/v1/user/login`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', origin: base },
      body: JSON.stringify({ ...DEMO, keep: false }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    throw new BenchError(`login request failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const text = await res.text();
  let body: { code?: number; message?: string; data?: { userInfo?: { token?: string } } } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    /* reported below */
  }
  const snippet = text.length > 300 ? `${text.slice(0, 300)}…` : text;
  if (!body || typeof body !== 'object') {
    throw new BenchError(`login is not available: POST /userapi/v1/user/login answered HTTP ${res.status} with a non-JSON body: ${snippet}`);
  }
  if (body.code !== 200001) {
    throw new BenchError(`login as demo failed: HTTP ${res.status}, code ${body.code}, message ${JSON.stringify(body.message)}`);
  }
  const token = body.data?.userInfo?.token;
  if (typeof token !== 'string' || token === '') {
    throw new BenchError(`login answered code 200001 but data.userInfo.token is missing: ${snippet}`);
  }
  const setCookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!.trim());
  const cookie = setCookie.find((c) => c.startsWith('ba-user-token='));
  if (!cookie || cookie === 'ba-user-token=') {
    throw new BenchError(`login answered code 200001 but set no ba-user-token cookie (set-cookie: ${JSON.stringify(setCookie)})`);
  }
  return { token, cookie };
}

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

interface Route {
  name: string;
  path: string;
  kind: 'html' | 'api';
  /** Needs the demo member's session. */
  auth: boolean;
  headers: Record<string, string>;
  /** Throws a BenchError when the sample response shows the request is not what we mean to measure. */
  check: (res: Response, body: string) => void;
}

function routes(session: Session | undefined): Route[] {
  const expect200 = (what: string) => (res: Response, body: string) => {
    if (res.status !== 200) {
      const loc = res.headers.get('location');
      throw new BenchError(
        `${what}: expected HTTP 200, got ${res.status}${loc ? ` (Location: ${loc})` : ''}: ${body.slice(0, 200)}`,
      );
    }
  };
  return [
    {
      name: '/',
      path: '/',
      kind: 'html',
      auth: false,
      headers: { accept: 'text/html' },
      check: expect200('GET / (public home)'),
    },
    {
      name: '/user/account/overview',
      path: '/user/account/overview',
      kind: 'html',
      auth: true,
      headers: { accept: 'text/html', cookie: session?.cookie ?? '' },
      check: expect200('GET /user/account/overview with the demo session cookie'),
    },
    {
      name: '/userapi/v1/index/index',
      path: '/userapi/v1/index/index',
      kind: 'api',
      auth: true,
      headers: { accept: 'application/json', 'ba-user-token': session?.token ?? '' },
      check: (res, body) => {
        expect200('GET /userapi/v1/index/index with the ba-user-token header')(res, body);
        let json: { code?: number; data?: { userInfo?: Record<string, unknown> } };
        try {
          json = JSON.parse(body);
        } catch {
          throw new BenchError(`GET /userapi/v1/index/index did not answer JSON: ${body.slice(0, 200)}`);
        }
        if (json.code !== 200001) throw new BenchError(`GET /userapi/v1/index/index answered code ${json.code}`);
        const info = json.data?.userInfo;
        if (!info || typeof info !== 'object' || Object.keys(info).length === 0) {
          throw new BenchError('GET /userapi/v1/index/index ignored the ba-user-token header: data.userInfo is empty');
        }
      },
    },
  ];
}

// ---------------------------------------------------------------------------
// Measurement
// ---------------------------------------------------------------------------

interface RouteResult {
  route: string;
  kind: 'html' | 'api';
  requests: number;
  durationMs: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  errorKinds: Record<string, number>;
  serverCpuMsPerReq: number;
  /** Server CPU time / wall time of the run: cores the server kept busy. */
  serverCores: number;
  /** Load generator (this process) CPU time / wall time of the run. */
  clientCores: number;
  /** Cores kept busy by everything else on the machine during the run (noise). */
  otherCores: number;
  /** <title> of the sample page (shows which page was measured). */
  title: string | null;
  responseBytes: number;
  responseGzipBytes: number;
  inlineRscBytes: number | null;
  inlineRscDecodedBytes: number | null;
  inlineRscChunks: number | null;
  clientJsBytes: number | null;
  clientJsGzipBytes: number | null;
  clientJsFiles: string[];
}

const jsSizeCache = new Map<string, { bytes: number; gzip: number }>();

async function clientJsSize(base: string, urls: string[]): Promise<{ bytes: number; gzip: number }> {
  let bytes = 0;
  let gzip = 0;
  for (const u of urls) {
    let size = jsSizeCache.get(u);
    if (!size) {
      const res = await fetch(base + u, { signal: AbortSignal.timeout(timeoutMs) });
      const buf = new Uint8Array(await res.arrayBuffer());
      if (res.status !== 200) throw new BenchError(`client asset ${u} answered HTTP ${res.status}`);
      size = { bytes: buf.byteLength, gzip: Bun.gzipSync(buf).byteLength };
      jsSizeCache.set(u, size);
    }
    bytes += size.bytes;
    gzip += size.gzip;
  }
  return { bytes, gzip };
}

async function benchRoute(base: string, route: Route, pid: number, ticksPerSec: number): Promise<RouteResult> {
  const url = base + route.path;

  // One sample request: sanity check and page weight.
  const sample = await fetch(url, { headers: route.headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  const body = await sample.text();
  route.check(sample, body);
  const responseBytes = byteLength(body);
  const responseGzipBytes = Bun.gzipSync(new TextEncoder().encode(body)).byteLength;
  let rsc: ReturnType<typeof inlineRscPayload> | null = null;
  let js: { bytes: number; gzip: number } | null = null;
  let jsFiles: string[] = [];
  if (route.kind === 'html') {
    rsc = inlineRscPayload(body);
    jsFiles = clientJsUrls(body);
    js = await clientJsSize(base, jsFiles);
  }

  const load = (durMs: number, max: number): Promise<LoadResult> =>
    runLoad({ url, headers: route.headers, concurrency, durationMs: durMs, maxRequests: max, timeoutMs });

  // Warm-up: fixed count (also bounded by time so a broken route cannot hang the run).
  await load(Math.max(30_000, durationMs), warmup);

  const sys0 = systemCpuTicks();
  const ticks0 = procCpuTicks(pid);
  const client0 = process.cpuUsage();
  const r = await load(durationMs, maxRequests);
  const client1 = process.cpuUsage(client0);
  const ticks1 = procCpuTicks(pid);
  const sys1 = systemCpuTicks();

  const serverCpuMs = ((ticks1 - ticks0) * 1000) / ticksPerSec;
  const clientCpuMs = (client1.user + client1.system) / 1000;
  return {
    route: route.name,
    kind: route.kind,
    requests: r.requests,
    durationMs: r.elapsedMs,
    reqPerSec: (r.requests * 1000) / r.elapsedMs,
    p50Ms: percentile(r.latencies, 0.5),
    p99Ms: percentile(r.latencies, 0.99),
    maxMs: percentile(r.latencies, 1),
    errors: r.errors,
    errorKinds: r.errorKinds,
    serverCpuMsPerReq: r.requests > 0 ? serverCpuMs / r.requests : NaN,
    serverCores: serverCpuMs / r.elapsedMs,
    clientCores: clientCpuMs / r.elapsedMs,
    otherCores: Math.max(0, ((sys1.busy - sys0.busy) * 1000) / ticksPerSec / r.elapsedMs - serverCpuMs / r.elapsedMs - clientCpuMs / r.elapsedMs),
    title: route.kind === 'html' ? (/<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1] ?? '') : null,
    responseBytes,
    responseGzipBytes,
    inlineRscBytes: rsc ? rsc.wireBytes : null,
    inlineRscDecodedBytes: rsc ? rsc.payloadBytes : null,
    inlineRscChunks: rsc ? rsc.chunks : null,
    clientJsBytes: js ? js.bytes : null,
    clientJsGzipBytes: js ? js.gzip : null,
    clientJsFiles: jsFiles,
  };
}

// ---------------------------------------------------------------------------
// Environment description
// ---------------------------------------------------------------------------

function sh(cmd: string[]): string {
  try {
    const r = Bun.spawnSync(cmd, { cwd: root, stderr: 'ignore' });
    return r.success ? r.stdout.toString().trim() : '';
  } catch {
    return '';
  }
}

function machine() {
  let cpuModel = '';
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? '';
  } catch {
    /* not Linux */
  }
  const commit = sh(['git', 'rev-parse', '--short', 'HEAD']) || 'unknown';
  const dirty = sh(['git', 'status', '--porcelain']) !== '';
  let buildTime = '';
  try {
    buildTime = statSync(join(root, 'dist/server/index.js')).mtime.toISOString();
  } catch {
    /* reported as missing */
  }
  return {
    date: new Date().toISOString(),
    commit,
    dirty,
    nproc: Number(sh(['nproc'])) || availableParallelism(),
    cpuModel: cpuModel || cpus()[0]?.model || 'unknown',
    kernel: release(),
    bun: Bun.version,
    nodeEnv: process.env.NODE_ENV ?? '',
    buildTime,
  };
}

// ---------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------

function table(results: RouteResult[]): string {
  const header = [
    'route',
    'req/s',
    'p50 ms',
    'p99 ms',
    'server CPU ms/req',
    'HTML bytes',
    'inline RSC bytes',
    'client JS bytes',
    'errors',
  ];
  const rows = results.map((r) => [
    r.route,
    fmtInt(r.reqPerSec),
    fmtFixed(r.p50Ms, 2),
    fmtFixed(r.p99Ms, 2),
    fmtFixed(r.serverCpuMsPerReq, 3),
    r.kind === 'html' ? fmtInt(r.responseBytes) : `- (JSON ${fmtInt(r.responseBytes)})`,
    r.inlineRscBytes === null ? '-' : fmtInt(r.inlineRscBytes),
    r.clientJsBytes === null ? '-' : fmtInt(r.clientJsBytes),
    r.errors === 0
      ? '0'
      : `${r.errors} (${Object.entries(r.errorKinds)
          .map(([k, n]) => `${k}×${n}`)
          .join(', ')})`,
  ]);
  return markdownTable(header, rows);
}

function describeRun(m: ReturnType<typeof machine>): string {
  return [
    `- date: ${m.date}`,
    `- commit: ${m.commit}${m.dirty ? ' (working tree has uncommitted changes)' : ''}; build: dist/server/index.js from ${m.buildTime || '?'}`,
    `- machine: ${m.nproc} CPU(s), ${m.cpuModel}, Linux ${m.kernel}`,
    `- Bun ${m.bun}; NODE_ENV=${m.nodeEnv || '(unset)'}; load: ${concurrency} concurrent, ${warmup} warm-up requests, ${durationMs / 1000} s per route; client and server on the same machine over loopback`,
  ].join('\n');
}

function details(results: RouteResult[]): string {
  return results
    .map((r) => {
      const parts = [
        `${r.route}${r.title ? ` ("${r.title}")` : ''}: ${fmtInt(r.requests)} requests in ${fmtFixed(r.durationMs / 1000, 2)} s, max ${fmtFixed(r.maxMs, 1)} ms`,
        `cores busy: server ${fmtFixed(r.serverCores, 2)}, load generator ${fmtFixed(r.clientCores, 2)}, other processes ${fmtFixed(r.otherCores, 2)}`,
        `gzip ${fmtInt(r.responseGzipBytes)} B`,
      ];
      if (r.inlineRscBytes !== null) {
        parts.push(
          `RSC ${r.inlineRscChunks} chunk(s), ${fmtInt(r.inlineRscDecodedBytes!)} B decoded (${fmtFixed((100 * r.inlineRscBytes) / r.responseBytes, 0)}% of the HTML)`,
        );
      }
      if (r.clientJsBytes !== null) {
        parts.push(`JS ${r.clientJsFiles.length} file(s), ${fmtInt(r.clientJsGzipBytes!)} B gzip`);
      }
      return `- ${parts.join('; ')}`;
    })
    .join('\n');
}

function record(text: string): void {
  const block = `${RECORD_START}\n${text}\n${RECORD_END}`;
  let doc = existsSync(DOCS) ? readFileSync(DOCS, 'utf8') : '# Benchmarks\n';
  const a = doc.indexOf(RECORD_START);
  const b = doc.indexOf(RECORD_END);
  if (a !== -1 && b > a) doc = doc.slice(0, a) + block + doc.slice(b + RECORD_END.length);
  else doc = `${doc.trimEnd()}\n\n## Recorded run\n\n${block}\n`;
  writeFileSync(DOCS, doc);
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

async function main(): Promise<number> {
  if (args.build || !existsSync(join(root, 'dist/server/index.js'))) {
    console.error('bench: building (bun run build)…');
    const b = Bun.spawnSync([process.execPath, 'run', 'build'], { cwd: root, stdout: 'inherit', stderr: 'inherit' });
    if (!b.success) throw new BenchError(`bun run build failed (exit ${b.exitCode})`);
  }
  const m = machine();
  const port = await freePort(preferredPort);
  console.error(`bench: starting the server on 127.0.0.1:${port}…`);
  const base = await startServer(port);
  const pid = server!.pid;
  console.error(`bench: server pid ${pid}, DATA_DIR ${dataDir}`);

  const wanted = args.route ?? [];
  const known = routes(undefined).map((r) => r.name);
  const unknown = wanted.filter((w) => !known.includes(w));
  if (unknown.length) throw new BenchError(`unknown --route ${unknown.join(', ')} (known: ${known.join(', ')})`);
  const selected = (names: Route[]) => (wanted.length ? names.filter((r) => wanted.includes(r.name)) : names);

  let session: Session | undefined;
  if (selected(routes(undefined)).some((r) => r.auth)) {
    session = await login(base);
    console.error('bench: logged in as demo');
  }

  const ticksPerSec = clockTicksPerSecond();
  const results: RouteResult[] = [];
  for (const route of selected(routes(session))) {
    console.error(`bench: ${route.name} (warm-up ${warmup}, then ${durationMs / 1000} s at concurrency ${concurrency})…`);
    results.push(await benchRoute(base, route, pid, ticksPerSec));
  }
  await stopServer();

  const out = `${describeRun(m)}\n\n${table(results)}\n\n${details(results)}`;
  console.log(`\n${out}\n`);
  if (args.json) console.log(JSON.stringify({ machine: m, options: { durationMs, concurrency, warmup }, results }, null, 2));
  if (args.record) {
    record(out);
    console.error(`bench: recorded in ${DOCS}`);
  }
  return results.some((r) => r.errors > 0) ? 1 : 0;
}

let exiting = false;
const onSignal = (sig: NodeJS.Signals) => {
  if (exiting) return;
  exiting = true;
  console.error(`bench: ${sig}, stopping the server`);
  void stopServer().finally(() => {
    cleanupData();
    process.exit(130);
  });
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

let code = 1;
try {
  code = await main();
} catch (e) {
  if (e instanceof BenchError) console.error(`bench: FAILED: ${e.message}`);
  else console.error('bench: FAILED:', e);
  const tail = serverLogTail(15);
  if (tail && !(e instanceof BenchError && e.message.includes('--- server log ---'))) {
    console.error(`--- server log (last lines) ---\n${tail}`);
  }
  code = 1;
} finally {
  await stopServer();
  cleanupData();
}
process.exit(code);
