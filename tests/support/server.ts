/**
 * The BUILT portal as a real process, for tests that need the whole server: the static step,
 * Waku's middleware chain, Bun's HTTP parser, process death. `startPortal()` runs
 * `bun scripts/start.ts` (migrate, seed a fresh database, serve dist/) on a free port and waits
 * until GET / answers; without a build it first runs `bun run build` once (a lock directory
 * keeps parallel test processes from building twice). `portalDatabase(engine)` gives a fresh
 * DATA_DIR and, on PostgreSQL, a fresh database URL for it.
 */
import { SQL, type Subprocess } from 'bun';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Engine } from './test-db';

export const ROOT = resolve(import.meta.dir, '../..');
const BUILD_MARKERS = ['dist/serve-bun.js', 'dist/server/index.js'];
// Outside dist/: the build empties dist/ and would take the lock with it.
const LOCK = join(tmpdir(), `portal-test-build-${Bun.hash(ROOT).toString(36)}.lock`);

export interface PortalServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  baseUrl: string;
  pid: number;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** SIGTERM, then SIGKILL after 5 s; resolves when the process is gone. */
  stop(): Promise<void>;
  /** SIGKILL at once (a crash); resolves when the process is gone. */
  kill(): Promise<void>;
  /** What the process wrote to stdout and stderr so far (the last ~1 MB). */
  log(): string;
  /** Whether the process is still running. */
  alive(): boolean;
}

export interface StartOptions {
  /** DATA_DIR (SQLite file, uploads, outbox); default: a new temp folder, removed by stop(). */
  dataDir?: string;
  /** DATABASE_URL (PostgreSQL); default: the SQLite file in DATA_DIR. */
  databaseUrl?: string;
  /** Extra environment variables. */
  env?: Record<string, string>;
  /** How long to wait for GET / (default 60 s: a first start migrates and seeds). */
  readyTimeoutMs?: number;
}

const hasBuild = () => BUILD_MARKERS.every((f) => existsSync(join(ROOT, f)));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let building: Promise<void> | undefined;

/** Builds dist/ once when it is missing; safe to call from many tests and many processes. */
export function ensureBuild(): Promise<void> {
  building ??= buildOnce();
  return building;
}

