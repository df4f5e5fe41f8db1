/**
 * The browser's one HTTP helper for `/userapi/v1` (spec §7, §8, §9; DESIGN.md §3).
 *
 *   const { data } = await http.get<IndexData>('/userapi/v1/index/index', { requiredLogin: 1 });
 *   await http.post('/userapi/v1/sms/send', { mobile, template_code }, { showSuccessMessage: true });
 *
 * - Headers: `server: true`, `equipment: pc`, `think-lang: <html lang>`, `accept: application/json`;
 *   `ba-user-token` / `ba-user-signature` only when the client token store holds them (normally
 *   it is empty: the HttpOnly cookies go along with `credentials: 'same-origin'`; see tokens.ts).
 * - `params` are flattened to `name[key]` / `name[0]` in the query string. `data` is sent as JSON
 *   (or, with `form: true`, as a urlencoded form with the same flattening; FormData, Blob,
 *   URLSearchParams and strings are sent as they are).
 * - Timeout (default 10 s, 0 = none) rejects with `DOMException('The operation was aborted due to
 *   timeout', 'TimeoutError')` and shows 'Network request timeout!'.
 * - An identical request (method + url with query + body) still in flight is cancelled when a new
 *   one starts: the older promise rejects with an `AbortError` DOMException (`isCancel(e)`), and no
 *   notification is shown. `cancelDuplicate: false` opts out.
 * - Retry: never for POST, PUT, PATCH, DELETE; once for GET, HEAD, OPTIONS answered with 408, 409,
 *   425, 429, 500, 502, 503 or 504 (`retry: false` opts out).
 * - Outcome (resolves only with a success envelope, code 200001):
 *   - envelope code 401001 / 401200, or `data.type === 'need login'` (any HTTP status): clear the
 *     client tokens and go to `/user/login?to=<current path>` by full navigation (not when already
 *     there); no toast; rejects with ApiError kind 'login'.
 *   - other HTTP error status: the §8 text (envelope message instead for 400/401/403/409, see
 *     messages.ts) as an error toast when `showErrorMessage`; rejects with ApiError kind 'http'.
 *   - 2xx with code ≠ 200001: its message as an error toast when `showCodeMessage`; ApiError 'code'.
 *   - network failure: 'Server exception!' (or 'You are disconnected!' when offline) when
 *     `showErrorMessage`; rejects with the fetch TypeError.
 *   - success: a success toast when `showSuccessMessage` (`successMessage`, else the envelope's
 *     message, else 'Operation successful').
 * - `loading: true` holds the global loading indicator open for the request's lifetime.
 */
import { loading as loadingIndicator, notify } from '../notify';
import { endServerSession, goToLogin } from './navigate';
import { httpErrorMessage, requestMessages, statusMessage } from './messages';
import { flattenParams, withParams, type Params } from './params';
import { tokenStore } from './tokens';

export const SUCCESS_CODE = 200001;
export const LOGIN_CODES: ReadonlySet<number> = new Set([401001, 401200]);
export const DEFAULT_TIMEOUT = 10_000;
export const TIMEOUT_MESSAGE = 'The operation was aborted due to timeout';
export const CANCEL_MESSAGE = 'The request was cancelled by a newer identical request';
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export type Method = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `{code, message, data, time}` (DESIGN.md §3); `time` is Unix seconds. */
export interface ApiResponse<T = unknown> {
  code: number;
  message: string;
  data: T;
  time: number;
}

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

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Cancelled: by a newer identical request or the caller's signal. Show nothing for these. */
export function isCancel(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';
}

export function isTimeout(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'TimeoutError';
}

/** fetch's own failure (no answer at all: DNS, refused, offline, CORS). */
export function isNetworkError(e: unknown): boolean {
  return e instanceof TypeError;
}

function isEnvelope(v: unknown): v is ApiResponse {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';
}

function needsLogin(env: ApiResponse | null): boolean {
  if (!env) return false;
  if (LOGIN_CODES.has(env.code)) return true;
  const data = env.data as { type?: unknown } | null;
  return typeof data === 'object' && data !== null && data.type === 'need login';
}

function isRawBody(v: unknown): v is BodyInit {
  return (
    typeof v === 'string' ||
    (typeof FormData !== 'undefined' && v instanceof FormData) ||
    (typeof Blob !== 'undefined' && v instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && v instanceof URLSearchParams) ||
    v instanceof ArrayBuffer ||
    ArrayBuffer.isView(v)
  );
}

interface Encoded {
  body: BodyInit | undefined;
  contentType: string | null;
  /** Part of the de-duplication key; null = cannot be compared (never de-duplicated). */
  key: string | null;
}

function encodeBody(data: unknown, form: boolean | undefined): Encoded {
  if (data === undefined) return { body: undefined, contentType: null, key: '' };
  if (typeof data === 'string') return { body: data, contentType: null, key: data };
  if (data instanceof URLSearchParams) return { body: data, contentType: null, key: data.toString() };
  if (isRawBody(data)) return { body: data, contentType: null, key: null };
  if (form) {
    const body = new URLSearchParams(flattenParams(data as Params)).toString();
    return { body, contentType: 'application/x-www-form-urlencoded;charset=UTF-8', key: body };
  }
  const body = JSON.stringify(data);
  return { body, contentType: 'application/json', key: body };
}

