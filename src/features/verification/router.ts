import { type Context, Hono } from 'hono';
import type { ApiEnv } from '~/server/http/api-env';
import { findUserByAccount } from '~/server/members';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { verifyCaptchaForAction } from '../captcha';
import { type CodeEvent, emailCodeSchema, smsCodeSchema } from './schemas';
import { type CodeChannel, normalizeAddress, sendCode } from './service';

/**
 * The common path of both send endpoints: a solved captcha (used up), then the address's facts
 * (registered? the signed-in member's own?), then the code.
 */
async function sendBehindCaptcha(
  c: Context<ApiEnv>,
  channel: CodeChannel,
  request: { address: string; event: CodeEvent; captchaId: string; captchaInfo: string },
): Promise<void> {
  const db = c.get('db');
  await verifyCaptchaForAction(db, { captchaId: request.captchaId, captchaInfo: request.captchaInfo });
  const address = normalizeAddress(channel, request.address);
  const owner = await findUserByAccount(db, address);
  const registered = !!owner && (channel === 'email' ? owner.email === address : owner.mobile === address);
  const me = c.get('auth').user;
  const ownAddress = me ? (channel === 'email' ? me.email : me.mobile) : null;
  await sendCode(db, { channel, address, event: request.event, ip: c.get('ip'), locale: c.get('locale'), registered, ownAddress });
}

/** POST /ems/send and /sms/send: a code to an e-mail address or mobile, behind a solved click captcha. */
export const verificationRouter = new Hono<ApiEnv>()
  .post('/ems/send', async (c) => {
    const input = parseInput(emailCodeSchema, c.get('body'));
    await sendBehindCaptcha(c, 'email', { ...input, address: input.email });
    return ok(c, null, 'code.emailSent');
  })
  .post('/sms/send', async (c) => {
    const input = parseInput(smsCodeSchema, c.get('body'));
    await sendBehindCaptcha(c, 'sms', { ...input, address: input.mobile, event: input.template_code });
    return ok(c, null, 'code.smsSent');
  });
