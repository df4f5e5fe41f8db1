import type { Context, ErrorHandler, MiddlewareHandler, NotFoundHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { errorEnvelope, plainEnvelope } from '~/features/_shared/envelope';
import { UPLOAD_PATH } from '~/features/upload';
import { resolveLocale } from '~/lib/locale';
import type { Db } from '~/server/db/client';
import { Codes, DomainError, isDomainError } from '~/server/errors';
import type { ApiEnv } from '~/server/http/api-env';
import { readBody } from '~/server/http/body';
import { parseNestedQuery } from '~/server/http/query';
import { isSameOrigin } from '~/server/http/same-origin';
import { requestIdOf } from '~/server/http/trace';
import { API_BASE, clientIp, readCredentials, requestMeta, resolveSession, usesCookieAuth, viewAsRefusesWrite } from '~/server/session';
import { withConfigScope } from '~/server/site-config';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes that read their own body as a stream under their own size cap (uploads): the pipeline
 * leaves the body unread and sets `body` to `{}`.
 */
export const STREAMING_PATHS: ReadonlySet<string> = new Set([
  `${API_BASE}${UPLOAD_PATH}`,
  `${API_BASE}/seal/verify/file`,
  // The staff list of a roster reconciliation (endorse area's reconcile-routes.ts).
  `${API_BASE}/endorse/reconcile`,
]);

const localeOf = (c: Context<ApiEnv>) =>
  c.get('locale') ??
  // Accept-Language is ignored on purpose: the spec's default is zh-cn unless ba-lang says otherwise.
  resolveLocale({ cookie: getCookie(c, 'ba-lang'), header: c.req.header('think-lang') });

/**
 * Domain errors become their envelope and status. Anything else is our fault: 500 with
 * 'Server internal error!' and the request id in the envelope, the stack logged once with that
 * id and never sent.
 */
export const apiErrorHandler: ErrorHandler<ApiEnv> = (err, c) => {
  const locale = localeOf(c);
  if (isDomainError(err)) {
    // A 429 says when to come back (seconds), for clients and proxies alike.
    const wait = err.status === 429 ? Number(err.params?.seconds ?? Number(err.params?.minutes ?? 0) * 60) : 0;
    if (wait > 0) c.header('retry-after', String(wait));
    return c.json(errorEnvelope(locale, err), err.status as 400);
  }
  const requestId = c.get('requestId') ?? requestIdOf(c.req.raw);
  console.error(`[req ${requestId}] api: unhandled error on ${c.req.method} ${c.req.path}:`, err);
  return c.json(plainEnvelope(locale, Codes.SERVER_ERROR, 'serverError', undefined, { request_id: requestId }), 500);
};

export const apiNotFound: NotFoundHandler<ApiEnv> = (c) =>
  c.json(plainEnvelope(localeOf(c), Codes.NOT_FOUND, 'notFound', { url: c.req.path }), 404);

/**
 * Runs before every route: locale, database, query, client IP and credentials; the same-origin
 * rule for cookie-authenticated writes (and for login, which sets the cookie: login CSRF); the
 * session; and the body of a write, read once by the shared body reader (except on
 * STREAMING_PATHS, whose handler reads it).
 */
export function apiRequestPipeline(getDb: () => Db): MiddlewareHandler<ApiEnv> {
  // One configuration-version check per request (site, rules, groups), however many reads follow.
  return (c, next) => withConfigScope(() => pipelineStep(c, next));
  async function pipelineStep(c: Parameters<MiddlewareHandler<ApiEnv>>[0], next: () => Promise<void>) {
    c.set('requestId', requestIdOf(c.req.raw));
    c.set('locale', localeOf(c));
    c.set('db', getDb());
    c.set('query', parseNestedQuery(new URL(c.req.url).searchParams));
    c.set('ip', clientIp(c));
    const creds = readCredentials(c);
    c.set('creds', creds);
    const write = WRITES.has(c.req.method);
    if (write && (usesCookieAuth(creds) || c.req.path.endsWith('/user/login')) && !isSameOrigin(c.req.raw)) {
      throw new DomainError('crossOrigin', { status: 403, code: Codes.CROSS_ORIGIN });
    }
    c.set(
      'auth',
      creds.token || creds.signature
        ? await resolveSession(c.get('db'), { token: creds.token, signature: creds.signature, viewAs: creds.viewAs }, requestMeta(c))
        : { session: null, problem: 'missing' },
    );
    // An operator viewing a member's centre reads only (decision 0016): every write but "End" is refused here.
    if (viewAsRefusesWrite(c.get('auth').session, c.req.method, c.req.path)) {
      throw new DomainError('viewAs.readOnly', { status: 403, code: Codes.FORBIDDEN });
    }
    // `server` and `equipment` headers (spec §7) are accepted; nothing depends on them yet.
    c.set('body', write && !STREAMING_PATHS.has(c.req.path) ? await readBody(c.req.raw) : {});
    await next();
  }
}
