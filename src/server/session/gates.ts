import type { Context } from 'hono';
import type { Session } from '~/server/context';
import type { Db } from '~/server/db/client';
import { forbidden, memberCenterClosed, noSession } from '~/server/errors';
import type { ApiEnv } from '~/server/http/api-env';
import type { UserRow } from '~/server/members';
import { hasAction, hasExplicitRule, isOperatorMember } from '~/server/permissions';
import { getSiteConfig } from '~/server/site-config';

/** What a member gate checked: the session and the member behind it. */
export interface MemberGate {
  db: Db;
  session: Session;
  member: UserRow;
}

/**
 * The member centre must be open (site setting `openMemberCenter`), else 403002 'Member center is
 * closed' — except for operators, who keep working while it is closed.
 */
export async function requireOpenCentre(c: Context<ApiEnv>): Promise<void> {
  const { openMemberCenter } = await getSiteConfig(c.get('db'));
  if (openMemberCenter) return;
  const session = c.get('auth')?.session;
  if (session && (await isOperatorMember(c.get('db'), session.userId))) return;
  throw memberCenterClosed();
}

/**
 * Call first in a member-only handler: the centre is open and the request has a live session
 * (401001 without one, 401200 when it expired). Returns the member it found.
 */
export async function requireMember(c: Context<ApiEnv>): Promise<MemberGate> {
  await requireOpenCentre(c);
  const auth = c.get('auth');
  if (!auth.session || !auth.user) throw noSession(auth.problem);
  return { db: c.get('db'), session: auth.session, member: auth.user };
}

/** {@link requireMember}, and the member's group grants `ruleName` (403 'You do not have permission to operate!'). */
export async function requireRule(c: Context<ApiEnv>, ruleName: string): Promise<MemberGate> {
  const gate = await requireMember(c);
  if (!(await hasAction(gate.db, gate.session, ruleName))) throw forbidden();
  return gate;
}

/**
 * Operator-only work: the group must list `ruleName` by id. A group's `'*'` (every member
 * rule) never grants it, and a closed member centre does not stop operators.
 */
export async function requireOperator(c: Context<ApiEnv>, ruleName: string): Promise<MemberGate> {
  const auth = c.get('auth');
  if (!auth.session || !auth.user) throw noSession(auth.problem);
  const gate = { db: c.get('db'), session: auth.session, member: auth.user };
  if (!(await hasExplicitRule(gate.db, gate.session, ruleName))) throw forbidden();
  return gate;
}