async function buildOnce(): Promise<void> {
  if (hasBuild() && !existsSync(LOCK)) return;
  // Whoever holds the lock builds; the others wait for the lock, not for the files (they
  // appear before the build has finished).
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      mkdirSync(LOCK); // atomic: exactly one process gets it
      break;
    } catch {
      // A lock older than 5 minutes is left over from a killed run.
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > 5 * 60_000) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        /* gone meanwhile */
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for another process to build (${LOCK})`);
      await sleep(500);
    }
  }
  try {
    if (hasBuild()) return;
    console.log('[test-server] no build in dist/: running `bun run build` once');
    const proc = Bun.spawn([process.execPath, 'run', 'build'], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' });
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    if (code !== 0 || !hasBuild()) throw new Error(`bun run build failed (exit ${code}):\n${out}\n${err}`);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') });
  const port = probe.port;
  probe.stop(true);
  if (!port) throw new Error('could not find a free port');
  return port;
}

const running = new Set<Subprocess>();
process.on('exit', () => {
  for (const p of running) p.kill('SIGKILL');
});

/** Collects a stream into a capped log buffer. */
async function drain(stream: ReadableStream<Uint8Array> | null, sink: { text: string }) {
  if (!stream) return;
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    sink.text += decoder.decode(value, { stream: true });
    if (sink.text.length > 1_000_000) sink.text = sink.text.slice(-800_000);
  }
}

/** Starts the built portal (`bun scripts/start.ts`) and resolves once GET / answers. */
export async function startPortal(opts: StartOptions = {}): Promise<PortalServer> {
  await ensureBuild();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-server-'));
  const removeDataDir = () => {
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  let lastError: unknown;
  // The free port can be taken between probing and binding: try a few.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const server = await spawnOnce(dataDir, opts);
      // A temp folder made here goes with stop(); after kill() it stays, to start again on it.
      const stop = server.stop;
      server.stop = () => stop().then(removeDataDir);
      return server;
    } catch (err) {
      lastError = err;
      if (!(err instanceof PortTaken)) {
        removeDataDir();
        throw err;
      }
    }
  }
  removeDataDir();
  throw lastError;
}

class PortTaken extends Error {}

async function spawnOnce(dataDir: string, opts: StartOptions): Promise<PortalServer> {
  const port = freePort();
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  delete env.DATABASE_URL;
  delete env.NODE_ENV; // bun test sets NODE_ENV=test; the server runs as `bun run start` would
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PORTAL_DEMO: '1',
    // No proxy in front of a lone test server: its graceful stop needs no lame duck (the cluster
    // tests keep the default and check it).
    PORTAL_LAME_DUCK_SECONDS: '0',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  });
  const proc = Bun.spawn([process.execPath, 'scripts/start.ts'], { cwd: ROOT, env, stdout: 'pipe', stderr: 'pipe' });
  running.add(proc);
  const sink = { text: '' };
  void drain(proc.stdout, sink);
  void drain(proc.stderr, sink);
  let exited = false;
  const gone = proc.exited.then(() => {
    exited = true;
    running.delete(proc);
  });
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (exited) {
      const log = sink.text;
      if (/EADDRINUSE|address already in use|port \d+ in use/i.test(log)) throw new PortTaken(log);
      throw new Error(`the portal exited (code ${proc.exitCode}) before answering GET /:\n${log}`);
    }
    try {
      const res = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(5000), redirect: 'manual' });
      await res.arrayBuffer();
      break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      await gone;
      throw new Error(`the portal did not answer GET / on ${baseUrl} in time:\n${sink.text}`);
    }
    await sleep(100);
  }

  const end = async (signal: 'SIGTERM' | 'SIGKILL') => {
    if (exited) return;
    proc.kill(signal);
    if (signal === 'SIGTERM') {
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    } else await gone;
  };
  return {
    baseUrl,
    pid: proc.pid,
    port,
    dataDir,
    databaseUrl: opts.databaseUrl,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    log: () => sink.text,
    alive: () => !exited,
  };
}

export interface PortalDatabase {
  dataDir: string;
  /** Undefined on SQLite: the server uses `$DATA_DIR/portal.db`. */
  databaseUrl?: string;
  /** Removes the data folder and drops the PostgreSQL database (stop the server first). */
  drop(): Promise<void>;
}

/** A fresh DATA_DIR and, on PostgreSQL, a new empty database on the test cluster. */
export async function portalDatabase(engine: Engine): Promise<PortalDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `portal-${engine.name}-`));
  if (engine.name === 'sqlite') {
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `srv_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new SQL(engine.url);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.close();
  const u = new URL(engine.url);
  u.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: u.toString(),
    async drop() {
      const a = new SQL(engine.url);
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Built portal instances on one fresh database, and how to end them. */
export interface DemoPortals {
  servers: PortalServer[];
  /** Stops every instance, then drops the database. */
  stop(): Promise<void>;
}

/**
 * A fresh database on `engine` and `count` instances of the built portal serving it with the demo
 * data (PORTAL_DEMO=1); more than one instance share the database (and, on SQLite, the same file).
 */
export async function demoPortals(engine: Engine, count = 1): Promise<DemoPortals> {
  const db = await portalDatabase(engine);
  const servers: PortalServer[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db.drop();
  };
  try {
    for (let i = 0; i < count; i++) {
      servers.push(await startPortal({ dataDir: db.dataDir, databaseUrl: db.databaseUrl, env: { PORTAL_DEMO: '1' } }));
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { servers, stop };
}

/** Logs in through the JSON API and returns the access token (from the `ba-user-token` cookie). */
export async function loginToken(baseUrl: string, account = 'demo', password = 'Demo#2026'): Promise<string> {
  const res = await fetch(`${baseUrl}/userapi/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ account, password }),
  });
  const body = (await res.json()) as { code: number; message: string };
  const token = tokenFromSetCookie(res.headers);
  if (body.code !== 200001 || !token) throw new Error(`login as ${account} failed: ${res.status} ${JSON.stringify(body)}`);
  return token;
}

/** The `ba-user-token` value a response sets, if any. */
export function tokenFromSetCookie(headers: Headers): string | null {
  for (const line of headers.getSetCookie()) {
    const m = /^ba-user-token=([^;]*)/.exec(line);
    if (m?.[1]) return decodeURIComponent(m[1]);
  }
  return null;
}
