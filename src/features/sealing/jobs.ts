/**
 * Sealing jobs. POST /seal/file/seal checks everything it can at once (file, seal, placements),
 * then records a `seal_job` (one per member + request_id) and returns after at most 1 s; the
 * runner (`job-runner.ts`) stamps it.
 */
import type { StorageAdapter } from '~/features/upload';
import { num, nowSeconds, type Db } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { checkOwnPdf, sha256Hex } from './documents';
import { badInput, conflict, notFound } from './errors';
import { type JobRow, type JobView, type StoredInput, toJob, viewJob } from './job-row';
import { kickJobs } from './job-runner';
import type { SealFileInput } from './schemas';
import { findSeal, sealOwnerOf } from './seals';
import { mmToPt } from './stamp';

/** Open (queued or running) jobs a member may have at once. */
export const MAX_OPEN_JOBS = 10;
/** How long POST /seal/file/seal waits for the job before answering. */
export const SEAL_WAIT_MS = 1000;

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
