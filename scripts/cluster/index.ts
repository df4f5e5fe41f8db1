/**
 * The portal as a production cluster on one machine (issue "Scale-out, proven"): PostgreSQL, an
 * S3-compatible store (s3rver), N instances of the built portal sharing both, and nginx in front
 * as a round-robin load balancer. `npm run cluster` (scripts/cluster.ts) serves it to a person;
 * the cluster tests (tests/cluster) and `bun run bench:cluster` drive it.
 *
 * Every instance gets the same DATABASE_URL, PORTAL_S3_*, PORTAL_SECRET and TRUST_PROXY=1, its own
 * port, PORTAL_INSTANCE (p1, p2, …) and DATA_DIR: nothing an instance keeps on its own disk may
 * matter, which is what the cluster proves. The development outbox (PORTAL_OUTBOX_DIR) is one
 * folder, standing in for the mail and SMS gateways every instance would share. The instances start
 * together, so their migrations race under the schema lock, as in a real rollout.
 */
import { SQL, type Subprocess } from 'bun';
import { appendFileSync, chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDb, type Db } from '../../src/server/db/client';
import { setConfigValue } from '../../src/server/site-config';
import { startTestS3, type TestS3 } from '../../tests/support/s3';
import { freePort } from '../../tests/support/server';
import { nginxBinary, writeNginxConfig } from './nginx';

export const ROOT = resolve(import.meta.dir, '../..');

export interface ClusterOptions {
  /** How many portal instances (default 3). */
  instances?: number;
  /** The proxy's port (default: a free one). */
  proxyPort?: number;
  /** The proxy's address (default 127.0.0.1). */
  proxyHost?: string;
  /** The instances' ports (default: free ones). */
  instancePorts?: number[];
  /**
   * A PostgreSQL superuser URL to create the cluster's database on (dropped by stop()). Default: a
   * throwaway PostgreSQL cluster of its own (scripts/pg-test-cluster.sh), removed by stop().
   */
  pgAdminUrl?: string;
  /** Extra environment for every instance (after the process's own and the cluster's settings). */
  env?: Record<string, string>;
  /** Direct browser uploads to the store (site setting `upload.mode = "s3"`); default on. */
  directUploads?: boolean;
  /** nginx worker processes (default `auto`). */
  nginxWorkers?: number | 'auto';
  /** Print the instances' and nginx's output, each line prefixed with its name. */
  echo?: boolean;
  /** Keep the run's folder (logs, nginx.conf) after stop(). */
  keep?: boolean;
  /** The run's folder (default: a new one in the system temp folder). */
  dir?: string;
  /** How long the instances may take to become ready (default 180 s: the first one seeds the demo). */
  readyTimeoutMs?: number;
}

export interface ClusterInstance {
  /** `p1`, `p2`, …: its PORTAL_INSTANCE, the `x-portal-instance` header of its answers. */
  readonly name: string;
  readonly port: number;
  /** `http://127.0.0.1:PORT`, the instance itself, bypassing the proxy. */
  readonly url: string;
  readonly dataDir: string;
  pid(): number | undefined;
  alive(): boolean;
  /** SIGKILL: a crash, no chance to finish anything. Resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, SIGKILL after 5 s. */
  stop(): Promise<void>;
  /** Start it again on the same port and folder; resolves when /readyz answers 200. */
  start(): Promise<void>;
  /** Its output so far (also in `<dir>/<name>.log`). */
  log(): string;
}

export interface Cluster {
  /** The proxy's address, `http://HOST:PORT`: where people and tests go. */
  readonly url: string;
  readonly proxyPort: number;
  readonly instances: ClusterInstance[];
  /** The shared database (with its password, for checks and the bench). */
  readonly databaseUrl: string;
  readonly s3: TestS3;
  /** The shared development outbox folder. */
  readonly outboxDir: string;
  /** The run's folder: nginx.conf, nginx-access.log, `<instance>.log`. */
  readonly dir: string;
  /** A connection to the shared database for checks (opened on first use, closed by stop()). */
  db(): Db;
  /** nginx's access log lines so far. */
  accessLog(): string[];
  /** Stops nginx, the instances, the store and the database; removes the folder unless `keep`. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const children = new Set<Subprocess>();
/** The stop functions of the clusters this process is starting or running. */
const running = new Set<() => Promise<void>>();

/** Stops every cluster of this process, also one still starting (Ctrl-C during the start). */
export async function stopClusters(): Promise<void> {
  await Promise.all([...running].map((stop) => stop()));
}
process.on('exit', () => {
  for (const p of children) p.kill('SIGKILL');
});

/** Copies a child's output into its log file (and to the console with a prefix when echoing). */
async function pump(stream: ReadableStream<Uint8Array>, file: string, prefix: string | null, sink: { text: string }) {
  const decoder = new TextDecoder();
  let partial = '';
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    const text = decoder.decode(value, { stream: true });
    appendFileSync(file, text);
    sink.text += text;
    if (sink.text.length > 1_000_000) sink.text = sink.text.slice(-800_000);
    if (prefix !== null) {
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) console.log(`${prefix} ${line}`);
    }
  }
}

