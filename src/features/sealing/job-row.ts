/** A sealing job as stored (`seal_job`) and as the API shows it. */
import { num, numOrNull } from '~/server/db/client';

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

/** A `seal_job` row as its typed shape. */
export const toJob = (r: Record<string, unknown>): JobRow => ({
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

/** The job as the API shows it. */
export const viewJob = (j: JobRow): JobView => ({
  id: j.id,
  status: j.status,
  progress: j.progress,
  pages_done: j.pages_done,
  pages_total: j.pages_total,
  sealed_file_id: j.sealed_file_id,
  error: j.error,
});
