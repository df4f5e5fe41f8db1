import { Hono } from 'hono';
import type { ApiEnv } from '~/server/http/api-env';
import { ok } from '../_shared/envelope';
import { checkCaptcha, issueCaptcha } from './service';

/**
 * The click captcha (spec §7): public (rate-limited per IP), also while the member centre is
 * closed, since operators still sign in then; registration and codes stay closed by their own gates.
 */
export const captchaRouter = new Hono<ApiEnv>()
  .get('/index/clickCaptcha', async (c) => {
    return ok(c, await issueCaptcha(c.get('db'), { id: c.get('query').id, ip: c.get('ip') }));
  })
  .post('/index/checkClickCaptcha', async (c) => {
    const { id, info, unset } = c.get('body');
    await checkCaptcha(c.get('db'), { id, info, unset });
    return ok(c, null, 'captcha.succeeded');
  });
