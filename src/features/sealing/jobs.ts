/**
 * Sealing jobs. POST /seal/file/seal checks everything it can at once (file, seal, placements),
 * then records a `seal_job` (one per member + request_id) and returns after at most 1 s. Any
 * instance claims a job with a conditional UPDATE (queued, or running but silent for 60 s, fewer
 * than 3 attempts), stamps it in the Worker, stores the bytes and, in one transaction, the
 * `sealed_file` row and the job's `done`. A failure stores no sealed file.
 */
import { findOwnFile, readFileBytes, type StorageAdapter, storeServerFile } from '~/features/upload';
import { num, numOrNull, nowSeconds, type Db } from '~/server/db/client';
import { writeAudit } from '~/server/audit';
import { Codes, DomainError } from '~/server/errors';
import { checkOwnPdf, sha256Hex } from './documents';
import { badInput, conflict, notFound } from './errors';
import { CODE_ALPHABET, formatCode, type SealFileInput } from './schemas';
import { findSeal, sealImage, sealOwnerOf } from './seals';
import { mmToPt } from './stamp';
import { runStamp } from './stamp-runner';

/** Open (queued or running) jobs a member may have at once. */
export const MAX_OPEN_JOBS = 10;
/** A running job whose heartbeat is older than this is taken over by another claim. */
export const SILENT_SECONDS = 60;
export const MAX_ATTEMPTS = 3;
/** How long POST /seal/file/seal waits for the job before answering. */
export const SEAL_WAIT_MS = 1000;

const INSTANCE = crypto.randomUUID();

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobRow {
  id: number;
  user_id: number;
  request_id: string;
  body_hash: string;
  input: StoredInput;
  status: JobStatus;
  progress: number;
  pages_done: number;
  pages_total: number;
  attempts: number;
  claimed_by: string;
  heartbeat_at: number;
  error: string;
  sealed_file_id: number | null;
  created_at: number;
}

/** What the job keeps of the request (plus what was resolved when it was accepted). */
export interface StoredInput {
  file_id: number;
  seal_id: number;
  stamps: { page: number; x: number; y: number }[];
  every_page: { x: number; y: number } | null;
  cross_page: { y: number } | null;
  /** A fixed code (demo data only); otherwise one is drawn at random. */
  code?: string;
}

/** What the API shows of a job. */
export interface JobView {
  id: number;
  status: JobStatus;
  progress: number;
  pages_done: number;
  pages_total: number;
  sealed_file_id: number | null;
  error: string;
}

const toJob = (r: Record<string, unknown>): JobRow => ({
  id: num(r.id),
  user_id: num(r.user_id),
  request_id: String(r.request_id),
  body_hash: String(r.body_hash),
  input: JSON.parse(String(r.input)) as StoredInput,
  status: String(r.status) as JobStatus,
  progress: num(r.progress),
  pages_done: num(r.pages_done),
  pages_total: num(r.pages_total),
  attempts: num(r.attempts),
  claimed_by: String(r.claimed_by ?? ''),
  heartbeat_at: num(r.heartbeat_at),
  error: String(r.error ?? ''),
  sealed_file_id: numOrNull(r.sealed_file_id),
  created_at: num(r.created_at),
});

export const viewJob = (j: JobRow): JobView => ({
  id: j.id,
  status: j.status,
  progress: j.progress,
  pages_done: j.pages_done,
  pages_total: j.pages_total,
  sealed_file_id: j.sealed_file_id,
  error: j.error,
});

/** A random 12-character code from the alphabet (no 0/O/1/I). */
export function newCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

/** The body as it identifies a request: same request_id with another hash is a conflict. */
function bodyHash(input: Omit<SealFileInput, 'request_id'>): string {
  const canonical = {
    file_id: input.file_id,
    seal_id: input.seal_id,
    stamps: input.stamps.map((s) => [s.page, s.x, s.y]),
    every_page: input.every_page ? [input.every_page.x, input.every_page.y] : null,
    cross_page: input.cross_page ? [input.cross_page.y] : null,
  };
  return sha256Hex(new TextEncoder().encode(JSON.stringify(canonical)));
}

async function findJobByRequest(db: Db, userId: number, requestId: string): Promise<JobRow | null> {
  const [r] = await db.sql`SELECT * FROM seal_job WHERE user_id = ${userId} AND request_id = ${requestId}`;
  return r ? toJob(r) : null;
}

/** The job if it is the member's (404 otherwise). */
export async function getOwnJob(db: Db, userId: number, id: number): Promise<JobRow> {
  const [r] = Number.isSafeInteger(id) ? await db.sql`SELECT * FROM seal_job WHERE id = ${id} AND user_id = ${userId}` : [];
  if (!r) throw notFound();
  return toJob(r);
}

/** Whether a seal of `diameterMm` centred at (x, y) (fractions from top-left) lies fully on a w × h page. */
export function fitsOnPage(p: { x: number; y: number }, size: { w: number; h: number }, diameterMm: number): boolean {
  const r = mmToPt(diameterMm) / 2;
  const eps = 1e-6;
  return p.x * size.w - r >= -eps && p.x * size.w + r <= size.w + eps && p.y * size.h - r >= -eps && p.y * size.h + r <= size.h + eps;
}

