import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { resolveLocale } from '../../lib/locale';
import type { Locale } from '../../lib/types';
import { getDb as defaultGetDb, nowSeconds, type Db } from '../db/client';
import { listSessions, login, logout, refreshToken, resolveSession, revokeOtherSessions, type ResolvedSession } from '../domain/auth';
import { Codes, DomainError, forbidden, isDomainError, memberCenterClosed, needLogin, sessionExpired } from '../domain/errors';
import { hasAction, loadIndexPayload } from '../domain/menu';
import { writeAudit } from '../domain/audit';
import { getSiteConfig } from '../domain/site';
import { isSameOrigin } from '../http/same-origin';
import { apiMessage } from './messages';
import { clientIp, isHttps, MAX_BODY_BYTES, parseNestedQuery, readBody, truthy } from './request';

export { apiMessage } from './messages';
export { parseNestedQuery, readBody } from './request';

/** Cookie and header names (spec §6: auth token and signature token). */
export const TOKEN_COOKIE = 'ba-user-token';
export const SIGNATURE_COOKIE = 'ba-user-signature';
/** Refresh token cookie, only sent to the API. */
export const REFRESH_COOKIE = 'ba-user-refresh';
export const API_BASE = '/userapi/v1';

/** Where a credential came from; cookie-borne ones need same-origin writes. */
export interface Credentials {
  token: string | null;
  tokenFrom: 'header' | 'cookie' | null;
  signature: string | null;
  signatureFrom: 'header' | 'cookie' | null;
}

export interface ApiVariables {
  db: Db;
  locale: Locale;
  /** Query string with `name[key]` objects expanded. */
  query: Record<string, unknown>;
  creds: Credentials;
  auth: ResolvedSession;
  ip: string;
}

export type ApiEnv = { Variables: ApiVariables };

/** `{code, message, data, time}` (DESIGN.md §3). */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
  time: number;
}

/** A success envelope (code 200001), message translated when a key is given. */
export function ok<T>(c: Context<ApiEnv>, data: T, messageKey?: string) {
  const body: Envelope<T> = {
    code: Codes.SUCCESS,
    message: messageKey ? apiMessage(c.get('locale') ?? 'zh-cn', messageKey) : '',
    data,
    time: nowSeconds(),
  };
  return c.json(body, 200);
}

function errorEnvelope(locale: Locale, err: DomainError): Envelope {
  const data = err.errors
    ? { field: err.field, errors: Object.fromEntries(Object.entries(err.errors).map(([f, k]) => [f, apiMessage(locale, k)])) }
    : err.field
      ? { field: err.field }
      : null;
  return { code: err.code, message: apiMessage(locale, err.key, err.params), data, time: nowSeconds() };
}

function cookieBase(c: Context) {
  return { httpOnly: true, sameSite: 'Lax' as const, path: '/', secure: isHttps(c) };
}

/** Set the HttpOnly auth-token cookie (and drop any signature cookie). */
export function setTokenCookie(c: Context, token: string, expiresAt: number): void {
  setCookie(c, TOKEN_COOKIE, token, { ...cookieBase(c), maxAge: Math.max(0, expiresAt - nowSeconds()) });
  deleteCookie(c, SIGNATURE_COOKIE, { path: '/', secure: isHttps(c) });
}

/** Remove every session cookie. */
export function clearSessionCookies(c: Context): void {
  const secure = isHttps(c);
  deleteCookie(c, TOKEN_COOKIE, { path: '/', secure });
  deleteCookie(c, SIGNATURE_COOKIE, { path: '/', secure });
  deleteCookie(c, REFRESH_COOKIE, { path: API_BASE, secure });
}

/** Credentials of a request: headers first (API clients), then the HttpOnly cookies (browser). */
export function readCredentials(c: Context): Credentials {
  const hToken = c.req.header('ba-user-token') || null;
  const cToken = hToken ? null : getCookie(c, TOKEN_COOKIE) || null;
  const hSig = c.req.header('ba-user-signature') || null;
  const cSig = hSig ? null : getCookie(c, SIGNATURE_COOKIE) || null;
  return {
    token: hToken ?? cToken,
    tokenFrom: hToken ? 'header' : cToken ? 'cookie' : null,
    signature: hSig ?? cSig,
    signatureFrom: hSig ? 'header' : cSig ? 'cookie' : null,
  };
}

/** Resolve the session of a request from its header or cookie credentials. */
export function resolveRequestSession(c: Context, db: Db): Promise<ResolvedSession> {
  const creds = readCredentials(c);
  if (!creds.token && !creds.signature) return Promise.resolve({ session: null, problem: 'missing' });
  return resolveSession(db, { token: creds.token, signature: creds.signature }, requestMeta(c));
}

function requestMeta(c: Context) {
  return { ip: clientIp(c), userAgent: c.req.header('user-agent') };
}

