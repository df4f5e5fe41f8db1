import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { rememberLocale } from '~/features/notifications';
import { resolveLocale } from '~/lib/locale';
import type { Db } from '~/server/db/client';
import { memberCenterClosed } from '~/server/errors';
import { isOperatorMember } from '~/server/permissions';
import { requestMeta, setRefreshCookie, setTokenCookie } from '~/server/session';
import { getConfigValue, getSiteConfig } from '~/server/site-config';
import { verifyCaptchaForAction } from '../captcha';
import { parseInput } from '~/server/validate';
import { loginSchema } from './schemas';
import { login, type LoginResult } from './service';

/**
 * Sign a member in from a request: the member centre must be open (operators may sign in while it
 * is closed), the fields pass the login
 * schema, the password checks out; then the token (and, with "keep", the refresh) cookie is set.
 * The JSON API and the no-JS login form both call this, so they obey the same checks and limits
 * and record the same client IP (the socket's, unless TRUST_PROXY=1).
 */
export async function signIn(c: Context, db: Db, fields: Record<string, unknown>): Promise<LoginResult> {
  const { openMemberCenter } = await getSiteConfig(db);
  // A closed centre still lets operators in (after their password checked out); members hear it is closed.
  const admit = openMemberCenter
    ? undefined
    : async (userId: number) => {
        if (!(await isOperatorMember(db, userId))) throw memberCenterClosed();
      };
  const input = parseInput(loginSchema, { ...fields, account: fields.account ?? fields.username });
  if (await loginCaptchaOn(db)) {
    await verifyCaptchaForAction(db, { captchaId: fields.captchaId, captchaInfo: fields.captchaInfo });
  }
  const result = await login(db, { ...input, ...requestMeta(c), admit });
  // E-mails sent later (claim status, invoices) speak the language the member logged in with.
  await rememberLocale(db, result.userInfo.id, resolveLocale({ cookie: getCookie(c, 'ba-lang'), header: c.req.header('think-lang') }));
  setTokenCookie(c, result.token, result.tokenExpiresAt);
  setRefreshCookie(c, result.refreshToken, result.refreshExpiresAt);
  return result;
}

/**
 * Whether login asks for the click captcha: the site setting `userLoginCaptcha` (default on),
 * unless `PORTAL_LOGIN_CAPTCHA=0` turns it off for automated tests (logged at start).
 */
export async function loginCaptchaOn(db: Db): Promise<boolean> {
  if (process.env.PORTAL_LOGIN_CAPTCHA === '0') return false;
  return (await getConfigValue(db, 'userLoginCaptcha')) !== false;
}