function spawnLogged(cmd: string[], opts: { env: Record<string, string>; log: string; prefix: string | null; sink: { text: string } }) {
  const proc = Bun.spawn(cmd, { cwd: ROOT, env: opts.env, stdout: 'pipe', stderr: 'pipe' });
  children.add(proc);
  void proc.exited.then(() => children.delete(proc));
  void pump(proc.stdout, opts.log, opts.prefix, opts.sink);
  void pump(proc.stderr, opts.log, opts.prefix, opts.sink);
  return proc;
}

/** Polls `url` until it answers 200; throws with `why()` after `timeoutMs`, or at once when `gone()`. */
async function waitFor(url: string, timeoutMs: number, why: () => string, gone: () => boolean = () => false) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone()) throw new Error(`${url}: the process exited before it was ready\n${why()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} was not ready in ${timeoutMs / 1000} s\n${why()}`);
    await sleep(150);
  }
}

/** The shared PostgreSQL database: a fresh one on `adminUrl`, or a throwaway server of our own. */
async function startDatabase(dir: string, adminUrl?: string): Promise<{ url: string; stop(): Promise<void> }> {
  let admin = adminUrl;
  let stopServer = async () => {};
  if (!admin) {
    const state = join(dir, 'pg.env');
    const started = Bun.spawnSync(['bash', join(ROOT, 'scripts/pg-test-cluster.sh'), 'start'], {
      env: { ...process.env, PG_TEST_STATE: state },
      stderr: 'pipe',
    });
    if (started.exitCode !== 0) throw new Error(`could not start PostgreSQL:\n${started.stderr.toString()}`);
    admin = started.stdout.toString().trim();
    stopServer = async () => {
      Bun.spawnSync(['bash', join(ROOT, 'scripts/pg-test-cluster.sh'), 'stop'], { env: { ...process.env, PG_TEST_STATE: state } });
    };
  }
  const name = `cluster_${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const sql = new SQL(admin);
  await sql.unsafe(`CREATE DATABASE ${name}`);
  await sql.close();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async stop() {
      if (adminUrl) {
        const a = new SQL(adminUrl);
        await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
        await a.close();
      }
      await stopServer();
    },
  };
}

/** Starts the whole cluster; resolves when the proxy answers and every instance is ready. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 3;
  if (!existsSync(join(ROOT, 'dist/server/index.js'))) throw new Error('No build found: run `bun run build` first.');
  const nginx = nginxBinary();
  if (!nginx) throw new Error('nginx is not installed (scripts/system-packages.sh nginx).');
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'portal-cluster-'));
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  const outboxDir = join(dir, 'outbox');
  mkdirSync(outboxDir, { recursive: true });
  const readyTimeout = options.readyTimeoutMs ?? 180_000;

  const cleanups: (() => Promise<void>)[] = [];
  let stopped = false;
  const stopAll = async () => {
    stopped = true;
    running.delete(stopAll);
    for (const fn of cleanups.splice(0).reverse()) await fn().catch((err) => console.error('[cluster] stop:', err));
    if (!options.keep) rmSync(dir, { recursive: true, force: true });
  };
  running.add(stopAll);
  /** Registers what stop() must undo; undoes it at once when stop() came during the start. */
  const started = async (cleanup: () => Promise<void>) => {
    cleanups.push(cleanup);
    if (stopped) {
      await stopAll();
      throw new Error('the cluster was stopped while it started');
    }
  };

  try {
    const [database, s3] = await Promise.all([startDatabase(dir, options.pgAdminUrl), startTestS3()]);
    await started(async () => {
      await database.stop();
      await s3.close();
    });

    const proxyHost = options.proxyHost ?? '127.0.0.1';
    const proxyPort = options.proxyPort ?? freePort();
    const ports = options.instancePorts ?? Array.from({ length: count }, () => freePort());
    const proxyUrl = `http://${proxyHost === '0.0.0.0' ? '127.0.0.1' : proxyHost}:${proxyPort}`;
    const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');

    const baseEnv: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined) baseEnv[k] = v;
    delete baseEnv.NODE_ENV; // `bun test` sets it to "test"; instances run as `bun run start` would
    Object.assign(baseEnv, {
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      PORTAL_SECRET: secret,
      TRUST_PROXY: '1',
      PORTAL_URL: proxyUrl,
      PORTAL_OUTBOX_DIR: outboxDir,
      PORTAL_DEMO: '1',
      ...s3.env,
      ...options.env,
    });

    const instances = ports.map((port, i) =>
      makeInstance({ name: `p${i + 1}`, port, dir, env: baseEnv, echo: !!options.echo, readyTimeout }),
    );
    await started(async () => {
      await Promise.all(instances.map((p) => p.stop()));
    });
    // Together, as a rollout would: their migrations and the first seed race under the schema lock.
    await Promise.all(instances.map((p) => p.start()));

    let checks: Db | undefined;
    const db = () => {
      checks ??= openDb(database.url);
      return checks;
    };
    cleanups.push(async () => {
      await checks?.close();
    });
    if (options.directUploads !== false) {
      const [row] = await db().sql`SELECT value FROM site_config WHERE key = 'upload'`;
      const upload = row ? JSON.parse(String(row.value)) : {};
      await setConfigValue(db(), 'upload', { ...upload, mode: 's3' });
    }

    const conf = writeNginxConfig({ dir, host: proxyHost, port: proxyPort, upstreams: ports, workers: options.nginxWorkers });
    const nginxSink = { text: '' };
    const proxy = spawnLogged([nginx, '-p', dir, '-c', conf, '-e', join(dir, 'nginx-error.log')], {
      env: baseEnv,
      log: join(dir, 'nginx.log'),
      prefix: options.echo ? '[nginx]' : null,
      sink: nginxSink,
    });
    await started(async () => {
      proxy.kill('SIGTERM');
      await Promise.race([proxy.exited, sleep(5000)]);
      proxy.kill('SIGKILL');
    });
    const errorLog = () => {
      try {
        return readFileSync(join(dir, 'nginx-error.log'), 'utf8');
      } catch {
        return nginxSink.text;
      }
    };
    await waitFor(`${proxyUrl}/healthz`, 15_000, errorLog, () => proxy.exitCode !== null);

    return {
      url: proxyUrl,
      proxyPort,
      instances,
      databaseUrl: database.url,
      s3,
      outboxDir,
      dir,
      db,
      accessLog: () => {
        try {
          return readFileSync(join(dir, 'nginx-access.log'), 'utf8').split('\n').filter(Boolean);
        } catch {
          return [];
        }
      },
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

function makeInstance(o: {
  name: string;
  port: number;
  dir: string;
  env: Record<string, string>;
  echo: boolean;
  readyTimeout: number;
}): ClusterInstance {
  const dataDir = join(o.dir, o.name);
  mkdirSync(dataDir, { recursive: true });
  const url = `http://127.0.0.1:${o.port}`;
  const sink = { text: '' };
  let proc: Subprocess | undefined;
  const alive = () => !!proc && proc.exitCode === null && proc.signalCode === null;
  const end = async (signal: 'SIGTERM' | 'SIGKILL') => {
    const p = proc;
    if (!p || !alive()) return;
    p.kill(signal);
    if (signal === 'SIGTERM') {
      const timer = setTimeout(() => p.kill('SIGKILL'), 5000);
      await p.exited;
      clearTimeout(timer);
    } else await p.exited;
  };
  return {
    name: o.name,
    port: o.port,
    url,
    dataDir,
    pid: () => proc?.pid,
    alive,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
    log: () => sink.text,
    async start() {
      if (alive()) return;
      proc = spawnLogged([process.execPath, 'scripts/start.ts'], {
        env: { ...o.env, PORT: String(o.port), DATA_DIR: dataDir, PORTAL_INSTANCE: o.name },
        log: join(o.dir, `${o.name}.log`),
        prefix: o.echo ? `[${o.name}]` : null,
        sink,
      });
      await waitFor(
        `${url}/readyz`,
        o.readyTimeout,
        () => sink.text.slice(-4000),
        () => !alive(),
      );
    },
  };
}