/**
 * Log in with a signed link's signature (from `?signature=`): on success the signature becomes
 * the HttpOnly `ba-user-signature` cookie and the auth-token cookie is cleared (spec §4). On
 * failure nothing is set; the caller answers 401001 or shows the login page.
 */
export async function redeemSignature(c: Context, db: Db, signature: string): Promise<ResolvedSession> {
  const auth = await resolveSession(db, { signature }, requestMeta(c));
  if (auth.session) {
    setCookie(c, SIGNATURE_COOKIE, signature, { ...cookieBase(c), maxAge: Math.max(0, (auth.expiresAt ?? 0) - nowSeconds()) });
    deleteCookie(c, TOKEN_COOKIE, { path: '/', secure: isHttps(c) });
  }
  return auth;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Member-only endpoint: the member centre must be open and the caller logged in. */
export const requireMember: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const { openMemberCenter } = await getSiteConfig(c.get('db'));
  if (!openMemberCenter) throw memberCenterClosed();
  const auth = c.get('auth');
  if (!auth.session) throw auth.problem === 'expired' ? sessionExpired() : needLogin();
  await next();
};

/** Member endpoint that also needs the group rule `ruleName` (403 'You do not have permission to operate!'). */
export function requirePermission(ruleName: string): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    await requireMember(c, async () => {
      if (!(await hasAction(c.get('db'), c.get('auth').session, ruleName))) throw forbidden();
      await next();
    });
  };
}

const memberCentreOpen: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const { openMemberCenter } = await getSiteConfig(c.get('db'));
  if (!openMemberCenter) throw memberCenterClosed();
  await next();
};

export interface ApiOptions {
  getDb?: () => Db;
}

/**
 * The `/userapi/v1` JSON API. Mount it from middleware with `api.fetch(c.req.raw, server)`
 * (pass Bun's server so the client IP is known) or test it with `api.request(path, init)`.
 */