/**
 * POST /seal/file/seal: the job for this request_id (the same one on a retry; 409 when the body
 * differs), after checking the file (404/413/400), the seal (404, 409 `{status}` unless approved)
 * and every placement (400). At most {@link MAX_OPEN_JOBS} open jobs (429).
 */
export async function createSealJob(
  db: Db,
  storage: StorageAdapter,
  member: { id: number; parent_id: number | null },
  input: SealFileInput,
  opts: { code?: string; waitMs?: number; kick?: boolean } = {},
): Promise<JobView> {
  const hash = bodyHash(input);
  const existing = await findJobByRequest(db, member.id, input.request_id);
  if (existing) {
    if (existing.body_hash !== hash) throw conflict('sealing.requestReused');
    return waitForJob(db, existing.id, opts.waitMs ?? SEAL_WAIT_MS);
  }
  const pdf = await checkOwnPdf(db, storage, member.id, input.file_id);
  const seal = await findSeal(db, input.seal_id);
  if (!seal || seal.user_id !== sealOwnerOf(member)) throw notFound();
  if (seal.status !== 'approved') throw conflict('sealing.sealUnusable', { status: seal.status });
  for (const [i, s] of input.stamps.entries()) {
    const size = pdf.page_sizes[s.page - 1];
    if (!size) throw badInput('sealing.pageMissing', `stamps.${i}.page`, { page: s.page });
    if (!fitsOnPage(s, size, seal.diameter_mm)) throw badInput('sealing.stampOffPage', `stamps.${i}`);
  }
  if (input.every_page && !pdf.page_sizes.every((size) => input.every_page && fitsOnPage(input.every_page, size, seal.diameter_mm))) {
    throw badInput('sealing.stampOffPage', 'every_page');
  }
  if (input.cross_page) {
    if (pdf.pages < 2) throw badInput('sealing.crossPageTwoPages', 'cross_page');
    const cp = input.cross_page;
    if (!pdf.page_sizes.every((size) => fitsOnPage({ x: 0.5, y: cp.y }, size, seal.diameter_mm))) {
      throw badInput('sealing.stampOffPage', 'cross_page');
    }
  }
  const [{ n }] = await db.sql`SELECT COUNT(*) AS n FROM seal_job WHERE user_id = ${member.id} AND status IN ('queued', 'running')`;
  if (num(n) >= MAX_OPEN_JOBS) throw new DomainError('sealing.tooManyJobs', { status: 429, code: Codes.TOO_MANY });
  const stored: StoredInput = {
    file_id: input.file_id,
    seal_id: input.seal_id,
    stamps: input.stamps,
    every_page: input.every_page,
    cross_page: input.cross_page,
    ...(opts.code ? { code: opts.code } : {}),
  };
  const now = nowSeconds();
  const [row] = await db.sql`INSERT INTO seal_job (user_id, request_id, body_hash, input, status, pages_total, created_at, updated_at)
    VALUES (${member.id}, ${input.request_id}, ${hash}, ${JSON.stringify(stored)}, 'queued', ${pdf.pages}, ${now}, ${now})
    ON CONFLICT (user_id, request_id) DO NOTHING RETURNING id`;
  let jobId: number;
  if (row) jobId = num(row.id);
  else {
    // A concurrent request with the same request_id won the insert.
    const winner = await findJobByRequest(db, member.id, input.request_id);
    if (!winner) throw new Error('seal_job insert conflicted but no row holds its request_id');
    if (winner.body_hash !== hash) throw conflict('sealing.requestReused');
    jobId = winner.id;
  }
  if (opts.kick !== false) kickJobs(db, storage);
  return waitForJob(db, jobId, opts.waitMs ?? SEAL_WAIT_MS);
}

/** Poll the job until it ends or `ms` pass. */
export async function waitForJob(db: Db, id: number, ms: number): Promise<JobView> {
  const until = Date.now() + ms;
  for (;;) {
    const [r] = await db.sql`SELECT * FROM seal_job WHERE id = ${id}`;
    const job = toJob(r);
    if (job.status === 'done' || job.status === 'failed' || Date.now() >= until) return viewJob(job);
    await Bun.sleep(Math.min(50, Math.max(1, until - Date.now())));
  }
}

/** GET /seal/job: the member's job; a poll also lets this instance pick up silent jobs. */
export async function pollJob(db: Db, storage: StorageAdapter, userId: number, id: number): Promise<JobView> {
  const job = await getOwnJob(db, userId, id);
  if (job.status === 'queued' || job.status === 'running') kickJobs(db, storage);
  return viewJob(job);
}

// ---------------------------------------------------------------------------------------------
// The runner: claims and runs jobs in this process.

const draining = new WeakMap<Db, Promise<void>>();
const sweepers = new WeakMap<Db, ReturnType<typeof setInterval>>();

/** Start claiming jobs in the background (never awaited by a request). */
export function kickJobs(db: Db, storage: StorageAdapter): void {
  if (!sweepers.has(db)) {
    // Another instance's crash leaves a running job silent: look for such jobs every 30 s. The
    // sweeper stops when its database is gone (closed in tests).
    const timer = setInterval(() => {
      if (draining.has(db)) return;
      const run = drainJobs(db, storage)
        .then(() => undefined)
        .catch(() => clearInterval(timer))
        .finally(() => draining.delete(db));
      draining.set(db, run);
    }, SILENT_SECONDS * 500);
    timer.unref?.();
    sweepers.set(db, timer);
  }
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
