import { Hono } from 'hono';
import * as v from 'valibot';
import { Codes, DomainError } from '~/server/errors';
import { availableChannels } from '~/server/delivery';
import type { ApiEnv } from '~/server/http/api-env';
import { toUserInfo } from '~/server/members';
import { requireOperator, requireRule, signOut } from '~/server/session';
import { getSiteConfig } from '~/server/site-config';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import { contentDisposition, getStorage, readFileBytes } from '../upload';
import { loadOverview, viewOverview } from './overview';
import { updateProfile } from './profile';
import {
  changeBindSchema,
  changePasswordSchema,
  idField,
  overviewQuerySchema,
  profileSchema,
  topupConfirmSchema,
  topupListSchema,
  topupRejectSchema,
  topupSchema,
  verificationSchema,
} from './schemas';
import { changeBind, changePassword, verifyAccount } from './security';
import { confirmTopup, listOwnTopups, listTopupsForReview, rejectTopup, requestTopup, topupSlip, viewTopup } from './topup';

const slipQuery = v.object({ id: idField() });

/** The account centre (`/account/*`) and the operator's top-up review (`/operator/topup/*`). */
export const accountRouter = new Hono<ApiEnv>()
  /** Balance, points, the previous login, filled-in contacts and daily changes for 7 or 30 days. */
  .get('/account/overview', async (c) => {
    const { db, session } = await requireRule(c, 'account/overview');
    const { days } = parseInput(overviewQuerySchema, c.get('query'));
    const { site } = await getSiteConfig(db);
    return ok(c, viewOverview(await loadOverview(db, session.userId, days, site.timezone)));
  })
  /** Which bindings this site can verify, and the member's editable fields. */
  .get('/account/profile', async (c) => {
    const { member } = await requireRule(c, 'account/profile');
    const { token: _t, refresh_token: _r, signature: _s, ...info } = toUserInfo(member);
    return ok(c, { accountVerificationType: availableChannels(), userInfo: info });
  })
  .post('/account/profile', async (c) => {
    const { db, member } = await requireRule(c, 'account/profile');
    const input = parseInput(profileSchema, c.get('body'));
    await updateProfile(db, member, input, c.get('ip'));
    return ok(c, null, 'account.profileUpdated');
  })
  /** Every session of the member ends, this one too: the client goes to the login page. */
  .post('/account/changePassword', async (c) => {
    const { db, member } = await requireRule(c, 'account/changePassword');
    const input = parseInput(changePasswordSchema, c.get('body'));
    await changePassword(db, member, input, c.get('ip'));
    await signOut(c, db);
    return ok(c, null, 'account.passwordChanged');
  })
  .post('/account/verification', async (c) => {
    const { db, member } = await requireRule(c, 'account/profile');
    const input = parseInput(verificationSchema, c.get('body'));
    return ok(c, await verifyAccount(db, member, input), 'account.verified');
  })
  .post('/account/changeBind', async (c) => {
    const { db, member } = await requireRule(c, 'account/profile');
    const input = parseInput(changeBindSchema, c.get('body'));
    return ok(c, await changeBind(db, member, input, c.get('ip')), 'account.bindChanged');
  })
  /** The member's own top-up requests, newest first. */
  .get('/account/topup', async (c) => {
    const { db, session } = await requireRule(c, 'account/balance');
    return ok(c, { list: (await listOwnTopups(db, session.userId)).map(viewTopup) });
  })
  .post('/account/topup', async (c) => {
    const { db, member } = await requireRule(c, 'account/balance');
    const input = parseInput(topupSchema, c.get('body'));
    const topup = await requestTopup(db, member, input, c.get('ip'));
    const { id, status, amount, created_at } = viewTopup(topup);
    return ok(c, { topup: { id, status, amount, created_at } }, 'account.topupRequested');
  })
  /** Operators only (a group's '*' never grants it): every member's requests, pending first. */
  .get('/operator/topup/list', async (c) => {
    const { db } = await requireOperator(c, 'operator/topups');
    const q = parseInput(topupListSchema, c.get('query'));
    const page = await listTopupsForReview(db, q);
    return ok(c, {
      total: page.total,
      list: page.list.map((t) => ({ ...viewTopup(t), user_id: t.userId, username: t.username, nickname: t.nickname })),
    });
  })
  /** The transfer slip of a request, for the operator reviewing it. */
  .get('/operator/topup/slip', async (c) => {
    const { db } = await requireOperator(c, 'operator/topups');
    const { id } = parseInput(slipQuery, c.get('query'));
    const file = await topupSlip(db, id);
    const bytes = await readFileBytes(getStorage(), file);
    if (!bytes) throw new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });
    const image = file.mime.startsWith('image/') && file.mime !== 'image/svg+xml';
    return new Response(bytes.slice(), {
      headers: {
        'content-type': file.mime,
        'content-disposition': contentDisposition(image ? 'inline' : 'attachment', file.name),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, no-store',
      },
    });
  })
  .post('/operator/topup/confirm', async (c) => {
    const { db, session } = await requireOperator(c, 'operator/topups/confirm');
    const { id } = parseInput(topupConfirmSchema, c.get('body'));
    const { topup } = await confirmTopup(db, session.userId, id, c.get('ip'));
    return ok(c, { topup: viewTopup(topup) }, 'account.topupConfirmed');
  })
  .post('/operator/topup/reject', async (c) => {
    const { db, session } = await requireOperator(c, 'operator/topups/confirm');
    const { id, reason } = parseInput(topupRejectSchema, c.get('body'));
    const { topup } = await rejectTopup(db, session.userId, id, reason, c.get('ip'));
    return ok(c, { topup: viewTopup(topup) }, 'account.topupRejected');
  });
