/**
 * `bun run bench:cluster [-- --seconds 6 --connections 16,64 --pool-compare 2 --json]`
 *
 * Scale-out, measured (issue "Scale-out, proven", #32): the BUILT portal as a production cluster on
 * this machine (scripts/cluster: PostgreSQL, s3rver, N instances, nginx round-robin in front), once
 * with 1 instance and once with 3, each a fresh cluster (a fresh database, fresh instances, the same
 * nginx config). For each, a closed-loop load from this process (bench-lib's runLoad for pages, the
 * same loop with a POST body for writes) at each `--connections`:
 *
 *   - the order list page as demo, `/user/order/guzhu?limit=20`, twice (bench-routes' two variants):
 *     with the session cookie, answered from each instance's page cache after its first render, and
 *     with the token in a `ba-user-token` header, which the page cache never answers (decision 0009),
 *     so it is rendered every time: the cost of a first load or of the load after a write;
 *   - a ledger write: demo allocates 0.01 to its sub-account demo_site1 with a fresh request_id each
 *     time (a team_transfer row and two ledger entries in one transaction).
 *
 * Printed per run: requests/s, p50/p99, errors (non-2xx, transport errors, and API answers that are
 * not code 200001), the CPU split from /proc ticks (instances, nginx, PostgreSQL, this load
 * generator, everything else on the machine), CPU per request, and the most PostgreSQL connections
 * the cluster's database held (pg_stat_activity, sampled every 200 ms). After the writes: balance =
 * Σ ledger for demo and demo_site1, and every acknowledged transfer is in the database exactly once.
 * After the runs: each instance's RSS. `--pool-compare 2` adds a third cluster (3 instances with
 * DATABASE_POOL_MAX=2) for the rendered page and the write at the highest concurrency.
 *
 * nginx runs with ONE worker (`--nginx-workers`, default 1) in every cluster: on 2 cores `auto`
 * would start two workers competing with the instances for the same cores, and one worker is far
 * from its own limit here (its share of the CPU is printed: it stays well under one core), so the
 * proxy is the same fixed cost in the 1- and the 3-instance runs.
 *
 * One PostgreSQL server (scripts/pg-test-cluster.sh, fsync and synchronous_commit off) serves every
 * cluster of the run, each on a fresh database; its processes are found from its postmaster.pid.
 */
import { SQL } from 'bun';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { clockTicksPerSecond, fmtFixed, fmtInt, type LoadResult, markdownTable, percentile, runLoad, systemCpuTicks } from './bench-lib';
import { type Cluster, ROOT, startCluster, stopClusters } from './cluster/index';

const { values: args } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16,64' },
    instances: { type: 'string', default: '1,3' },
    'pool-compare': { type: 'string', default: '2' },
    'nginx-workers': { type: 'string', default: '1' },
    'warmup-pages': { type: 'string', default: '300' },
    'warmup-writes': { type: 'string', default: '60' },
    timeout: { type: 'string', default: '10' },
    json: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});

if (args.help) {
  console.log(`Usage: bun run bench:cluster [-- options]
  --seconds <s>          measured run per workload and concurrency (default 10)
  --connections <list>   concurrencies, comma-separated (default 16,64)
  --instances <list>     cluster sizes, one fresh cluster each (default 1,3)
  --pool-compare <n>     one more 3-instance cluster with DATABASE_POOL_MAX=n: rendered page and write
                         at the highest concurrency (default 2; 0 skips it)
  --nginx-workers <n>    nginx worker_processes, a number or auto (default 1)
  --warmup-pages <n>     warm-up requests before each page run (default 300, at most 3 s)
  --warmup-writes <n>    warm-up writes before each write run (default 60, at most 3 s)
  --timeout <s>          per-request timeout (default 10)
  --json                 also print every figure as JSON
  --keep                 keep the clusters' folders (logs, nginx.conf)`);
  process.exit(0);
}

function positiveList(name: string, raw: string): number[] {
  const list = raw.split(',').map((s) => Number(s.trim()));
  if (!list.length || list.some((n) => !Number.isInteger(n) || n <= 0)) {
    console.error(`bench:cluster: --${name} must be positive whole numbers, comma-separated; got "${raw}"`);
    process.exit(2);
  }
  return list;
}
function positive(name: string, raw: string, allowZero = false): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || (n === 0 && !allowZero)) {
    console.error(`bench:cluster: --${name} must be a positive number; got "${raw}"`);
    process.exit(2);
  }
  return n;
}
const durationMs = positive('seconds', args.seconds!) * 1000;
const connections = positiveList('connections', args.connections!);
const sizes = positiveList('instances', args.instances!);
const poolCompare = Math.floor(positive('pool-compare', args['pool-compare']!, true));
const nginxWorkers: number | 'auto' =
  args['nginx-workers'] === 'auto' ? 'auto' : Math.floor(positive('nginx-workers', args['nginx-workers']!));
