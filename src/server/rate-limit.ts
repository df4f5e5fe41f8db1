/**
 * Fixed-window counters in the database, so every instance on one PostgreSQL shares them.
 * `hit()` counts one attempt and says whether it is still within the limit; `peek()` only reads.
 * Callers pass `now` (Unix seconds) so tests can move the clock.
 */
import type { SQL } from 'bun';
import { num, nowSeconds, type Db } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';

export interface Limit {
  /** What is counted, e.g. `login:ip:1.2.3.4`. */
  key: string;
  /** Attempts allowed per window. */
  max: number;
  /** Window length in seconds. */
  window: number;
}

export interface LimitState {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends (when the key may try again). */
  retryAfter: number;
}

const sqlOf = (db: Db | SQL) => ('sql' in db ? db.sql : db);
const windowStart = (now: number, window: number) => now - (now % window);

/** Count one attempt against `limit`; the count after it decides `allowed`. */
export async function hit(db: Db | SQL, limit: Limit, now = nowSeconds()): Promise<LimitState> {
  const start = windowStart(now, limit.window);
  const [row] = await sqlOf(db)`INSERT INTO rate_counter (key, window_start, count) VALUES (${limit.key}, ${start}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counter.count + 1 RETURNING count`;
  const count = num(row.count);
  return { allowed: count <= limit.max, count, retryAfter: start + limit.window - now };
}

/** The state of `limit` without counting (for "are you already over?" checks before work). */
export async function peek(db: Db | SQL, limit: Limit, now = nowSeconds()): Promise<LimitState> {
  const start = windowStart(now, limit.window);
  const [row] = await sqlOf(db)`SELECT count FROM rate_counter WHERE key = ${limit.key} AND window_start = ${start}`;
  const count = row ? num(row.count) : 0;
  return { allowed: count < limit.max, count, retryAfter: start + limit.window - now };
}

/** 429 'Too many requests, please try again in {minutes} minutes'; the API sets `Retry-After`. */
export function tooManyRequests(retryAfter: number): DomainError {
  const seconds = Math.max(1, retryAfter);
  return new DomainError('tooManyRequestsRetry', {
    status: 429,
    code: Codes.TOO_MANY,
    params: { minutes: Math.max(1, Math.ceil(seconds / 60)), seconds },
  });
}

/** Count an attempt against every limit; throws 429 with the longest wait when any is exceeded. */
export async function enforce(db: Db | SQL, limits: Limit[], now = nowSeconds()): Promise<void> {
  let wait = 0;
  for (const limit of limits) {
    const state = await hit(db, limit, now);
    if (!state.allowed) wait = Math.max(wait, state.retryAfter);
  }
  if (wait > 0) throw tooManyRequests(wait);
}

/** Throws 429 when any limit is already used up, without counting (checks before slow work). */
export async function assertWithin(db: Db | SQL, limits: Limit[], now = nowSeconds()): Promise<void> {
  let wait = 0;
  for (const limit of limits) {
    const state = await peek(db, limit, now);
    if (!state.allowed) wait = Math.max(wait, state.retryAfter);
  }
  if (wait > 0) throw tooManyRequests(wait);
}

/** Drop windows that ended more than a day ago. */
export async function purgeRateCounters(db: Db, now = nowSeconds()): Promise<void> {
  await db.sql`DELETE FROM rate_counter WHERE window_start < ${now - 2 * 86400}`;
}
