/**
 * `bun scripts/jobs.ts`: the scheduler alone, without serving pages (a worker instance beside the
 * servers, and `bun run dev`, whose Waku dev server starts no jobs). Needs a migrated database
 * (`bun scripts/migrate.ts`); honours DATABASE_URL / DATA_DIR like the server. Every instance
 * claims jobs through `job_lease`, so it can run beside any number of servers.
 */
import { s3ConfigProblem } from '../src/features/upload';
import { startPortalJobs } from '../src/jobs';
import { getDb } from '../src/server/db/client';
import { jobsEnabled } from '../src/server/jobs';

const storeProblem = s3ConfigProblem();
if (storeProblem) {
  console.error(storeProblem);
  process.exit(1);
}
if (!jobsEnabled()) {
  console.warn('Scheduled jobs are OFF (PORTAL_JOBS=0): nothing to do.');
  process.exit(0);
}
const scheduler = startPortalJobs(getDb());
console.log(`Scheduled jobs running as ${scheduler.instanceId}`);
// The scheduler's timer is unref'd (a server keeps its own process alive): keep this one alive.
const keepAlive = setInterval(() => {}, 1 << 30);

const stop = async () => {
  clearInterval(keepAlive);
  await Promise.race([scheduler.stop(), Bun.sleep(5_000)]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
