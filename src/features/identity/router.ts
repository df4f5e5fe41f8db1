import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { Codes, DomainError } from '~/server/errors';
import { availableChannels } from '~/server/delivery';
import type { ApiEnv } from '~/server/http/api-env';
import { isSameOrigin } from '~/server/http/same-origin';
import {
  listSessions,
  REFRESH_COOKIE,
  requestMeta,
  requireMember,
  requireOpenCentre,
  revokeOtherSessions,
  revokeSessionById,
  setRefreshCookie,
  setTokenCookie,
  signOut,
} from '~/server/session';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { registerMember, retrievePassword } from './accounts';
import { logoutSchema, refreshSchema, registerSchema, retrievePasswordSchema, revokeSessionSchema } from './schemas';
import { refreshToken } from './service';
import { loginCaptchaOn, signIn } from './sign-in';

/** The refresh token a client posted, under either of the names clients use. */
const postedRefresh = (body: Record<string, unknown>) => body.refresh_token ?? body.refreshToken;

/** Signing in and out, token refresh, and the member's signed-in devices. */
export const identityRouter = new Hono<ApiEnv>()
  .get('/user/checkIn', async (c) => {
    await requireOpenCentre(c);
    return ok(c, {
      userLoginCaptchaSwitch: await loginCaptchaOn(c.get('db')),
      accountVerificationType: availableChannels(),
      loggedIn: !!c.get('auth').session,
    });
  })
  .post('/user/login', async (c) => {
    const result = await signIn(c, c.get('db'), c.get('body'));
    return ok(c, { userInfo: result.userInfo, routePath: '/user' }, 'auth.loginSucceeded');
  })
  /** Register by e-mail or mobile with the code sent there; signed in at once, like login. */
  .post('/user/register', async (c) => {
    await requireOpenCentre(c);
    const input = parseInput(registerSchema, c.get('body'));
    const result = await registerMember(c.get('db'), input, requestMeta(c));
    setTokenCookie(c, result.token, result.tokenExpiresAt);
    setRefreshCookie(c, result.refreshToken, result.refreshExpiresAt);
    return ok(c, { userInfo: result.userInfo, routePath: '/user' }, 'identity.registered');
  })
  /** A new password with the code sent to the member's e-mail or mobile; every session ends. */
  .post('/user/retrievePassword', async (c) => {
    await requireOpenCentre(c);
    const input = parseInput(retrievePasswordSchema, c.get('body'));
    await retrievePassword(c.get('db'), input, requestMeta(c));
    return ok(c, null, 'identity.passwordReset');
  })
  .post('/user/refreshToken', async (c) => {
    await requireOpenCentre(c);
    const body = c.get('body');
    const { refresh_token: posted } = parseInput(refreshSchema, { refresh_token: postedRefresh(body) });
    const fromCookie = getCookie(c, REFRESH_COOKIE);
    // The cookie rides along on cross-site requests: only a same-origin page may use it.
    if (!posted && fromCookie && !isSameOrigin(c.req.raw)) throw new DomainError('crossOrigin', { status: 403, code: Codes.CROSS_ORIGIN });
    const result = await refreshToken(c.get('db'), posted || fromCookie, c.get('creds').token, {
      ip: c.get('ip'),
      userAgent: c.req.header('user-agent'),
    });
    setTokenCookie(c, result.token, result.expiresAt);
    return ok(c, { type: 'user-refresh', token: result.token }, 'auth.refreshSucceeded');
  })
  .post('/index/logout', async (c) => {
    const { refresh_token } = parseInput(logoutSchema, { refresh_token: postedRefresh(c.get('body')) });
    await signOut(c, c.get('db'), refresh_token);
    return ok(c, null, 'auth.logoutSucceeded');
  })
  /** The member's signed-in devices (DESIGN: sessions are rows the member can see and end). */
  .get('/account/sessions', async (c) => {
    const { db, session } = await requireMember(c);
    return ok(c, { list: await listSessions(db, session.userId, session.tokenId) });
  })
  /** End one of the member's sessions (`{id}`; another member's → 404) or all others (`{all: true}`). */
  .post('/account/sessions/revoke', async (c) => {
    const { db, session } = await requireMember(c);
    const input = parseInput(revokeSessionSchema, c.get('body'));
    if ('all' in input) {
      const revoked = await revokeOtherSessions(db, session.userId, {
        tokenId: session.tokenId,
        refreshToken: getCookie(c, REFRESH_COOKIE),
        ip: c.get('ip'),
      });
      return ok(c, { revoked }, 'auth.otherSessionsRevoked');
    }
    await revokeSessionById(db, session.userId, input.id, c.get('ip'));
    return ok(c, { revoked: 1 }, 'identity.sessionRevoked');
  })
  /** Sign out everywhere else; this browser keeps its session and its refresh cookie. */
  .post('/account/revokeOtherSessions', async (c) => {
    const { db, session } = await requireMember(c);
    const revoked = await revokeOtherSessions(db, session.userId, {
      tokenId: session.tokenId,
      refreshToken: getCookie(c, REFRESH_COOKIE),
      ip: c.get('ip'),
    });
    return ok(c, { revoked }, 'auth.otherSessionsRevoked');
  });
