/** Creating and changing sub-accounts: their private groups, pages, status and passwords. */
import type { SQL } from 'bun';
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { bumpConfigVersion, getConfigValue } from '~/server/site-config';
import { normaliseGrant } from './grants';
import { type Actor, ownerGrant, subRow, type TeamAccount, toAccount, writeTx } from './model';
import type { AddAccountInput, EditAccountInput, TeamStatus } from './schemas';

/** Default cap on sub-accounts per owner (site setting `teamMaxAccounts`). */
export const DEFAULT_TEAM_MAX = 50;

/** Most sub-accounts one owner may have (site setting `teamMaxAccounts`, default 50). */
export async function teamMaxAccounts(db: Db): Promise<number> {
  const value = Number(await getConfigValue(db, 'teamMaxAccounts'));
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_TEAM_MAX;
}

function taken(field: 'username' | 'mobile') {
  return new DomainError(field === 'username' ? 'team.usernameTaken' : 'team.mobileTaken', {
    status: 409,
    code: Codes.CONFLICT,
    field,
  });
}

/** A unique-index violation names the column; map it to the field (two adds racing). */
function uniqueField(err: unknown): 'username' | 'mobile' | null {
  const text = String((err as Error)?.message ?? '') + String((err as { detail?: string })?.detail ?? '');
  if (!/unique|duplicate/i.test(text)) return null;
  if (/mobile/i.test(text)) return 'mobile';
  if (/username/i.test(text)) return 'username';
  return null;
}

async function assertMobileFree(tx: SQL, mobile: string, exceptId: number): Promise<void> {
  const [r] = await tx`SELECT id FROM "user" WHERE mobile = ${mobile} AND id <> ${exceptId}`;
  if (r) throw taken('mobile');
}

/** Create a sub-account with its private group. 409 naming the field for a taken username or mobile. */
export async function addAccount(db: Db, actor: Actor, input: AddAccountInput): Promise<{ account: TeamAccount }> {
  const { ownerId } = actor;
  const { base, pageIds } = await ownerGrant(db, ownerId);
  const rules = normaliseGrant(base, input.rules);
  const max = await teamMaxAccounts(db);
  // argon2id is slow on purpose: hash before taking the write lock.
  const hash = await Bun.password.hash(input.password);
  const now = nowSeconds();
  let subId: number;
  try {
    subId = await writeTx(db, async (tx) => {
      // One owner's adds take turns, so the cap holds under parallel requests.
      if (db.dialect === 'postgres') await tx`SELECT id FROM "user" WHERE id = ${ownerId} FOR UPDATE`;
      const [count] = await tx`SELECT COUNT(*) AS n FROM "user" WHERE parent_id = ${ownerId}`;
      if (num(count.n) >= max) throw new DomainError('team.tooMany', { status: 409, code: Codes.CONFLICT, params: { max } });
      const [byName] = await tx`SELECT id FROM "user" WHERE LOWER(username) = ${input.username.toLowerCase()}`;
      if (byName) throw taken('username');
      await assertMobileFree(tx, input.mobile, 0);
      const [group] = await tx`INSERT INTO user_group ${tx({
        name: `team:${input.username}`,
        rules: rules.join(','),
        status: 1,
        owner_id: ownerId,
        created_at: now,
        updated_at: now,
      })} RETURNING id`;
      const [user] = await tx`INSERT INTO "user" ${tx({
        group_id: num(group.id),
        username: input.username,
        nickname: input.nickname || input.username,
        email: null,
        mobile: input.mobile,
        avatar: '',
        gender: 0,
        money: 0,
        score: 0,
        password_hash: hash,
        status: 'enable',
        join_time: now,
        join_ip: actor.ip ?? '',
        motto: '',
        parent_id: ownerId,
        created_at: now,
        updated_at: now,
      })} RETURNING id`;
      const id = num(user.id);
      await bumpConfigVersion(tx, 'groups'); // group caches reload on their next request
      await writeAudit(tx, {
        userId: ownerId,
        action: 'team.add',
        targetType: 'member',
        targetId: id,
        detail: { sub_id: id, username: input.username, rules },
        ip: actor.ip,
      });
      return id;
    });
  } catch (err) {
    const field = uniqueField(err);
    if (field) throw taken(field);
    throw err;
  }
  const r = await subRow(db.sql, ownerId, subId);
  return { account: toAccount(r, pageIds) };
}

