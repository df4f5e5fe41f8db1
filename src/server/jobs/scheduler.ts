/**
 * The scheduler: periodic jobs that run once per cluster, not once per instance.
 *
 * Every job has a row in `job_lease`. On each tick an instance tries to claim every due job with
 * ONE conditional UPDATE (`next_run_at <= now` and no unexpired lease); the engine lets exactly
 * one of N racing instances change the row, and only the one whose UPDATE returned the row runs
 * the job. While it runs, the holder renews its lease; when it ends it releases the row with the
 * next due time and the outcome (`last_error`, NULL when it succeeded). An instance that dies
 * never releases: its lease runs out and another instance claims the job. A job that throws is
 * retried the next period.
 *
 * Jobs must be idempotent per period (they sweep due rows: "answer what is due", "expire what
 * ended"): a holder that stalls longer than its lease without renewing can lose the job to
 * another instance while it still runs.
 */
import { hostname } from 'node:os';
import { type Db, num, numOrNull, nowSeconds } from '~/server/db/client';
import { instanceName } from '~/server/http/trace';

export interface JobDefinition {
  /** Unique, stable name: the `job_lease` row's key (kebab-case, e.g. `insurer-answers`). */
  readonly name: string;
  /** Seconds from one run's start to the next one's (at least 1). */
  readonly everySeconds: number;
  /** How long a claim holds without renewal (renewed every third of it while the job runs). */
  readonly leaseSeconds: number;
  /** The work; `now` is the claim time in Unix seconds. A throw is recorded and retried next period. */
  run(db: Db, now: number): Promise<unknown> | unknown;
}

/** A job for {@link startScheduler}; `leaseSeconds` defaults to 60. */
export function defineJob(job: {
  name: string;
  everySeconds: number;
  leaseSeconds?: number;
  run: (db: Db, now: number) => Promise<unknown> | unknown;
}): JobDefinition {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(job.name)) throw new Error(`job name "${job.name}": use lower-case letters, digits and dashes`);
  if (!(Number.isInteger(job.everySeconds) && job.everySeconds >= 1))
    throw new Error(`job ${job.name}: everySeconds must be a whole number ≥ 1`);
  const leaseSeconds = job.leaseSeconds ?? 60;
  if (!(Number.isInteger(leaseSeconds) && leaseSeconds >= 1)) throw new Error(`job ${job.name}: leaseSeconds must be a whole number ≥ 1`);
  return { name: job.name, everySeconds: job.everySeconds, leaseSeconds, run: job.run };
}

export interface SchedulerOptions {
  /** This instance's name in `job_lease.holder`; default `<PORTAL_INSTANCE or host>:<pid>:<random>`. */
  instanceId?: string;
  /** One tick in each period of this many milliseconds, at a random point in it (default 1000); 0: no timer, call `tick()` yourself (tests). */
  tickMs?: number;
  /** Milliseconds between lease renewals of a running job; default a third of its lease. */
  renewMs?: number;
  /** The clock in Unix seconds (tests move it). */
  now?: () => number;
  /** Where failures are reported (default console.error). */
  log?: (message: string, err?: unknown) => void;
}

export interface Scheduler {
  readonly instanceId: string;
  /** Claim and start every due job; resolves with the names this instance claimed (not waiting for their runs). */
  tick(): Promise<string[]>;
  /** Resolves when every job this instance is running has finished and been released. */
  idle(): Promise<void>;
  /** Stop ticking; resolves when the running jobs have finished and been released. */
  stop(): Promise<void>;
}