const warmupPages = Math.floor(positive('warmup-pages', args['warmup-pages']!, true));
const warmupWrites = Math.floor(positive('warmup-writes', args['warmup-writes']!, true));
const timeoutMs = positive('timeout', args.timeout!) * 1000;

// bench-routes imports bench-config, which parses the command line with bench.ts's options: it
// must not see ours. The routes and the login are the same ones `bun run bench` measures.
Bun.argv.splice(2);
const { login, routes } = await import('./bench-routes');
type Session = Awaited<ReturnType<typeof login>>;

const TICKS = clockTicksPerSecond();
const CORES = cpus().length;
/** Warm-ups stop after this long even when their count is not reached (a rendered page at 50/s). */
const WARMUP_MS = 3000;
/** The default pool of src/server/db/client.ts. */
const DEFAULT_POOL = 10;
const log = (msg: string) => console.error(`bench:cluster: ${msg}`);

// ---------------------------------------------------------------------------
// CPU of process trees, from /proc
// ---------------------------------------------------------------------------

interface ProcStat {
  ppid: number;
  /** utime + stime + cutime + cstime: its own CPU and that of its children already gone. */
  ticks: number;
  /** utime + stime alone. */
  own: number;
  comm: string;
}

function readProcs(): Map<number, ProcStat> {
  const out = new Map<number, ProcStat>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // After comm's closing parenthesis: field 3 (state), 4 (ppid), … 14-17 (utime stime cutime cstime).
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const own = Number(f[11]) + Number(f[12]);
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      out.set(Number(name), { ppid: Number(f[1]), ticks: own + Number(f[13]) + Number(f[14]), own, comm });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/**
 * CPU ticks of `root` and every live descendant, each with its reaped children's time: a PostgreSQL
 * backend that closes during the run still counts (in the postmaster's cutime once it is reaped).
 */
function treeTicks(procs: Map<number, ProcStat>, root: number | undefined): number {
  let total = 0;
  for (const pid of tree(procs, root)) total += procs.get(pid)?.ticks ?? 0;
  return total;
}

/** `root` and its live descendants. */
function tree(procs: Map<number, ProcStat>, root: number | undefined): number[] {
  if (!root || !procs.has(root)) return [];
  const children = new Map<number, number[]>();
  for (const [pid, p] of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** A short name for a process that is not ours: `bun test`, `node tsc`, `postgres`, … */
function processLabel(pid: number, comm: string): string {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const base = (s: string | undefined) =>
      s
        ?.split('/')
        .pop()
        ?.replace(/\.exe$/, '') ?? '';
    const first = base(argv[0]);
    const second = argv[1] && !argv[1].startsWith('-') ? ` ${base(argv[1])}` : '';
    return `${first || comm}${second}`.slice(0, 40);
  } catch {
    return comm;
  }
}

interface Pids {
  instances: (number | undefined)[];
  nginx: number | undefined;
  postgres: number | undefined;
}

interface CpuSnapshot {
  instances: number[];
  nginx: number;
  postgres: number;
  /** This process (load generator, s3rver, the cluster's log pumps), µs. */
  self: NodeJS.CpuUsage;
  system: { busy: number; total: number };
  /** Everybody else's processes: own ticks and a label, to say what the "other" CPU was. */
  others: Map<number, { own: number; label: string }>;
}

function snapshot(p: Pids): CpuSnapshot {
  const procs = readProcs();
  const ours = new Set([...tree(procs, process.pid), ...tree(procs, p.postgres), ...tree(procs, p.nginx)]);
  for (const pid of p.instances) for (const x of tree(procs, pid)) ours.add(x);
  const others = new Map<number, { own: number; label: string }>();
  for (const [pid, s] of procs) if (!ours.has(pid) && s.own > 0) others.set(pid, { own: s.own, label: s.comm });
  return {
    instances: p.instances.map((pid) => treeTicks(procs, pid)),
    nginx: treeTicks(procs, p.nginx),
    postgres: treeTicks(procs, p.postgres),
    self: process.cpuUsage(),
    system: systemCpuTicks(),
    others,
  };
}

/** CPU ms spent between two snapshots, by part. */
interface CpuSplit {
  instances: number;
  perInstance: number[];
  nginx: number;
  postgres: number;
  loadgen: number;
  other: number;
  /** The busiest other processes, by label: CPU ms. */
  otherTop: [string, number][];
}

function cpuBetween(a: CpuSnapshot, b: CpuSnapshot): CpuSplit {
  const ms = (ticks: number) => (ticks * 1000) / TICKS;
  const perInstance = b.instances.map((t, i) => ms(t - (a.instances[i] ?? 0)));
  const instances = perInstance.reduce((s, x) => s + x, 0);
  const nginx = ms(b.nginx - a.nginx);
  const postgres = ms(b.postgres - a.postgres);
  const loadgen = (b.self.user - a.self.user + b.self.system - a.self.system) / 1000;
  const busy = ms(b.system.busy - a.system.busy);
  const byLabel = new Map<string, number>();
  for (const [pid, x] of b.others) {
    const spent = ms(x.own - (a.others.get(pid)?.own ?? 0));
    if (spent <= 0) continue;
    const label = processLabel(pid, x.label);
    byLabel.set(label, (byLabel.get(label) ?? 0) + spent);
  }
  const otherTop = [...byLabel].sort((x, y) => y[1] - x[1]).slice(0, 4);
  return { instances, perInstance, nginx, postgres, loadgen, other: Math.max(0, busy - instances - nginx - postgres - loadgen), otherTop };
}

function readPid(file: string): number | undefined {
  try {
    const n = Number(readFileSync(file, 'utf8').split('\n', 1)[0]);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

/** VmRSS and VmHWM (peak) of a process, MiB. */
function rssMiB(pid: number | undefined): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

// ---------------------------------------------------------------------------
// PostgreSQL: the shared server and the connection sampler
// ---------------------------------------------------------------------------

interface PgServer {
  adminUrl: string;
  postmaster: number | undefined;
  stop(): void;
}

function startPostgres(): PgServer {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-cluster-'));
  const env = { ...process.env, PG_TEST_STATE: join(dir, 'pg.env') };
  const started = Bun.spawnSync(['bash', join(ROOT, 'scripts/pg-test-cluster.sh'), 'start'], { env, stderr: 'pipe' });
  if (started.exitCode !== 0) throw new Error(`could not start PostgreSQL:\n${started.stderr.toString()}`);
  const state = readFileSync(env.PG_TEST_STATE, 'utf8');
  const dataDir = /^DIR=(.*)$/m.exec(state)?.[1]?.replace(/^'|'$/g, '');
  let stopped = false;
  return {
    adminUrl: started.stdout.toString().trim(),
    postmaster: dataDir ? readPid(join(dataDir, 'data/postmaster.pid')) : undefined,
    stop() {
      if (stopped) return;
      stopped = true;
      Bun.spawnSync(['bash', join(ROOT, 'scripts/pg-test-cluster.sh'), 'stop'], { env });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Local ports of this process's own connections to PostgreSQL on `pgPort` (/proc/self/fd → socket
 * inodes → /proc/net/tcp*): the cluster's check connection is not the instances'. Matched on the
 * remote port too, since Linux gives one ephemeral port to connections to different destinations.
 */
function ownPorts(pgPort: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      /* closed meanwhile */
    }
  }
  const ports = new Set<number>();
  const port = (addr: string | undefined) => Number.parseInt(addr?.split(':').pop() ?? '', 16);
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    try {
      for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const f = line.trim().split(/\s+/);
        if (f.length > 9 && inodes.has(f[9]!) && port(f[2]) === pgPort) ports.add(port(f[1]));
      }
    } catch {
      /* no IPv6 */
    }
  }
  return ports;
}

/**
 * Counts the instances' connections to the cluster's database every 200 ms while a run goes on:
 * client backends of that database, without this process's own (the check connection, the sampler).
 */
function sampleConnections(databaseUrl: string) {
  const sql = new SQL({ url: databaseUrl, max: 1 });
  const pgPort = Number(new URL(databaseUrl).port || 5432);
  let mine = ownPorts(pgPort);
  let held = 0;
  let active = 0;
  let own = 0;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const rows = await sql`SELECT client_port, state FROM pg_stat_activity
        WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`;
      const theirs = rows.filter((r: { client_port: number }) => !mine.has(Number(r.client_port)));
      held = Math.max(held, theirs.length);
      active = Math.max(active, theirs.filter((r: { state: string }) => r.state === 'active').length);
      own = Math.max(own, rows.length - theirs.length);
    } catch {
      /* one sample less */
    } finally {
      busy = false;
    }
  }, 200);
  const refresh = setInterval(() => {
    mine = ownPorts(pgPort);
  }, 2000);
  return {
    async stop(): Promise<{ held: number; active: number; own: number }> {
      clearInterval(timer);
      clearInterval(refresh);
      await sql.close({ timeout: 2 });
      return { held, active, own };
    },
  };
}

