/** What a failed request rejects with, and how callers tell the kinds apart. */
import type { ApiResponse } from './options';

/**
 * Why an answered request failed: an HTTP error status, an envelope code ≠ 200001, a login
 * redirect, or a 2xx body that is not an envelope.
 */
export type ApiErrorKind = 'http' | 'code' | 'login' | 'format';

/**
 * A request that reached the server but did not succeed. `message` is the user-facing text (the
 * one the toast showed, or would have shown), so callers that turn toasts off can show it inline.
 */
export class ApiError<T = unknown> extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status. */
  readonly status: number;
  /** Envelope code, or null when the body was not an envelope. */
  readonly code: number | null;
  readonly envelope: ApiResponse<T> | null;
  readonly url: string;

  constructor(kind: ApiErrorKind, message: string, init: { status: number; url: string; envelope: ApiResponse<T> | null }) {
    super(message);
    this.kind = kind;
    this.status = init.status;
    this.url = init.url;
    this.envelope = init.envelope;
    this.code = init.envelope ? init.envelope.code : null;
  }

  get data(): T | null {
    return this.envelope ? this.envelope.data : null;
  }
}

/** Whether `e` is an {@link ApiError} (the server answered, but not with success). */
export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Cancelled: by a newer identical request or the caller's signal. Show nothing for these. */
export function isCancel(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';
}

/** The request's own timeout fired (a `TimeoutError` DOMException). */
export function isTimeout(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'TimeoutError';
}

/** fetch's own failure (no answer at all: DNS, refused, offline, CORS). */
export function isNetworkError(e: unknown): boolean {
  return e instanceof TypeError;
}
