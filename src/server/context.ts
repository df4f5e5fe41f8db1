import { AsyncLocalStorage } from 'node:async_hooks';
import type { Locale, Theme } from '~/lib/types';
import type { SessionProblem } from '~/server/session/resolve';

/** The signed-in member behind a request, as resolved by the session middleware. */
export interface Session {
  userId: number;
  /** Row id of the token that authenticated the request (auth or signature token). */
  tokenId: number;
  via: 'token' | 'signature';
  /** Set while an operator views this member's centre read-only (decision 0016): writes are refused. */
  viewAs?: ViewAsInfo;
}

/** The view-as session behind a request whose session is a member's seen by an operator. */
export interface ViewAsInfo {
  /** Row id in `view_as_session`. */
  id: number;
  /** The operator looking. */
  operatorId: number;
  /** When it ends by itself (Unix seconds). */
  expiresAt: number;
}

/**
 * Per-request data opened by middleware (`src/middleware/20-context.ts`) and read by
 * pages, layouts, server actions and interceptors. Waku 1.0 has no context storage of
 * its own, so this is the one place for it.
 */
export interface RequestContext {
  requestId: string;
  /** CSP nonce for inline scripts of this response. */
  nonce: string;
  locale: Locale;
  theme: Theme;
  /** The browser's IANA time zone once it told us (cookie `ba-tz`), else null. */
  browserTimeZone: string | null;
  url: URL;
  /** The page path the request is for: `/user/x` for both `GET /user/x` and `GET /RSC/R/user/x.txt`. */
  pathname: string;
  session: Session | null;
  /** The member's data version read with the session (decision 0009), 0 without one. */
  dataVersion?: number;
  /** Why a presented token did not give a session (drives 401001 vs 401200). */
  sessionProblem: SessionProblem;
  /** The client's address as the API sees it (`clientIp`), for per-IP limits of page lookups. */
  ip: string;
  /** HTTP status a page asked for (e.g. 403 for a page the member's group lacks). */
  status?: number;
}

export const requestStore = new AsyncLocalStorage<RequestContext>();

/** The current request's context; throws outside a request (e.g. during `waku build`). */
export function getRequestContext(): RequestContext {
  const ctx = requestStore.getStore();
  if (!ctx) throw new Error('No request context: called outside an HTTP request');
  return ctx;
}

/** The current request's context, or undefined during the build's prerender pass. */
export function tryRequestContext(): RequestContext | undefined {
  return requestStore.getStore();
}

/**
 * A page found no record for its id (missing, deleted or someone else's): its document answers
 * HTTP 404 with the notice inside the shell (the guard middleware applies the status once the page
 * has rendered).
 */
export function markRecordNotFound(): void {
  const ctx = tryRequestContext();
  if (ctx) ctx.status = 404;
}
