import { type Context, Hono } from 'hono';
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
  .post('/team/add', async (c) => {
    const { db, actor } = await requireOwner(c, 'team/addAccount');
    const input = parseInput(addAccountSchema, c.get('body'));
    return ok(c, await addAccount(db, actor, input), 'team.added');
  })
  .post('/team/edit', async (c) => {
    const { db, actor } = await requireOwner(c, 'team/teamMange/edit');
    const input = parseInput(editAccountSchema, c.get('body'));
    return ok(c, await editAccount(db, actor, input), 'team.saved');
  })
  .post('/team/status', async (c) => {
    const { db, actor } = await requireOwner(c, 'team/teamMange/edit');
    const input = parseInput(statusSchema, c.get('body'));
    return ok(c, await setStatus(db, actor, input), input.status === 'disable' ? 'team.disabled' : 'team.enabled');
  })
  .post('/team/resetPassword', async (c) => {
    const { db, actor } = await requireOwner(c, 'team/teamMange/edit');
    const input = parseInput(resetPasswordSchema, c.get('body'));
    return ok(c, await resetPassword(db, actor, input), 'team.passwordReset');
  })
  .post('/team/allocate', async (c) => {
    const { db, actor } = await requireOwner(c, 'team/allocation');
    const input = parseInput(allocateSchema, c.get('body'));
    const result = await allocate(db, actor, input);
    return ok(c, result, result.transfer.direction === 'allocate' ? 'team.allocated' : 'team.reclaimed');
  })
  .get('/team/allocations', async (c) => {
    const { db, actor } = await requireOwner(c, 'team/allocation');
    const q = parseInput(allocationsQuerySchema, c.get('query'));
    const { site } = await getSiteConfig(db);
    return ok(c, await listTransfers(db, actor.ownerId, q, site.timezone));
  });