// ---------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------

interface Target {
  base: string;
  token: string;
  subId: number;
}

let requestSeq = 0;

/**
 * The write under runLoad's closed loop: each request a POST with its own request_id. Success is
 * HTTP 2xx with code 200001 and a new (not replayed) transfer; anything else is an error by kind.
 */
async function runWriteLoad(
  t: Target,
  concurrency: number,
  durMs: number,
  maxRequests: number,
): Promise<LoadResult & { acknowledged: string[] }> {
  const acknowledged: string[] = [];
  const headers = { 'content-type': 'application/json', accept: 'application/json', origin: t.base, 'ba-user-token': t.token };
  const result = await runLoad({
    url: `${t.base}/userapi/v1/team/allocate`,
    headers,
    concurrency,
    durationMs: durMs,
    maxRequests,
    timeoutMs,
    request: () => {
      const requestId = `bench-cluster-${process.pid}-${++requestSeq}`;
      return {
        init: {
          method: 'POST',
          body: JSON.stringify({ id: t.subId, direction: 'allocate', amount: '0.01', memo: 'bench:cluster', request_id: requestId }),
        },
        failure: (text) => {
          const body = JSON.parse(text) as { code?: number; data?: { replayed?: boolean } };
          if (body.code !== 200001) return `code ${body.code}`;
          if (body.data?.replayed) return 'replayed';
          acknowledged.push(requestId);
          return undefined;
        },
      };
    },
  });
  return { ...result, acknowledged };
}