/** Change a sub-account's nickname, mobile and pages. */
export async function editAccount(db: Db, actor: Actor, input: EditAccountInput): Promise<{ account: TeamAccount }> {
  const { ownerId } = actor;
  await subRow(db.sql, ownerId, input.id);
  const { base, pageIds } = await ownerGrant(db, ownerId);
  const rules = normaliseGrant(base, input.rules);
  const now = nowSeconds();
  try {
    await writeTx(db, async (tx) => {
      const sub = await subRow(tx, ownerId, input.id);
      await assertMobileFree(tx, input.mobile, input.id);
      await tx`UPDATE "user" SET nickname = ${input.nickname || String(sub.username)}, mobile = ${input.mobile}, updated_at = ${now}
        WHERE id = ${input.id}`;
      await tx`UPDATE user_group SET rules = ${rules.join(',')}, updated_at = ${now} WHERE id = ${num(sub.group_id)} AND owner_id = ${ownerId}`;
      await bumpConfigVersion(tx, 'groups');
      await writeAudit(tx, {
        userId: ownerId,
        action: 'team.edit',
        targetType: 'member',
        targetId: input.id,
        detail: { sub_id: input.id, before: { rules: String(sub.group_rules ?? ''), mobile: sub.mobile, nickname: sub.nickname }, rules },
        ip: actor.ip,
      });
    });
  } catch (err) {
    if (uniqueField(err) === 'mobile') throw taken('mobile');
    throw err;
  }
  return { account: toAccount(await subRow(db.sql, ownerId, input.id), pageIds) };
}

async function revokeAll(tx: SQL, userId: number): Promise<number> {
  const rows = await tx`UPDATE token SET revoked_at = ${nowSeconds()} WHERE user_id = ${userId} AND revoked_at IS NULL RETURNING id`;
  return rows.length;
}

/** Enable or disable a sub-account; disabling revokes every token it holds in the same transaction. */
export async function setStatus(
  db: Db,
  actor: Actor,
  input: { id: number; status: TeamStatus },
): Promise<{ account: TeamAccount; revoked: number }> {
  const { ownerId } = actor;
  const revoked = await writeTx(db, async (tx) => {
    await subRow(tx, ownerId, input.id);
    await tx`UPDATE "user" SET status = ${input.status}, updated_at = ${nowSeconds()} WHERE id = ${input.id}`;
    const n = input.status === 'disable' ? await revokeAll(tx, input.id) : 0;
    await writeAudit(tx, {
      userId: ownerId,
      action: input.status === 'disable' ? 'team.disable' : 'team.enable',
      targetType: 'member',
      targetId: input.id,
      detail: { sub_id: input.id, revoked: n },
      ip: actor.ip,
    });
    return n;
  });
  const { pageIds } = await ownerGrant(db, ownerId);
  return { account: toAccount(await subRow(db.sql, ownerId, input.id), pageIds), revoked };
}

/** Set a sub-account's password and end every session it has. */
export async function resetPassword(db: Db, actor: Actor, input: { id: number; password: string }): Promise<{ revoked: number }> {
  const { ownerId } = actor;
  await subRow(db.sql, ownerId, input.id);
  const hash = await Bun.password.hash(input.password);
  const revoked = await writeTx(db, async (tx) => {
    await subRow(tx, ownerId, input.id);
    await tx`UPDATE "user" SET password_hash = ${hash}, login_failure = 0, last_failure_time = NULL, updated_at = ${nowSeconds()}
      WHERE id = ${input.id}`;
    const n = await revokeAll(tx, input.id);
    await writeAudit(tx, {
      userId: ownerId,
      action: 'team.reset_password',
      targetType: 'member',
      targetId: input.id,
      detail: { sub_id: input.id, revoked: n },
      ip: actor.ip,
    });
    return n;
  });
  return { revoked };
}
