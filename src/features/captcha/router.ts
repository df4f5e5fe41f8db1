import { Hono } from 'hono';
import type { ApiEnv } from '~/server/http/api-env';
import { requireOpenCentre } from '~/server/session';
import { ok } from '../_shared/envelope';
import { captchaTestMode, checkCaptcha, issueCaptcha } from './service';

// At start-up: refuse PORTAL_CAPTCHA_TEST=1 with NODE_ENV=production, and warn when it is on.
captchaTestMode();

/**
 * The click captcha (spec §7): public, but only while the member centre is open (login and
 * registration, its only users, are closed with it).
 */
export const captchaRouter = new Hono<ApiEnv>()
  .get('/index/clickCaptcha', async (c) => {
    await requireOpenCentre(c);
    return ok(c, await issueCaptcha(c.get('db'), { id: c.get('query').id, ip: c.get('ip') }));
  })
  .post('/index/checkClickCaptcha', async (c) => {
    await requireOpenCentre(c);
    const { id, info, unset } = c.get('body');
    await checkCaptcha(c.get('db'), { id, info, unset });
    return ok(c, null, 'captcha.succeeded');
  });