type Workload = 'page, cached' | 'page, rendered' | 'write';

interface RunResult {
  cluster: string;
  instances: number;
  poolMax: number;
  workload: Workload;
  connections: number;
  requests: number;
  seconds: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  errorKinds: Record<string, number>;
  /** CPU ms per request, by part. */
  msPerReq: { instances: number; nginx: number; postgres: number; loadgen: number };
  /** Cores kept busy, by part. */
  cores: { instances: number; perInstance: number[]; nginx: number; postgres: number; loadgen: number; other: number };
  /** The busiest of the other processes still running at the end (label, cores): what "other" was. */
  otherTop: [string, number][];
  /** The instances' connections (most at once, and most of them active at once), and this process's. */
  pgConnections: { held: number; active: number; own: number };
  load1: number;
}

/** ` (bun test 0.40, tsc 0.20)`: the other processes that took a visible share, if any. */
function otherText(r: RunResult): string {
  const top = r.otherTop.filter(([, c]) => c >= 0.05);
  return top.length ? ` (${top.map(([l, c]) => `${l} ${fmtFixed(c, 2)}`).join(', ')})` : '';
}

async function measure(
  cluster: Cluster,
  pids: Pids,
  label: { cluster: string; instances: number; poolMax: number },
  workload: Workload,
  concurrency: number,
  go: () => Promise<LoadResult>,
): Promise<RunResult> {
  const load1 = loadavg()[0]!;
  const sampler = sampleConnections(cluster.databaseUrl);
  const a = snapshot(pids);
  const r = await go();
  const b = snapshot(pids);
  const pg = await sampler.stop();
  const cpu = cpuBetween(a, b);
  const per = (x: number) => (r.requests ? x / r.requests : NaN);
  const cores = (x: number) => x / r.elapsedMs;
  const result: RunResult = {
    ...label,
    workload,
    connections: concurrency,
    requests: r.requests,
    seconds: r.elapsedMs / 1000,
    reqPerSec: (r.requests * 1000) / r.elapsedMs,
    p50: percentile(r.latencies, 0.5),
    p99: percentile(r.latencies, 0.99),
    errors: r.errors,
    errorKinds: r.errorKinds,
    msPerReq: { instances: per(cpu.instances), nginx: per(cpu.nginx), postgres: per(cpu.postgres), loadgen: per(cpu.loadgen) },
    cores: {
      instances: cores(cpu.instances),
      perInstance: cpu.perInstance.map(cores),
      nginx: cores(cpu.nginx),
      postgres: cores(cpu.postgres),
      loadgen: cores(cpu.loadgen),
      other: cores(cpu.other),
    },
    otherTop: cpu.otherTop.map(([label, x]) => [label, cores(x)]),
    pgConnections: pg,
    load1,
  };
  const kinds = Object.entries(r.errorKinds)
    .map(([k, n]) => `${k}×${n}`)
    .join(' ');
  log(
    `  ${workload} @${concurrency}: ${fmtInt(result.reqPerSec)} req/s, p50 ${fmtFixed(result.p50, 1)} ms, p99 ${fmtFixed(result.p99, 1)} ms, ` +
      `errors ${r.errors}${kinds ? ` (${kinds})` : ''}; cores: instances ${fmtFixed(result.cores.instances, 2)} ` +
      `[${result.cores.perInstance.map((c) => fmtFixed(c, 2)).join(' ')}], nginx ${fmtFixed(result.cores.nginx, 2)}, ` +
      `PG ${fmtFixed(result.cores.postgres, 2)}, load gen ${fmtFixed(result.cores.loadgen, 2)}, other ${fmtFixed(result.cores.other, 2)}${otherText(result)}; ` +
      `PG connections held by the instances ${pg.held} (active at once ${pg.active}; this process ${pg.own})`,
  );
  return result;
}

