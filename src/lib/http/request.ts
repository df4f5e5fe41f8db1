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
 *
 * The parts: options.ts (types), encode.ts (body, headers), transport.ts (timeout, retry,
 * de-duplication), outcome.ts (what an answer means, toasts), errors.ts (ApiError).
 */
import { loading as loadingIndicator } from '../notify';
import { buildHeaders, encodeBody } from './encode';
import { reportTransportFailure, settle } from './outcome';
import { DEFAULT_TIMEOUT, type ApiResponse, type Method, type RequestOptions } from './options';
import { withParams, type Params } from './params';
import { claimDuplicateKey, releaseDuplicateKey, send, type Answer } from './transport';

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
  if (key) claimDuplicateKey(key, controller);
  const onAbort = () => controller.abort(signal?.reason);
  if (signal) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', onAbort, { once: true });
  }
  if (loading) loadingIndicator.open();

  try {
    let answer: Answer;
    try {
      answer = await send(url, init, { method, controller, timeout, retry });
    } catch (e) {
      reportTransportFailure(e, showErrorMessage);
      throw e;
    }
    // Awaited here so the cleanup below waits for the login redirect as well.
    return await settle<T>(answer, rawUrl, { showErrorMessage, showCodeMessage, showSuccessMessage, successMessage });
  } finally {
    if (key) releaseDuplicateKey(key, controller);
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
