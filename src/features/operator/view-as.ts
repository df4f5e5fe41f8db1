/**
 * "View as member" (issue #31 item 6, decision 0016): an operator holding `operator/viewAs` opens
 * a member's centre read-only. Start sets the HttpOnly view-as cookie and writes one audit entry
 * (`operator.view_as`, target the member, detail the session id); the session row keeps its end and
 * the pages seen, and the audit log reads them from there. End clears the cookie and goes back to
 * the member's detail page. Both take plain form posts (303) as well as JSON.
 */
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ok } from '~/features/_shared/envelope';
import { writeAudit } from '~/server/audit';
import type { Db } from '~/server/db/client';
import { isDomainError, noSession } from '~/server/errors';
import type { ApiEnv } from '~/server/http/api-env';
import { findUserById } from '~/server/members';
import { isOperatorMember } from '~/server/permissions';
import {
  endViewAs,
  findViewAs,
  isHttps,
  requireOperator,
  startViewAs,
  VIEW_AS_COOKIE,
  VIEW_AS_RULE,
  VIEW_AS_TTL,
  type ViewAsRecord,
} from '~/server/session';
import { parseInput } from '~/server/validate';
import { invalid, notFound } from './common';
import { idSchema } from './schemas';

type C = Context<ApiEnv>;

const isFormPost = (c: C) => /^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(c.req.header('content-type') ?? '');

/** Where the operator lands after ending a view: the member's detail page. */
export const memberDetailPath = (memberId: number) => `/user/operator/memberDetail?id=${memberId}`;

/** Start viewing member `memberId` as operator `session`; writes the audit entry. */
export async function beginViewAs(
  db: Db,
  operator: { userId: number; tokenId: number; via: 'token' | 'signature' },
  memberId: number,
  ip: string,
) {
  if (memberId === operator.userId) throw invalid('id', 'viewAs.self');
  const member = await findUserById(db, memberId);
  if (!member) throw notFound();
  // An operator's centre holds the console: seeing it would lend the viewer rules they may lack.
  if (await isOperatorMember(db, memberId)) throw invalid('id', 'viewAs.operatorTarget');
  const started = await startViewAs(db, operator, memberId, ip);
  await writeAudit(db, {
    userId: operator.userId,
    action: 'operator.view_as',
    targetType: 'member',
    targetId: memberId,
    detail: { session_id: started.record.id, expires_at: started.record.expiresAt },
    ip,
  });
  return started;
}

function fail(c: C, err: unknown, back: string) {
  if (!isDomainError(err) || !isFormPost(c)) throw err;
  if (err.status === 401) return c.redirect('/user/login', 303);
  const url = new URL(back, 'http://local.invalid');
  url.searchParams.set('fail', err.key);
  return c.redirect(url.pathname + url.search, 303);
}

export const viewAsRouter = new Hono<ApiEnv>()
  .post('/operator/viewAs/start', async (c) => {
    const body = c.get('body') as Record<string, unknown>;
    const back = memberDetailPath(Number(body.id) || 0);
    try {
      const { db, session } = await requireOperator(c, VIEW_AS_RULE);
      const { id } = parseInput(idSchema, body);
      const { token, record } = await beginViewAs(db, session, id, c.get('ip') ?? '');
      setCookie(c, VIEW_AS_COOKIE, token, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isHttps(c), maxAge: VIEW_AS_TTL });
      if (isFormPost(c)) return c.redirect('/user', 303);
      return ok(c, { id: record.id, member_id: record.memberId, expires_at: record.expiresAt, to: '/user' }, 'viewAs.started');
    } catch (err) {
      return fail(c, err, back);
    }
  })
  .post('/operator/viewAs/end', async (c) => {
    const auth = c.get('auth');
    const raw = getCookie(c, VIEW_AS_COOKIE);
    const db = c.get('db');
    let ended: ViewAsRecord | null = null;
    try {
      if (!auth.session) throw noSession(auth.problem);
      const rec = raw ? await findViewAs(db, raw) : null;
      // Only the operator login that started it can end it (the cookie alone is not enough).
      if (rec && rec.operatorTokenId === auth.session.tokenId) ended = await endViewAs(db, rec.id, 'ended');
    } catch (err) {
      return fail(c, err, '/user');
    }
    deleteCookie(c, VIEW_AS_COOKIE, { path: '/', secure: isHttps(c) });
    const to = ended ? memberDetailPath(ended.memberId) : '/user/operator/members';
    if (isFormPost(c)) return c.redirect(ended ? to : `${to}?fail=viewAs.notActive`, 303);
    if (!ended) throw notFound();
    return ok(c, { id: ended.id, ended_at: ended.endedAt, to }, 'viewAs.ended');
  });