export function createApi(options: ApiOptions = {}) {
  const getDb = options.getDb ?? defaultGetDb;
  const app = new Hono<ApiEnv>().basePath(API_BASE);

  app.onError((err, c) => {
    const locale = c.get('locale') ?? 'zh-cn';
    if (isDomainError(err)) return c.json(errorEnvelope(locale, err), err.status as 400);
    console.error('[api] unhandled error', c.req.method, new URL(c.req.url).pathname, err);
    const body: Envelope = { code: Codes.SERVER_ERROR, message: apiMessage(locale, 'serverError'), data: null, time: nowSeconds() };
    return c.json(body, 500);
  });

  app.notFound((c) => {
    const locale = c.get('locale') ?? 'zh-cn';
    const url = new URL(c.req.url).pathname;
    const body: Envelope = { code: Codes.NOT_FOUND, message: apiMessage(locale, 'notFound', { url }), data: null, time: nowSeconds() };
    return c.json(body, 404);
  });

  app.use('*', async (c, next) => {
    c.set('locale', resolveLocale({
      cookie: getCookie(c, 'ba-lang'),
      header: c.req.header('think-lang'),
      // Accept-Language is ignored on purpose: the spec's default is zh-cn unless ba-lang says otherwise.
    }));
    c.set('db', getDb());
    c.set('query', parseNestedQuery(new URL(c.req.url).searchParams));
    c.set('ip', clientIp(c));
    const creds = readCredentials(c);
    c.set('creds', creds);
    // Cookies ride along on cross-site requests; a state change made with them must come from us.
    // Login sets the cookie, so it is held to the same rule (login CSRF).
    const cookieAuth = creds.tokenFrom === 'cookie' || creds.signatureFrom === 'cookie';
    if (UNSAFE.has(c.req.method) && (cookieAuth || c.req.path.endsWith('/user/login')) && !isSameOrigin(c.req.raw)) {
      throw new DomainError('crossOrigin', { status: 403, code: Codes.CROSS_ORIGIN });
    }
    const meta = { ip: c.get('ip'), userAgent: c.req.header('user-agent') };
    c.set('auth', creds.token || creds.signature
      ? await resolveSession(c.get('db'), { token: creds.token, signature: creds.signature }, meta)
      : { session: null, problem: 'missing' });
    // `server` and `equipment` headers (spec §7) are accepted; nothing depends on them yet.
    await next();
  });

  app.use('*', bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new DomainError('tooLarge', { status: 413, code: Codes.TOO_LARGE });
    },
  }));

  app.get('/index/index', async (c) => {
    const db = c.get('db');
    const q = c.get('query');
    const requiredLogin = truthy(q.requiredLogin);
    let auth = c.get('auth');
    const creds = c.get('creds');
    const tokens: { token?: string; signature?: string } = {};
    if (creds.tokenFrom === 'header' && creds.token) tokens.token = creds.token;
    if (creds.signatureFrom === 'header' && creds.signature) tokens.signature = creds.signature;

    if (typeof q.signature === 'string' && q.signature !== '') {
      // A signed link (spec §4): it becomes the session and replaces any auth token.
      auth = await redeemSignature(c, db, q.signature);
      if (!auth.session) throw new DomainError('auth.signatureInvalid', { status: 401, code: Codes.NEED_LOGIN });
      tokens.token = undefined;
      tokens.signature = q.signature;
    }
    if (requiredLogin) {
      const { openMemberCenter } = await getSiteConfig(db);
      if (!openMemberCenter) throw memberCenterClosed();
    }
    const payload = await loadIndexPayload(db, {
      session: auth.session,
      locale: c.get('locale'),
      requiredLogin,
      sessionProblem: auth.problem,
      tokens,
    });
    return ok(c, payload);
  });

  app.get('/user/checkIn', memberCentreOpen, (c) =>
    ok(c, { userLoginCaptchaSwitch: false, accountVerificationType: [] as string[], loggedIn: !!c.get('auth').session }),
  );

  app.post('/user/login', memberCentreOpen, async (c) => {
    const body = await readBody(c);
    const result = await login(c.get('db'), {
      account: body.account ?? body.username,
      password: body.password,
      keep: truthy(body.keep),
      ip: c.get('ip'),
      userAgent: c.req.header('user-agent'),
    });
    setTokenCookie(c, result.token, result.tokenExpiresAt);
    if (result.refreshToken) {
      setCookie(c, REFRESH_COOKIE, result.refreshToken, {
        ...cookieBase(c),
        path: API_BASE,
        maxAge: result.refreshExpiresAt - nowSeconds(),
      });
    } else {
      deleteCookie(c, REFRESH_COOKIE, { path: API_BASE, secure: isHttps(c) });
    }
    return ok(c, { userInfo: result.userInfo, routePath: '/user' }, 'auth.loginSucceeded');
  });

  app.post('/user/refreshToken', memberCentreOpen, async (c) => {
    const body = await readBody(c);
    const fromCookie = getCookie(c, REFRESH_COOKIE);
    const given = body.refresh_token ?? body.refreshToken ?? fromCookie;
    if (!(body.refresh_token ?? body.refreshToken) && fromCookie && !isSameOrigin(c.req.raw)) {
      throw new DomainError('crossOrigin', { status: 403, code: Codes.CROSS_ORIGIN });
    }
    const creds = c.get('creds');
    const result = await refreshToken(c.get('db'), given, creds.token, { ip: c.get('ip'), userAgent: c.req.header('user-agent') });
    setTokenCookie(c, result.token, result.expiresAt);
    return ok(c, { type: 'user-refresh', token: result.token }, 'auth.refreshSucceeded');
  });

  app.post('/index/logout', async (c) => {
    const body = await readBody(c);
    const creds = c.get('creds');
    const refresh = body.refresh_token ?? body.refreshToken ?? getCookie(c, REFRESH_COOKIE);
    await logout(c.get('db'), {
      token: creds.token,
      signature: creds.signature,
      refreshToken: typeof refresh === 'string' ? refresh : null,
      ip: c.get('ip'),
    });
    clearSessionCookies(c);
    return ok(c, null, 'auth.logoutSucceeded');
  });

  /** The member's signed-in devices (spec §3 userInfo has no such list; DESIGN: sessions are rows). */
  app.get('/account/sessions', requireMember, async (c) => {
    const session = c.get('auth').session!;
    return ok(c, { list: await listSessions(c.get('db'), session.userId, session.tokenId) });
  });

  /** Sign out everywhere else; this browser keeps its session and its refresh cookie. */
  app.post('/account/revokeOtherSessions', requireMember, async (c) => {
    const session = c.get('auth').session!;
    const revoked = await revokeOtherSessions(c.get('db'), session.userId, {
      tokenId: session.tokenId,
      refreshToken: getCookie(c, REFRESH_COOKIE),
      ip: c.get('ip'),
    });
    return ok(c, { revoked }, 'auth.otherSessionsRevoked');
  });

  /**
   * Export of a member's list pages (guarded by the page's `…/export` button rule, the same rule
   * that shows the Export button). Orders and claims are not stored yet, so every export is empty
   * and says so; the permission check is real.
   */
  app.get('/order/export', async (c) => {
    const page = String(c.get('query').type ?? '');
    await requireMember(c, async () => {});
    if (!EXPORTABLE.has(page)) throw new DomainError('badRequest', { status: 400, code: Codes.VALIDATION, field: 'type' });
    const session = c.get('auth').session!;
    if (!(await hasAction(c.get('db'), session, `${page}/export`))) throw forbidden();
    await writeAudit(c.get('db'), { userId: session.userId, action: 'export', detail: { page }, ip: c.get('ip') });
    return ok(c, { list: [], total: 0 }, 'exportEmpty');
  });

  return app;
}

/** List pages with an Export button rule (`<page>/export`). */
const EXPORTABLE = new Set(['order/guzhu', 'order/tuanyi', 'claim/list']);

/** The API over the process database (`getDb()`). */
export const api = createApi();
export default api;