function buildHeaders(extra: Record<string, string> | undefined, contentType: string | null): Headers {
  const h = new Headers();
  h.set('accept', 'application/json, text/plain, */*');
  h.set('server', 'true');
  h.set('equipment', 'pc');
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (lang) h.set('think-lang', lang);
  const { token, signature } = tokenStore.get();
  if (token) h.set('ba-user-token', token);
  if (signature) h.set('ba-user-signature', signature);
  if (contentType) h.set('content-type', contentType);
  for (const [k, v] of Object.entries(extra ?? {})) h.set(k, v);
  return h;
}

/** In-flight requests by de-duplication key. */
const inFlight = new Map<string, AbortController>();

/** Number of requests currently tracked for de-duplication (tests). */
export function inFlightCount(): number {
  return inFlight.size;
}

interface Answer {
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
  const timer =
    timeout > 0 ? setTimeout(() => controller.abort(new DOMException(TIMEOUT_MESSAGE, 'TimeoutError')), timeout) : null;
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

function showError(message: string, enabled: boolean): void {
  if (enabled && message) notify({ type: 'error', message });
}

/** Send a request and resolve with its success envelope (see the module comment for the rules). */
export async function request<T = unknown>(options: RequestOptions): Promise<ApiResponse<T>> {
  const {
    url: rawUrl,
    params,
    data,
    form,
    headers,
    timeout = DEFAULT_TIMEOUT,
    cancelDuplicate = true,
    retry = true,
    showErrorMessage = true,
    showCodeMessage = true,
    showSuccessMessage = false,
    successMessage,
    loading = false,
    signal,
  } = options;
  const method = (options.method ?? 'GET').toUpperCase() as Method;
  const url = withParams(rawUrl, params);
  const encoded = encodeBody(data, form);
  const init: RequestInit = {
    method,
    headers: buildHeaders(headers, encoded.contentType),
    body: encoded.body,
    credentials: 'same-origin',
  };

  const controller = new AbortController();
  const key = cancelDuplicate && encoded.key !== null ? `${method} ${url} ${encoded.key}` : null;
  if (key) {
    inFlight.get(key)?.abort(new DOMException(CANCEL_MESSAGE, 'AbortError'));
    inFlight.set(key, controller);
  }
  const onAbort = () => controller.abort(signal?.reason);
  if (signal) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', onAbort, { once: true });
  }
  if (loading) loadingIndicator.open();

  try {
    let answer: Answer;
    try {
      if (controller.signal.aborted) throw controller.signal.reason;
      answer = await attempt(url, init, controller, timeout);
      if (retry && !UNSAFE_METHODS.has(method) && RETRY_STATUSES.has(answer.res.status)) {
        answer = await attempt(url, init, controller, timeout);
      }
    } catch (e) {
      if (isCancel(e)) throw e;
      const m = requestMessages();
      if (isTimeout(e)) showError(m.timeout, showErrorMessage);
      else showError(typeof navigator !== 'undefined' && navigator.onLine === false ? m.offline : m.network, showErrorMessage);
      throw e;
    }

    const { res, body } = answer;
    const envelope = isEnvelope(body) ? (body as ApiResponse<T>) : null;

    if (needsLogin(envelope)) {
      tokenStore.clear();
      await endServerSession();
      goToLogin();
      throw new ApiError<T>('login', envelope!.message || statusMessage(401, rawUrl), { status: res.status, url: rawUrl, envelope });
    }
    if (!res.ok) {
      const message = httpErrorMessage(res.status, rawUrl, envelope?.message);
      showError(message, showErrorMessage);
      throw new ApiError<T>('http', message, { status: res.status, url: rawUrl, envelope });
    }
    if (!envelope) {
      const message = requestMessages().other;
      showError(message, showErrorMessage);
      throw new ApiError<T>('format', message, { status: res.status, url: rawUrl, envelope: null });
    }
    if (envelope.code !== SUCCESS_CODE) {
      const message = envelope.message || requestMessages().other;
      if (envelope.message) showError(envelope.message, showCodeMessage);
      throw new ApiError<T>('code', message, { status: res.status, url: rawUrl, envelope });
    }
    if (showSuccessMessage) {
      notify({ type: 'success', message: successMessage || envelope.message || requestMessages().success });
    }
    return envelope;
  } finally {
    if (key && inFlight.get(key) === controller) inFlight.delete(key);
    signal?.removeEventListener('abort', onAbort);
    if (loading) loadingIndicator.close();
  }
}

type Shortcut = Omit<RequestOptions, 'url' | 'method'>;

/** Shorthands: `get/delete(url, params?, options?)`, `post/put/patch(url, data?, options?)`. */
export const http = {
  request,
  get: <T = unknown>(url: string, params?: Params, options?: Shortcut) => request<T>({ ...options, url, method: 'GET', params }),
  delete: <T = unknown>(url: string, params?: Params, options?: Shortcut) => request<T>({ ...options, url, method: 'DELETE', params }),
  post: <T = unknown>(url: string, data?: unknown, options?: Shortcut) => request<T>({ ...options, url, method: 'POST', data }),
  put: <T = unknown>(url: string, data?: unknown, options?: Shortcut) => request<T>({ ...options, url, method: 'PUT', data }),
  patch: <T = unknown>(url: string, data?: unknown, options?: Shortcut) => request<T>({ ...options, url, method: 'PATCH', data }),
};
