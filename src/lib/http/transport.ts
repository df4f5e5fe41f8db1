/**
 * How a request travels: one fetch under a timeout, at most one retry for safe methods, and the
 * cancellation of an identical request still in flight.
 */
import type { Method } from './options';

export const TIMEOUT_MESSAGE = 'The operation was aborted due to timeout';
export const CANCEL_MESSAGE = 'The request was cancelled by a newer identical request';
/** Never retried: repeating them could apply a change twice. */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Statuses a safe method is retried on, once. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** In-flight requests by de-duplication key. */
const inFlight = new Map<string, AbortController>();

/** Number of requests currently tracked for de-duplication (tests). */
export function inFlightCount(): number {
  return inFlight.size;
}

/** Cancels the identical request still in flight under `key`, if any, and tracks this one. */
export function claimDuplicateKey(key: string, controller: AbortController): void {
  inFlight.get(key)?.abort(new DOMException(CANCEL_MESSAGE, 'AbortError'));
  inFlight.set(key, controller);
}

/** Stops tracking `key`, unless a newer identical request has taken it over. */
export function releaseDuplicateKey(key: string, controller: AbortController): void {
  if (inFlight.get(key) === controller) inFlight.delete(key);
}

/** A response with its body already read (parsed JSON, text, or null when empty). */
export interface Answer {
  res: Response;
  body: unknown;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return null;
  const text = await res.text();
  if (!text) return null;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** One fetch, body included, under the timeout. */
async function attempt(url: string, init: RequestInit, controller: AbortController, timeout: number): Promise<Answer> {
  const timer = timeout > 0 ? setTimeout(() => controller.abort(new DOMException(TIMEOUT_MESSAGE, 'TimeoutError')), timeout) : null;
  try {
    const res = await fetch(url, { ...init, signal: controller.signal });
    const body = await readBody(res);
    return { res, body };
  } catch (e) {
    // fetch rejects with the abort reason in browsers and Bun; make sure of it either way.
    if (controller.signal.aborted) throw controller.signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
    throw e;
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/**
 * Fetches under `controller`, retrying once when `retry` is on, the method is safe and the status
 * is retryable. Rejects with the abort reason (cancel, timeout) or fetch's own error.
 */
export async function send(
  url: string,
  init: RequestInit,
  o: { method: Method; controller: AbortController; timeout: number; retry: boolean },
): Promise<Answer> {
  const { method, controller, timeout, retry } = o;
  if (controller.signal.aborted) throw controller.signal.reason;
  let answer = await attempt(url, init, controller, timeout);
  if (retry && !UNSAFE_METHODS.has(method) && RETRY_STATUSES.has(answer.res.status)) {
    answer = await attempt(url, init, controller, timeout);
  }
  return answer;
}
