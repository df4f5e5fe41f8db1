/** What a caller passes to `request()` and what the API answers (DESIGN.md §3). */
import type { Params } from './params';

/** Per-attempt timeout when the caller gives none (10 s). */
export const DEFAULT_TIMEOUT = 10_000;

/** HTTP methods the helper sends; callers may also write them in lower case. */
export type Method = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `{code, message, data, time}` (DESIGN.md §3); `time` is Unix seconds. */
export interface ApiResponse<T = unknown> {
  code: number;
  message: string;
  data: T;
  time: number;
}

/** Options of `request()`; the shorthands on `http` take the same minus `url` and `method`. */
export interface RequestOptions {
  url: string;
  /** Default GET. */
  method?: Method | Lowercase<Method>;
  /** Query params; nested objects and arrays are flattened to `name[key]`. */
  params?: Params;
  /** Body: a plain value is sent as JSON; FormData, Blob, URLSearchParams, string as they are. */
  data?: unknown;
  /** Send a plain-object `data` as `application/x-www-form-urlencoded` (flattened like params). */
  form?: boolean;
  headers?: Record<string, string>;
  /** Milliseconds; default 10 000; 0 = no timeout. Applies to each attempt. */
  timeout?: number;
  /** Cancel an identical request still in flight (default true). */
  cancelDuplicate?: boolean;
  /** Retry once on the retryable statuses for safe methods (default true). */
  retry?: boolean;
  /** Toast for HTTP error statuses, timeouts and network failures (default true). */
  showErrorMessage?: boolean;
  /** Toast for an envelope code ≠ 200001 carrying a message (default true). */
  showCodeMessage?: boolean;
  /** Toast on success (default false). */
  showSuccessMessage?: boolean;
  /** Success toast text; else the envelope message; else 'Operation successful'. */
  successMessage?: string;
  /** Hold the global loading indicator open while the request runs (default false). */
  loading?: boolean;
  /** Caller's own cancellation; aborting it rejects with its reason, no toast. */
  signal?: AbortSignal;
}
