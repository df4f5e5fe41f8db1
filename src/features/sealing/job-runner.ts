/**
 * The sealing job runner. Any instance claims a job with a conditional UPDATE (queued, or running
 * but silent for 60 s, fewer than 3 attempts), stamps it in the Worker, stores the bytes and, in
 * one transaction, the `sealed_file` row and the job's `done`. A failure stores no sealed file.
 */
import { findOwnFile, readFileBytes, type StorageAdapter, storeServerFile } from '~/features/upload';
import { num, nowSeconds, type Db } from '~/server/db/client';
import { writeAudit } from '~/server/audit';
import { sha256Hex } from './documents';
import { type JobRow, toJob } from './job-row';
import { CODE_ALPHABET, formatCode } from './schemas';
import { findSeal, sealImage } from './seals';
import { runStamp } from './stamp-runner';

/** A running job whose heartbeat is older than this is taken over by another claim. */
export const SILENT_SECONDS = 60;
export const MAX_ATTEMPTS = 3;

const INSTANCE = crypto.randomUUID();

/** A random 12-character code from the alphabet (no 0/O/1/I). */
export function newCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

const draining = new WeakMap<Db, Promise<void>>();

/**
 * Start claiming jobs in the background (never awaited by a request). Jobs left silent by a
 * crashed instance are taken over by the scheduler's `sealing-sweep` job (src/jobs), every 30 s.
 */
export function kickJobs(db: Db, storage: StorageAdapter): void {
  if (draining.has(db)) return;
  const run = drainJobs(db, storage)
    .then(() => undefined)
    .catch((err) => console.error('[sealing] job runner:', err))
    .finally(() => draining.delete(db));
  draining.set(db, run);
}

/** Wait for this process's runner on `db` to go idle (tests, the demo seed). */
export async function settleJobs(db: Db): Promise<void> {
  while (draining.has(db)) await draining.get(db);
}

/** Run claimable jobs until none is left (for tests and scripts: await the queue). */
export async function drainJobs(db: Db, storage: StorageAdapter, now: () => number = nowSeconds): Promise<number> {
  let ran = 0;
  for (;;) {
    await failExhausted(db, now());
    const job = await claimJob(db, now());
    if (!job) return ran;
    await runJob(db, storage, job);
    ran++;
  }
}

/** Jobs silent for 60 s after their last attempt fail (stored nothing). */
async function failExhausted(db: Db, now: number): Promise<void> {
  await db.sql`UPDATE seal_job SET status = 'failed', error = 'sealing.jobSilent', updated_at = ${now}
    WHERE status = 'running' AND heartbeat_at < ${now - SILENT_SECONDS} AND attempts >= ${MAX_ATTEMPTS}`;
}

/** Claim the oldest claimable job with a conditional UPDATE (one winner among instances). */
export async function claimJob(db: Db, now: number): Promise<JobRow | null> {
  const stale = now - SILENT_SECONDS;
  const [r] = await db.sql`UPDATE seal_job SET status = 'running', attempts = attempts + 1, claimed_by = ${INSTANCE},
      heartbeat_at = ${now}, updated_at = ${now}
    WHERE id = (SELECT id FROM seal_job WHERE (status = 'queued' OR (status = 'running' AND heartbeat_at < ${stale}))
        AND attempts < ${MAX_ATTEMPTS} ORDER BY id LIMIT 1)
      AND (status = 'queued' OR (status = 'running' AND heartbeat_at < ${stale})) AND attempts < ${MAX_ATTEMPTS}
    RETURNING *`;
  return r ? toJob(r) : null;
}

function portalUrl(): string {
  return (process.env.PORTAL_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, '');
}

async function runJob(db: Db, storage: StorageAdapter, job: JobRow): Promise<void> {
  const mine = { id: job.id, attempt: job.attempts };
  const fail = async (key: string) => {
    await db.sql`UPDATE seal_job SET status = 'failed', error = ${key}, updated_at = ${nowSeconds()}
      WHERE id = ${mine.id} AND claimed_by = ${INSTANCE} AND attempts = ${mine.attempt} AND status = 'running'`;
  };
  try {
    const input = job.input;
    const source = await findOwnFile(db, job.user_id, input.file_id);
    const seal = await findSeal(db, input.seal_id);
    const pdf = source ? await readFileBytes(storage, source) : null;
    const png = seal ? await sealImage(db, storage, seal) : null;
    if (!source || !seal || !pdf || !png) return fail('sealing.fileMissing');
    const code = input.code ?? newCode();
    let last = 0;
    const bytes = await runStamp({
      pdf,
      sealPng: png,
      diameterMm: seal.diameter_mm,
      plan: { stamps: input.stamps, every_page: input.every_page, cross_page: input.cross_page },
      code: formatCode(code),
      verifyBase: portalUrl(),
      onProgress: (done, total) => {
        // Progress doubles as the heartbeat; written at most every 0.5 s.
        if (Date.now() - last < 500 && done < total) return;
        last = Date.now();
        const progress = Math.min(99, Math.floor((done / total) * 100));
        db.sql`UPDATE seal_job SET progress = ${progress}, pages_done = ${done}, pages_total = ${total}, heartbeat_at = ${nowSeconds()}
          WHERE id = ${mine.id} AND claimed_by = ${INSTANCE} AND attempts = ${mine.attempt} AND status = 'running'`.catch(() => {});
      },
    });
    const sha256 = sha256Hex(bytes);
    const base = source.name.replace(/\.pdf$/i, '');
    const out = await storeServerFile(db, storage, {
      userId: job.user_id,
      topic: 'sealed',
      name: `${base}-sealed.pdf`,
      mime: 'application/pdf',
      bytes,
    });
    const sourceSha = sha256Hex(pdf);
    const stampCount = input.stamps.length + (input.every_page ? job.pages_total : 0);
    await db.sql.begin(async (tx) => {
      const [claimed] =
        await tx`SELECT id FROM seal_job WHERE id = ${mine.id} AND claimed_by = ${INSTANCE} AND attempts = ${mine.attempt} AND status = 'running'`;
      if (!claimed) return; // another instance took the job over; its run records the file
      const now = nowSeconds();
      const [file] =
        await tx`INSERT INTO sealed_file (user_id, job_id, code, name, pages, seal_id, seal_name, company_name, stamps, stamp_count,
          cross_page, source_file_id, source_sha256, file_id, sha256, size, status, created_at)
        VALUES (${job.user_id}, ${job.id}, ${code}, ${source.name}, ${job.pages_total}, ${seal.id}, ${seal.name}, ${seal.company_name},
          ${JSON.stringify({ stamps: input.stamps, every_page: input.every_page, cross_page: input.cross_page })}, ${stampCount},
          ${input.cross_page ? 1 : 0}, ${source.id}, ${sourceSha}, ${out.id}, ${sha256}, ${bytes.byteLength}, 'sealed', ${now})
        RETURNING id`;
      await tx`UPDATE seal_job SET status = 'done', progress = 100, pages_done = pages_total, sealed_file_id = ${num(file.id)},
          heartbeat_at = ${now}, updated_at = ${now} WHERE id = ${mine.id}`;
      await writeAudit(tx, {
        userId: job.user_id,
        action: 'seal.file',
        detail: { sealed_file_id: num(file.id), code, sha256, seal_id: seal.id },
      });
    });
  } catch (err) {
    console.error(`[sealing] job ${job.id} failed:`, err);
    await fail('sealing.jobFailed').catch(() => {});
  }
}
