/**
 * What an answer (or its absence) means for the caller and the user: success, login redirect,
 * or an ApiError, with the toast each outcome shows (spec §8, §9).
 */
import { notify } from '../notify';
import { ApiError, isCancel, isTimeout } from './errors';
import { httpErrorMessage, requestMessages, statusMessage } from './messages';
import { endServerSession, goToLogin } from './navigate';
import type { ApiResponse } from './options';
import { tokenStore } from './tokens';
import type { Answer } from './transport';

/** The envelope code of a successful request. */
export const SUCCESS_CODE = 200001;
/** Envelope codes that mean "log in (again)": not logged in, login expired. */
export const LOGIN_CODES: ReadonlySet<number> = new Set([401001, 401200]);

/** The toast switches and texts of `RequestOptions`, defaults already applied. */
export interface OutcomeOptions {
  showErrorMessage: boolean;
  showCodeMessage: boolean;
  showSuccessMessage: boolean;
  successMessage?: string;
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

function showError(message: string, enabled: boolean): void {
  if (enabled && message) notify({ type: 'error', message });
}

/**
 * The spec §8 text for any failed request, for forms that show errors inline: the server's
 * message when it answered, else the timeout, 'You are disconnected!' offline, or 'Server exception!'.
 */
export function failureMessage(e: unknown): string {
  if (e instanceof ApiError && e.message) return e.message;
  const m = requestMessages();
  if (isTimeout(e)) return m.timeout;
  return typeof navigator !== 'undefined' && navigator.onLine === false ? m.offline : m.network;
}

/** Toast for a request that got no answer (timeout, network, offline); cancellations stay silent. */
export function reportTransportFailure(e: unknown, showErrorMessage: boolean): void {
  if (isCancel(e)) return;
  showError(failureMessage(e), showErrorMessage);
}

/**
 * Resolves with the success envelope or rejects with an ApiError; a login outcome clears the
 * tokens and leaves for the login page first. `url` is the one the caller gave, before
 * `params` were added (messages and ApiError.url show it).
 */
export async function settle<T>(answer: Answer, url: string, o: OutcomeOptions): Promise<ApiResponse<T>> {
  const { res, body } = answer;
  const envelope = isEnvelope(body) ? (body as ApiResponse<T>) : null;

  if (needsLogin(envelope)) {
    tokenStore.clear();
    await endServerSession();
    goToLogin();
    throw new ApiError<T>('login', envelope!.message || statusMessage(401, url), { status: res.status, url, envelope });
  }
  if (!res.ok) {
    const message = httpErrorMessage(res.status, url, envelope?.message);
    showError(message, o.showErrorMessage);
    throw new ApiError<T>('http', message, { status: res.status, url, envelope });
  }
  if (!envelope) {
    const message = requestMessages().other;
    showError(message, o.showErrorMessage);
    throw new ApiError<T>('format', message, { status: res.status, url, envelope: null });
  }
  if (envelope.code !== SUCCESS_CODE) {
    const message = envelope.message || requestMessages().other;
    if (envelope.message) showError(envelope.message, o.showCodeMessage);
    throw new ApiError<T>('code', message, { status: res.status, url, envelope });
  }
  if (o.showSuccessMessage) {
    notify({ type: 'success', message: o.successMessage || envelope.message || requestMessages().success });
  }
  return envelope;
}
