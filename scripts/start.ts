/**
 * `bun run start`: migrates (and on a fresh database seeds) the configured
 * database in a child process (scripts/migrate.ts), then serves the built app on PORT (default 3000).
 * Honours PORT, DATABASE_URL and DATA_DIR so instances can run side by side.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Static assets are resolved against the working directory.
process.chdir(root);

if (!existsSync(join(root, 'dist/server/index.js'))) {
  console.error('No build found: run `bun run build` first (or `npm run quickstart`).');
  process.exit(1);
}

// A half-configured object store would keep uploads on this instance's own disk: refuse it.
const storeProblem = (await import('../src/features/upload')).s3ConfigProblem();
if (storeProblem) {
  console.error(storeProblem);
  process.exit(1);
}
if (process.env.NODE_ENV === 'production' && !process.env.DATABASE_URL) {
  console.warn('NODE_ENV=production on the embedded SQLite file: fine for one instance; several need DATABASE_URL (PostgreSQL).');
}

// Migrating and seeding run in their own process: seeding a fresh demo database renders PDFs,
// fonts and images, and a server that did it itself kept ~220 MB more for its whole life.
const migrate = Bun.spawnSync([process.execPath, join(root, 'scripts/migrate.ts')], {
  stdout: 'inherit',
  stderr: 'inherit',
  env: process.env,
});
if (migrate.exitCode !== 0) {
  console.error('Could not migrate the database (see above).');
  process.exit(1);
}

const { getDb } = await import('../src/server/db/client');
const db = getDb();

// Expired token rows are kept a week (so an old token reads as "expired", not "unknown"), then dropped.
const { purgeExpiredTokens } = await import('../src/server/session');
const purge = () => purgeExpiredTokens(db).catch((err) => console.error('token purge failed:', err));
await purge();
setInterval(purge, 6 * 3600 * 1000).unref();

// Native memory behind JS objects (resvg pixmaps of captcha images and decoded uploads, PDF
// buffers) is invisible to the JS heap's own GC triggers: it would pile up between collections.
// An asynchronous collection every 5 s lets their finalizers free it (docs/benchmarks.md, soak).
setInterval(() => Bun.gc(false), 5_000).unref();

// PORTAL_MEMORY_LOG=<seconds>: print the process's memory split (JS heap vs native) that often,
// for `bun run soak` and anyone chasing growth.
const memoryLogEvery = Number(process.env.PORTAL_MEMORY_LOG ?? 0);
if (memoryLogEvery > 0) {
  const mib = (n: number) => (n / 1048576).toFixed(1);
  setInterval(() => {
    const m = process.memoryUsage();
    console.log(
      `memory: rss ${mib(m.rss)} heapUsed ${mib(m.heapUsed)} heapTotal ${mib(m.heapTotal)} external ${mib(m.external)} arrayBuffers ${mib(m.arrayBuffers)} MiB`,
    );
  }, memoryLogEvery * 1000).unref();
}

// Refuses PORTAL_CAPTCHA_TEST=1 with NODE_ENV=production before serving anything.
(await import('../src/features/captcha')).captchaTestMode();

const { INTERNAL_runFetch } = (await import(join(root, 'dist/server/index.js'))) as {
  INTERNAL_runFetch: (env: Record<string, string | undefined>, req: Request, ...rest: unknown[]) => Promise<Response>;
};
const { isDraining, markDraining } = await import('../src/server/health');
/** `res` with `Connection: close` (a copy when its headers are immutable, as a fetched response's are). */
const closingConnection = (res: Response): Response => {
  try {
    res.headers.set('connection', 'close');
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set('connection', 'close');
    return copy;
  }
};
const env = { ...Bun.env };
const port = Number(process.env.PORT ?? 3000);
const server = Bun.serve({
  port,
  hostname: process.env.HOST ?? '0.0.0.0',
  // Slow SSR streams and uploads need more than Bun's 10 s default.
  idleTimeout: 60,
  fetch: async (req, srv) => {
    const res = await INTERNAL_runFetch(env, req, srv);
    return isDraining() ? closingConnection(res) : res;
  },
});

// Scheduled jobs (src/jobs: the insurer's delayed answers, the seal-job sweep, expiring policies):
// every instance ticks, a lease row in job_lease lets one of them run each job per period.
const { jobsEnabled } = await import('../src/server/jobs');
const scheduler = jobsEnabled() ? (await import('../src/jobs')).startPortalJobs(db) : undefined;
if (!scheduler) console.warn('Scheduled jobs are OFF (PORTAL_JOBS=0): delayed insurer answers and sweeps wait for another instance.');

if (process.env.PORTAL_LOGIN_CAPTCHA === '0') console.warn('Login captcha is OFF (PORTAL_LOGIN_CAPTCHA=0): for automated tests only.');
const url = `http://localhost:${server.port}`;
console.log(`\nMember portal ready at ${url}`);
const [demoUser] = await db.sql`SELECT id FROM "user" WHERE username = 'demo'`;
if (demoUser) {
  console.log('Demo logins (change them before going live):');
  console.log('  demo     / Demo#2026      member, all pages');
  console.log('  manager  / Manager#2026   site manager: no team, claim or file pages, no add/export');
  console.log('  operator / Operator#2026  broker operator');
}

// SIGTERM / SIGINT: a graceful stop, as a rolling upgrade needs (docs/deployment.md).
// 1. Lame duck, PORTAL_LAME_DUCK_SECONDS (default 2): still serving, but /readyz answers 503
//    "draining" and every response says `Connection: close`, so the proxy drops each keep-alive
//    connection after its answer instead of sending a request down one as the instance closes it
//    (nginx does not retry a POST that it had sent: the member would see a 502).
// 2. The listener closes (a proxy's new connections are refused, so it picks another instance),
//    requests in flight finish, running jobs finish and release their leases.
// After PORTAL_DRAIN_SECONDS (default 20) whatever is left is cut. A second signal exits at once.
const lameDuckSeconds = Number(process.env.PORTAL_LAME_DUCK_SECONDS ?? 2);
const drainSeconds = Number(process.env.PORTAL_DRAIN_SECONDS ?? 20);
let stopping = false;
const stop = async () => {
  if (stopping) process.exit(1);
  stopping = true;
  markDraining();
  const jobsDone = scheduler?.stop();
  if (lameDuckSeconds > 0) await Bun.sleep(lameDuckSeconds * 1000);
  const drained = Promise.all([server.stop(), jobsDone]);
  const done = await Promise.race([drained.then(() => true), Bun.sleep(drainSeconds * 1000).then(() => false)]);
  if (!done) console.warn(`Stopped after ${drainSeconds} s with requests or jobs still running.`);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
