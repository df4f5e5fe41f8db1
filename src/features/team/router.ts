import { type Context, Hono } from 'hono';
import type * as v from 'valibot';
import type { Db } from '~/server/db/client';
import type { ApiEnv } from '~/server/http/api-env';
import { forbidden } from '~/server/errors';
import { hasAction } from '~/server/permissions';
import { requireMember } from '~/server/session';
import { getSiteConfig } from '~/server/site-config';
import { parseInput } from '~/server/validate';
import { ok } from '../_shared/envelope';
import {
  addAccountSchema,
  allocateSchema,
  allocationsQuerySchema,
  detailSchema,
  editAccountSchema,
  listQuerySchema,
  resetPasswordSchema,
  statusSchema,
} from './schemas';
import { addAccount, editAccount, resetPassword, setStatus } from './accounts';
import { grantable, listTeam, teamDetail } from './queries';
import type { Actor } from './model';
import { allocate, listTransfers } from './transfers';

/**
 * Gate of every /team/* endpoint: a live session (401), a main account (a sub-account → 403,
 * whatever its group says), and the rule (403).
 */
async function requireOwner(c: Context<ApiEnv>, ruleName: string) {
  const gate = await requireMember(c);
  if (gate.member.parent_id !== null) throw forbidden();
  if (!(await hasAction(gate.db, gate.session, ruleName))) throw forbidden();
  return { ...gate, actor: { ownerId: gate.session.userId, ip: c.get('ip') } };
}

/**
 * A write on the owner's sub-accounts: the owner's gate with `ruleName`, the body checked by
 * `schema`, the domain function with the owner as the actor, and the answer's message (which may
 * depend on the input or the result, e.g. enabled / disabled).
 */
function ownerWrite<S extends v.GenericSchema, R>(
  ruleName: string,
  schema: S,
  run: (db: Db, actor: Actor, input: v.InferOutput<S>) => Promise<R>,
  message: (input: v.InferOutput<S>, result: R) => string,
) {
  return async (c: Context<ApiEnv>) => {
    const { db, actor } = await requireOwner(c, ruleName);
    const input = parseInput(schema, c.get('body'));
    const result = await run(db, actor, input);
    return ok(c, result, message(input, result));
  };
}

/** /userapi/v1/team/*: sub-accounts, their pages, status, passwords and balance transfers. */
export const teamRouter = new Hono<ApiEnv>()
  .get('/team/list', async (c) => {
    const { db, actor } = await requireOwner(c, 'team/teamMange');
    const q = parseInput(listQuerySchema, c.get('query'));
    return ok(c, await listTeam(db, actor.ownerId, q));
  })
  .get('/team/grantable', async (c) => {
    const { db, actor } = await requireOwner(c, 'team/addAccount');
    return ok(c, { rules: await grantable(db, actor.ownerId, c.get('locale')) });
  })
  .get('/team/detail', async (c) => {
    const { db, actor } = await requireOwner(c, 'team/teamMange');
    const { id } = parseInput(detailSchema, c.get('query'));
    return ok(c, await teamDetail(db, actor.ownerId, id));
  })
  .post(
    '/team/add',
    ownerWrite('team/addAccount', addAccountSchema, addAccount, () => 'team.added'),
  )
  .post(
    '/team/edit',
    ownerWrite('team/teamMange/edit', editAccountSchema, editAccount, () => 'team.saved'),
  )
  .post(
    '/team/status',
    ownerWrite('team/teamMange/edit', statusSchema, setStatus, (input) => (input.status === 'disable' ? 'team.disabled' : 'team.enabled')),
  )
  .post(
    '/team/resetPassword',
    ownerWrite('team/teamMange/edit', resetPasswordSchema, resetPassword, () => 'team.passwordReset'),
  )
  .post(
    '/team/allocate',
    ownerWrite('team/allocation', allocateSchema, allocate, (_, result) =>
      result.transfer.direction === 'allocate' ? 'team.allocated' : 'team.reclaimed',
    ),
  )
  .get('/team/allocations', async (c) => {
    const { db, actor } = await requireOwner(c, 'team/allocation');
    const q = parseInput(allocationsQuerySchema, c.get('query'));
    const { site } = await getSiteConfig(db);
    return ok(c, await listTransfers(db, actor.ownerId, q, site.timezone));
  });