// ---------------------------------------------------------------------------
// One cluster
// ---------------------------------------------------------------------------

interface LedgerCheck {
  member: string;
  balance: number;
  ledgerSum: number;
  entries: number;
  ok: boolean;
}

interface ClusterResult {
  label: string;
  instances: number;
  poolMax: number;
  startSeconds: number;
  runs: RunResult[];
  ledger: LedgerCheck[];
  acknowledged: number;
  transfersFound: number;
  topUp: number;
  rss: { name: string; rss: number; peak: number }[];
  maxConnections: number;
}

async function subAccountId(base: string, token: string): Promise<number> {
  const res = await fetch(`${base}/userapi/v1/team/list?keyword=demo_site1`, {
    headers: { accept: 'application/json', 'ba-user-token': token },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await res.json()) as { data?: { list?: { id: number; username?: string }[] } };
  const id = body.data?.list?.find((r) => r.username === 'demo_site1')?.id ?? body.data?.list?.[0]?.id;
  if (!id) throw new Error(`demo has no sub-account demo_site1 (GET /team/list answered ${res.status})`);
  return id;
}

/** balance = Σ ledger entries, for each member. */
async function checkLedger(cluster: Cluster, ids: Record<string, number>): Promise<LedgerCheck[]> {
  const out: LedgerCheck[] = [];
  for (const [member, id] of Object.entries(ids)) {
    const [u] = await cluster.db().sql`SELECT money FROM "user" WHERE id = ${id}`;
    const [s] = await cluster.db().sql`SELECT COALESCE(SUM(amount), 0) AS s, COUNT(*) AS n FROM user_money_log WHERE user_id = ${id}`;
    const balance = Number(u.money);
    const ledgerSum = Number(s.s);
    out.push({ member, balance, ledgerSum, entries: Number(s.n), ok: balance === ledgerSum });
  }
  return out;
}

async function benchCluster(
  pg: PgServer,
  instances: number,
  poolMax: number,
  workloads: Workload[],
  conns: number[],
): Promise<ClusterResult> {
  const label = `${instances} instance${instances > 1 ? 's' : ''}${poolMax !== DEFAULT_POOL ? `, pool ${poolMax}` : ''}`;
  log(`${label}: starting a fresh cluster (database, s3rver, ${instances} × bun scripts/start.ts, nginx ×${nginxWorkers} worker)…`);
  const t0 = performance.now();
  const cluster = await startCluster({
    instances,
    nginxWorkers,
    pgAdminUrl: pg.adminUrl,
    keep: args.keep,
    env: { NODE_ENV: 'production', PORTAL_LOGIN_CAPTCHA: '0', DATABASE_POOL_MAX: String(poolMax) },
  });
  const startSeconds = (performance.now() - t0) / 1000;
  log(`${label}: ready in ${fmtFixed(startSeconds, 1)} s at ${cluster.url} (folder ${cluster.dir})`);
  try {
    const base = cluster.url;
    const pids: Pids = {
      instances: cluster.instances.map((p) => p.pid()),
      nginx: readPid(join(cluster.dir, 'nginx.pid')),
      postgres: pg.postmaster,
    };
    const session: Session = await login(base);
    const subId = await subAccountId(base, session.token);
    const [demo] = await cluster.db().sql`SELECT id, money FROM "user" WHERE username = 'demo'`;
    const demoId = Number(demo.id);
    const [maxConn] = await cluster.db().sql`SHOW max_connections`;

    // The write runs spend 1 fen a request: make sure demo can pay for the most they could do
    // (a request every 0.2 ms on every connection), through the ledger so balance = Σ ledger holds.
    let topUp = 0;
    if (workloads.includes('write')) {
      const writeRuns = conns.length + 1; // + the warm-ups
      const need = Math.ceil(writeRuns * (durationMs / 0.2)) + warmupWrites * writeRuns;
      if (Number(demo.money) < need) {
        const { changeBalance } = await import('../src/features/ledger');
        topUp = need - Number(demo.money);
        await changeBalance(cluster.db(), {
          userId: demoId,
          amount: topUp,
          kind: 'adjust',
          memo: 'bench:cluster top-up',
          requestId: `bench-cluster-topup-${Date.now()}`,
        });
        log(`${label}: demo had ${fmtInt(Number(demo.money))} fen; topped up ${fmtInt(topUp)} fen through the ledger (changeBalance)`);
      } else log(`${label}: demo's balance ${fmtInt(Number(demo.money))} fen covers the writes (at most ${fmtInt(need)} fen)`);
    }

    const pageRoutes = routes(session);
    const route = (name: string) => pageRoutes.find((r) => r.name === name)!;
    const labelOf = { cluster: label, instances, poolMax };
    const runs: RunResult[] = [];
    const acknowledged: string[] = [];
    for (const workload of workloads) {
      for (const c of conns) {
        if (workload === 'write') {
          const t: Target = { base, token: session.token, subId };
          const warm = await runWriteLoad(t, c, WARMUP_MS, warmupWrites);
          acknowledged.push(...warm.acknowledged);
          runs.push(
            await measure(cluster, pids, labelOf, workload, c, async () => {
              const r = await runWriteLoad(t, c, durationMs, 2_000_000);
              acknowledged.push(...r.acknowledged);
              return r;
            }),
          );
          continue;
        }
        const r = route(workload === 'page, cached' ? '/user/order/guzhu' : '/user/order/guzhu, rendered');
        const url = base + r.path;
        const sample = await fetch(url, { headers: r.headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
        r.check(sample, await sample.text());
        await runLoad({ url, headers: r.headers, concurrency: c, durationMs: WARMUP_MS, maxRequests: warmupPages, timeoutMs });
        runs.push(
          await measure(cluster, pids, labelOf, workload, c, () =>
            runLoad({ url, headers: r.headers, concurrency: c, durationMs, maxRequests: 2_000_000, timeoutMs }),
          ),
        );
      }
    }

    let ledger: LedgerCheck[] = [];
    let transfersFound = 0;
    if (workloads.includes('write')) {
      ledger = await checkLedger(cluster, { demo: demoId, demo_site1: subId });
      // Every acknowledged write must be there (a timed-out one may be there too: found ≥ acknowledged).
      const [n] = await cluster.db().sql`SELECT COUNT(*) AS n FROM team_transfer
        WHERE owner_id = ${demoId} AND request_id LIKE ${`bench-cluster-${process.pid}-%`}`;
      transfersFound = Number(n.n);
      for (const l of ledger) {
        log(
          `${label}: ${l.member} balance ${fmtInt(l.balance)} fen, Σ ledger ${fmtInt(l.ledgerSum)} fen over ${fmtInt(l.entries)} entries: ${l.ok ? 'equal' : 'DIFFERENT'}`,
        );
      }
      log(
        `${label}: ${fmtInt(acknowledged.length)} writes acknowledged, ${fmtInt(transfersFound)} transfers with the run's request ids in the database`,
      );
    }
    const rss = cluster.instances.map((p) => ({ name: p.name, ...rssMiB(p.pid()) }));
    log(
      `${label}: instances' RSS after the runs: ${rss.map((r) => `${r.name} ${fmtFixed(r.rss, 0)} MiB (peak ${fmtFixed(r.peak, 0)})`).join(', ')}`,
    );
    return {
      label,
      instances,
      poolMax,
      startSeconds,
      runs,
      ledger,
      acknowledged: acknowledged.length,
      transfersFound,
      topUp,
      rss,
      maxConnections: Number(maxConn.max_connections),
    };
  } finally {
    await cluster.stop();
  }
}

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

function report(results: ClusterResult[], wallSeconds: number, loadBefore: number[]): string {
  const runs = results.flatMap((r) => r.runs);
  const kinds = (r: RunResult) =>
    r.errors === 0
      ? '0'
      : `${r.errors} (${Object.entries(r.errorKinds)
          .map(([k, n]) => `${k}: ${n}`)
          .join(', ')})`;
  const table = markdownTable(
    [
      'cluster',
      'workload',
      'conns',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'CPU ms/req inst',
      'nginx',
      'PG',
      'load gen',
      'cores inst',
      'nginx',
      'PG',
      'load gen',
      'other',
      'PG conns (active)',
      'load avg',
    ],
    runs.map((r) => [
      r.cluster,
      r.workload,
      r.connections,
      fmtInt(r.reqPerSec),
      fmtFixed(r.p50, 1),
      fmtFixed(r.p99, 1),
      kinds(r),
      fmtFixed(r.msPerReq.instances, 3),
      fmtFixed(r.msPerReq.nginx, 3),
      fmtFixed(r.msPerReq.postgres, 3),
      fmtFixed(r.msPerReq.loadgen, 3),
      fmtFixed(r.cores.instances, 2),
      fmtFixed(r.cores.nginx, 2),
      fmtFixed(r.cores.postgres, 2),
      fmtFixed(r.cores.loadgen, 2),
      fmtFixed(r.cores.other, 2),
      `${r.pgConnections.held} (${r.pgConnections.active})`,
      fmtFixed(r.load1, 2),
    ]),
  );

  const lines: string[] = [];
  const commit = Bun.spawnSync(['git', 'rev-parse', '--short', 'HEAD'], { cwd: ROOT }).stdout.toString().trim();
  lines.push(
    `- date: ${new Date().toISOString()}; commit ${commit}; machine: ${CORES} cores (${cpus()[0]?.model ?? '?'}), Bun ${Bun.version}, NODE_ENV=production`,
  );
  lines.push(
    `- load average before the run: ${loadBefore.map((x) => x.toFixed(2)).join(' / ')} (1/5/15 min); the "load avg" column is the 1-minute figure as each measured run began (it includes this run's own previous load)`,
  );
  lines.push(
    `- each run: warm-up (${warmupPages} page requests / ${warmupWrites} writes), then ${durationMs / 1000} s closed loop from this process; nginx worker_processes ${nginxWorkers}; PostgreSQL ${results[0]?.maxConnections ?? '?'} max_connections, fsync and synchronous_commit off (scripts/pg-test-cluster.sh)`,
  );
  lines.push('');
  lines.push(table);
  lines.push('');
  lines.push(
    'CPU ms/req and cores are from /proc ticks over the measured run: `inst` is all instances together; load gen is this process; other is the rest of the machine.',
  );
  lines.push('');

  // Scale-out against the cores.
  const one = results.find((r) => r.instances === 1 && r.poolMax === DEFAULT_POOL);
  const many = results.filter((r) => r.instances > 1 && r.poolMax === DEFAULT_POOL);
  for (const m of many) {
    for (const run of m.runs) {
      const base = one?.runs.find((r) => r.workload === run.workload && r.connections === run.connections);
      if (!base) continue;
      const busy = run.cores.instances + run.cores.nginx + run.cores.postgres + run.cores.loadgen + run.cores.other;
      lines.push(
        `- ${run.workload} @${run.connections}: ${m.instances} instances ${fmtInt(run.reqPerSec)} req/s vs 1 instance ${fmtInt(base.reqPerSec)} = ${fmtFixed(run.reqPerSec / base.reqPerSec, 2)}×; ` +
          `the machine was ${fmtFixed(busy, 2)} of ${CORES} cores busy (1 instance: ${fmtFixed(base.cores.instances + base.cores.nginx + base.cores.postgres + base.cores.loadgen + base.cores.other, 2)})`,
      );
    }
  }
  const rendered1 = one?.runs.find((r) => r.workload === 'page, rendered' && r.connections === Math.max(...connections));
  lines.push(
    `- ceiling: this machine has ${CORES} cores, shared by the instances, nginx, PostgreSQL and the load generator. ` +
      (rendered1
        ? `One instance rendering pages already keeps ${fmtFixed(rendered1.cores.instances, 2)} cores busy (its JavaScript thread plus Bun's I/O threads) and the whole machine ${fmtFixed(rendered1.cores.instances + rendered1.cores.nginx + rendered1.cores.postgres + rendered1.cores.loadgen + rendered1.cores.other, 2)} of ${CORES}. `
        : '') +
      `More instances can only use what is left, so 3 instances cannot be 3× faster here: the ratio above is bounded by the cores, not by the portal. What the 3-instance runs show is that the cluster holds under load (errors, ledger) and where the CPU goes.`,
  );
  lines.push('');

  // Per-request cost for the capacity model (the 1-instance, default pool runs at the highest concurrency).
  const cmax = Math.max(...connections);
  for (const w of ['page, cached', 'page, rendered', 'write'] as Workload[]) {
    const r = (one ?? results[0])?.runs.find((x) => x.workload === w && x.connections === cmax);
    if (!r) continue;
    const server = r.msPerReq.instances + r.msPerReq.nginx + r.msPerReq.postgres;
    lines.push(
      `- ${w}: ${fmtFixed(server, 3)} ms of server CPU a request (instance ${fmtFixed(r.msPerReq.instances, 3)} + nginx ${fmtFixed(r.msPerReq.nginx, 3)} + PostgreSQL ${fmtFixed(r.msPerReq.postgres, 3)}) → about ${fmtInt(1000 / server)} req/s per fully busy core; instances only: ${fmtInt(1000 / r.msPerReq.instances)} req/s per core`,
    );
  }
  lines.push('');

  for (const c of results) {
    const held = Math.max(...c.runs.map((r) => r.pgConnections.held));
    const active = Math.max(...c.runs.map((r) => r.pgConnections.active));
    const own = Math.max(...c.runs.map((r) => r.pgConnections.own));
    lines.push(
      `- ${c.label}: PostgreSQL connections held by the instances at most ${held} (= ${c.instances} × DATABASE_POOL_MAX ${c.poolMax} when every pool is full), at most ${active} active at once; this process held ${own} more (the check connection) of max_connections ${c.maxConnections}`,
    );
  }
  const pooled = results.find((r) => r.poolMax !== DEFAULT_POOL);
  const full = results.find((r) => r.poolMax === DEFAULT_POOL && r.instances === pooled?.instances);
  if (pooled && full) {
    for (const run of pooled.runs) {
      const ref = full.runs.find((r) => r.workload === run.workload && r.connections === run.connections);
      if (!ref) continue;
      lines.push(
        `- pool ${pooled.poolMax} vs ${full.poolMax} (${pooled.instances} instance${pooled.instances > 1 ? 's' : ''}, ${run.workload} @${run.connections}): ${fmtInt(run.reqPerSec)} vs ${fmtInt(ref.reqPerSec)} req/s, p50 ${fmtFixed(run.p50, 1)} vs ${fmtFixed(ref.p50, 1)} ms, p99 ${fmtFixed(run.p99, 1)} vs ${fmtFixed(ref.p99, 1)} ms`,
      );
    }
  }
  for (const c of results) {
    const ledger = c.ledger
      .map((l) => `${l.member} ${fmtInt(l.balance)} = Σ ${fmtInt(l.ledgerSum)} (${l.ok ? 'ok' : 'DIFFERENT'})`)
      .join(', ');
    const transfers = `${fmtInt(c.transfersFound)}${c.transfersFound < c.acknowledged ? ' (MISSING some)' : ''}`;
    lines.push(
      `- ${c.label}: started in ${fmtFixed(c.startSeconds, 1)} s; RSS after the runs ${c.rss.map((r) => `${r.name} ${fmtFixed(r.rss, 0)} MiB (peak ${fmtFixed(r.peak, 0)})`).join(', ')}` +
        (c.ledger.length
          ? `; writes acknowledged ${fmtInt(c.acknowledged)}, transfers in the database ${transfers}; balance = Σ ledger (fen): ${ledger}${c.topUp ? `; demo topped up ${fmtInt(c.topUp)} fen first` : ''}`
          : ''),
    );
  }
  lines.push(`- whole command: ${fmtFixed(wallSeconds, 0)} s`);
  return lines.join('\n');
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

let pg: PgServer | undefined;
let exiting = false;
const onSignal = (sig: NodeJS.Signals) => {
  if (exiting) return;
  exiting = true;
  log(`${sig}, stopping the clusters and PostgreSQL`);
  void stopClusters().finally(() => {
    pg?.stop();
    process.exit(130);
  });
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
// This process's own connection to each cluster's database (cluster.db(), for the checks) is one
// connection, not a pool of ten beside the instances'. The instances get theirs in `env` below.
process.env.DATABASE_POOL_MAX = '1';

const t0 = performance.now();
const loadBefore = loadavg();
log(
  `load average ${loadBefore.map((x) => x.toFixed(2)).join(' ')} on ${CORES} cores; ${durationMs / 1000} s per run at ${connections.join(', ')} connections`,
);
let code = 0;
try {
  pg = startPostgres();
  log(`PostgreSQL at ${pg.adminUrl.replace(/\/\/[^@]*@/, '//')} (postmaster pid ${pg.postmaster ?? 'not found: its CPU will read 0'})`);
  const all: Workload[] = ['page, cached', 'page, rendered', 'write'];
  const results: ClusterResult[] = [];
  for (const n of sizes) results.push(await benchCluster(pg, n, DEFAULT_POOL, all, connections));
  if (poolCompare > 0 && poolCompare !== DEFAULT_POOL) {
    results.push(await benchCluster(pg, Math.max(...sizes), poolCompare, ['page, rendered', 'write'], [Math.max(...connections)]));
  }
  const out = report(results, (performance.now() - t0) / 1000, loadBefore);
  console.log(`\n${out}\n`);
  if (args.json) console.log(JSON.stringify({ cores: CORES, nginxWorkers, durationMs, connections, loadBefore, results }, null, 2));
  const failed = results.some((c) => c.ledger.some((l) => !l.ok) || c.transfersFound < c.acknowledged || c.runs.some((r) => r.errors > 0));
  if (failed) {
    log('FAILED: errors in a run, or a ledger that does not add up (see above)');
    code = 1;
  }
} catch (e) {
  log(`FAILED: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  code = 1;
} finally {
  await stopClusters();
  pg?.stop();
}
process.exit(code);