/** `<PORTAL_INSTANCE or host>:<pid>:<random>`: the operator's name for the instance when it has one. */
export function defaultInstanceId(): string {
  return `${instanceName() ?? hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
}

/** Make sure every job has its row (due at once when new); keeps `every_seconds` current for the console. */
export async function registerJobs(db: Db, jobs: readonly JobDefinition[], now = nowSeconds()): Promise<void> {
  for (const job of jobs) {
    await db.sql`INSERT INTO job_lease (name, next_run_at, every_seconds, runs, failures)
      VALUES (${job.name}, ${now}, ${job.everySeconds}, 0, 0)
      ON CONFLICT (name) DO UPDATE SET every_seconds = excluded.every_seconds`;
  }
}

/**
 * Claim one job for `holder` if it is due and nobody holds an unexpired lease: one conditional
 * UPDATE; true only for the instance whose UPDATE changed the row.
 */
export async function claimJob(db: Db, job: JobDefinition, holder: string, now: number): Promise<boolean> {
  const rows = await db.sql`UPDATE job_lease SET holder = ${holder}, lease_until = ${now + job.leaseSeconds}, last_started_at = ${now}
    WHERE name = ${job.name} AND next_run_at <= ${now} AND (holder IS NULL OR lease_until < ${now})
    RETURNING name`;
  return rows.length === 1;
}

/** Start this instance's scheduler on `db`; jobs' rows are registered before the first tick. */
export function startScheduler(db: Db, jobs: readonly JobDefinition[], options: SchedulerOptions = {}): Scheduler {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`job ${job.name} is listed twice`);
    names.add(job.name);
  }
  const instanceId = options.instanceId ?? defaultInstanceId();
  const clock = options.now ?? nowSeconds;
  const log = options.log ?? ((message: string, err?: unknown) => console.error(message, err ?? ''));
  const running = new Map<string, Promise<void>>();
  let registered: Promise<void> | null = null;
  let ticking: Promise<string[]> | null = null;
  let stopped = false;
  let quietUntil = 0; // after a failing tick (database gone), log again only after a minute

  const register = () => {
    registered ??= registerJobs(db, jobs, clock()).catch((err) => {
      registered = null;
      throw err;
    });
    return registered;
  };

  async function runClaimed(job: JobDefinition, startedAt: number): Promise<void> {
    const renewMs = options.renewMs ?? Math.max(1000, Math.floor((job.leaseSeconds * 1000) / 3));
    const renew = setInterval(() => {
      db.sql`UPDATE job_lease SET lease_until = ${clock() + job.leaseSeconds} WHERE name = ${job.name} AND holder = ${instanceId}`.catch(
        (err) => log(`[jobs] ${job.name}: could not renew the lease`, err),
      );
    }, renewMs);
    renew.unref?.();
    let error: string | null = null;
    try {
      await job.run(db, startedAt);
    } catch (err) {
      error = (err instanceof Error ? err.message || err.name : String(err)).slice(0, 500) || 'error';
      log(`[jobs] ${job.name} failed (retried in ${job.everySeconds} s):`, err);
    } finally {
      clearInterval(renew);
    }
    const done = clock();
    const next = Math.max(startedAt + job.everySeconds, done);
    try {
      // Only while still the holder: an instance that lost its lease does not overwrite the new holder's row.
      await db.sql`UPDATE job_lease SET holder = NULL, lease_until = NULL, next_run_at = ${next}, last_holder = ${instanceId},
          last_finished_at = ${done}, last_error = ${error}, runs = runs + 1, failures = failures + ${error === null ? 0 : 1}
        WHERE name = ${job.name} AND holder = ${instanceId}`;
    } catch (err) {
      log(`[jobs] ${job.name}: could not release the lease (it runs out by itself)`, err);
    }
  }

  async function doTick(): Promise<string[]> {
    const claimed: string[] = [];
    try {
      await register();
      for (const job of jobs) {
        if (stopped) break;
        if (running.has(job.name)) continue; // still running here: its lease is being renewed
        const now = clock();
        if (!(await claimJob(db, job, instanceId, now))) continue;
        claimed.push(job.name);
        const run = runClaimed(job, now).finally(() => running.delete(job.name));
        running.set(job.name, run);
      }
    } catch (err) {
      if (Date.now() >= quietUntil) log('[jobs] tick failed:', err);
      quietUntil = Date.now() + 60_000;
    }
    return claimed;
  }

  const tick = (): Promise<string[]> => {
    if (stopped) return Promise.resolve([]);
    if (ticking) return ticking.then(() => []);
    ticking = doTick().finally(() => {
      ticking = null;
    });
    return ticking;
  };

  const idle = async () => {
    while (running.size > 0 || ticking) {
      if (ticking) await ticking;
      await Promise.all(running.values());
    }
  };

  // One tick in each period (whole seconds by default, as jobs fall due), at a random point inside
  // it, drawn afresh every period: the instance that ticks first after a job falls due claims it,
  // so each due run goes to an instance drawn at random. (A fixed interval let the instance whose
  // phase came first win every run; a jittered interval, 1 s ± 25 %, drifted too slowly: one
  // instance still won eight runs in a row in a CI cluster test.)
  const tickMs = options.tickMs ?? 1000;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    if (stopped) return;
    const now = Date.now();
    const nextPeriod = tickMs - (now % tickMs);
    timer = setTimeout(
      () => {
        void tick();
        schedule();
      },
      nextPeriod + Math.random() * tickMs,
    );
    timer.unref?.();
  };
  if (tickMs > 0) {
    void tick();
    schedule();
  }

  return {
    instanceId,
    tick,
    idle,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await idle();
    },
  };
}

/** One job's row, for the operators' console. Times in Unix seconds. */
export interface JobLease {
  name: string;
  everySeconds: number;
  holder: string | null;
  leaseUntil: number | null;
  nextRunAt: number;
  lastHolder: string | null;
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  lastError: string | null;
  runs: number;
  failures: number;
}

export async function listJobLeases(db: Db): Promise<JobLease[]> {
  const rows = await db.sql`SELECT * FROM job_lease ORDER BY name`;
  return rows.map((r: Record<string, unknown>) => ({
    name: String(r.name),
    everySeconds: num(r.every_seconds),
    holder: (r.holder as string | null) ?? null,
    leaseUntil: numOrNull(r.lease_until),
    nextRunAt: num(r.next_run_at),
    lastHolder: (r.last_holder as string | null) ?? null,
    lastStartedAt: numOrNull(r.last_started_at),
    lastFinishedAt: numOrNull(r.last_finished_at),
    lastError: (r.last_error as string | null) ?? null,
    runs: num(r.runs),
    failures: num(r.failures),
  }));
}

/** `PORTAL_JOBS=0` turns the scheduler off (tests that must not get background work). */
export function jobsEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return env.PORTAL_JOBS !== '0';
}
