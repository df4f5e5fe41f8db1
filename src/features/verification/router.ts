import { type Context, Hono } from 'hono';
import type { ApiEnv } from '~/server/http/api-env';
import { findUserByAccount } from '~/server/members';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { verifyCaptchaForAction } from '../captcha';
import { emailCodeSchema, smsCodeSchema } from './schemas';
import { type CodeChannel, normalizeAddress, sendCode } from './service';

/** Whose address this is, and the signed-in member's own address on the channel (for *_verify). */
async function addressFacts(c: Context<ApiEnv>, channel: CodeChannel, address: string) {
  const db = c.get('db');
  const normalized = normalizeAddress(channel, address);
  const owner = await findUserByAccount(db, normalized);
  const registered = !!owner && (channel === 'email' ? owner.email === normalized : owner.mobile === normalized);
  const me = c.get('auth').user;
  return { registered, ownAddress: me ? (channel === 'email' ? me.email : me.mobile) : null };
}

/** POST /ems/send and /sms/send: a code to an e-mail address or mobile, behind a solved click captcha. */
export const verificationRouter = new Hono<ApiEnv>()
  .post('/ems/send', async (c) => {
    const input = parseInput(emailCodeSchema, c.get('body'));
    await verifyCaptchaForAction(c.get('db'), { captchaId: input.captchaId, captchaInfo: input.captchaInfo });
    const facts = await addressFacts(c, 'email', input.email);
    await sendCode(c.get('db'), {
      channel: 'email',
      address: input.email,
      event: input.event,
      ip: c.get('ip'),
      locale: c.get('locale'),
      ...facts,
    });
    return ok(c, null, 'code.emailSent');
  })
  .post('/sms/send', async (c) => {
    const input = parseInput(smsCodeSchema, c.get('body'));
    await verifyCaptchaForAction(c.get('db'), { captchaId: input.captchaId, captchaInfo: input.captchaInfo });
    const facts = await addressFacts(c, 'sms', input.mobile);
    await sendCode(c.get('db'), {
      channel: 'sms',
      address: input.mobile,
      event: input.template_code,
      ip: c.get('ip'),
      locale: c.get('locale'),
      ...facts,
    });
    return ok(c, null, 'code.smsSent');
  });
