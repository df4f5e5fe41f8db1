import { Hono } from 'hono';
import { Codes, DomainError } from '~/server/errors';
import type { ApiEnv } from '~/server/http/api-env';
import { redeemSignature, requireOpenCentre } from '~/server/session';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { indexQuerySchema } from './schemas';
import { loadIndexPayload } from './service';

/** GET /index/index: site, menus, rules and the member (spec §2), the first call of every page. */
export const menusRouter = new Hono<ApiEnv>().get('/index/index', async (c) => {
  const db = c.get('db');
  const { requiredLogin, signature } = parseInput(indexQuerySchema, c.get('query'));
  let auth = c.get('auth');
  const creds = c.get('creds');
  // Only header-borne tokens are echoed back: cookie ones stay HttpOnly.
  const tokens: { token?: string; signature?: string } = {};
  if (creds.tokenFrom === 'header' && creds.token) tokens.token = creds.token;
  if (creds.signatureFrom === 'header' && creds.signature) tokens.signature = creds.signature;

  if (signature) {
    // A signed link (spec §4): it becomes the session and replaces any auth token.
    auth = await redeemSignature(c, db, signature);
    if (!auth.session) throw new DomainError('auth.signatureInvalid', { status: 401, code: Codes.NEED_LOGIN });
    tokens.token = undefined;
    tokens.signature = signature;
  }
  if (requiredLogin) await requireOpenCentre(c);
  return ok(
    c,
    await loadIndexPayload(db, { session: auth.session, locale: c.get('locale'), requiredLogin, sessionProblem: auth.problem, tokens }),
  );
});
