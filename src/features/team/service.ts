/**
 * Team domain (issue #12): a main account's sub-accounts, their private groups, their status and
 * passwords, and balance transfers between owner and sub through the ledger.
 */
import type { SQL } from 'bun';
import type { Locale } from '~/lib/types';
import { fenToYuan } from '~/lib/money';
import { writeAudit } from '~/server/audit';
import { type Db, num, numOrNull, nowSeconds } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { bumpConfigVersion, getConfigValue } from '~/server/site-config';
import { changeBalance, dayStart } from '../ledger';
import { type GrantablePage, grantBase, grantablePages, normaliseGrant, parseRuleList } from './grants';
import type {
  AddAccountInput,
  AllocateInput,
  AllocationsQuery,
  EditAccountInput,
  TeamDirection,
  TeamListQuery,
  TeamStatus,
} from './schemas';

type Row = Record<string, unknown>;

/** Default cap on sub-accounts per owner (site setting `teamMaxAccounts`). */
export const DEFAULT_TEAM_MAX = 50;

/** A sub-account as the API and pages show it (money as a yuan string). */
export interface TeamAccount {
  id: number;
  username: string;
  nickname: string;
  mobile: string;
  status: TeamStatus;
  money: string;
  last_login_time: number | null;
  last_login_ip: string;
  /** Pages (menu rules) it may open now: its grant ∩ the owner's current rules. */
  pages: number;
  created_at: number;
}

/** A transfer as the API answers it. */
export interface TransferView {
  id: number;
  sub_id: number;
  sub_username: string;
  direction: TeamDirection;
  amount: string;
  memo: string;
  owner_after: string;
  sub_after: string;
  created_at: number;
}

const notFound = () => new DomainError('notFoundRecord', { status: 404, code: Codes.NOT_FOUND });

/** A write transaction: SQLite takes the write lock at BEGIN (IMMEDIATE), so readers inside see the final state. */
function writeTx<T>(db: Db, fn: (tx: SQL) => Promise<T>): Promise<T> {
  return (db.dialect === 'sqlite' ? db.sql.begin('IMMEDIATE', fn) : db.sql.begin(fn)) as Promise<T>;
}

/** The owner's current rule ids (as a Set) and the pages among them. */
async function ownerGrant(db: Db, ownerId: number) {
  const base = await grantBase(db, ownerId);
  return { base, ids: new Set(base.map((r) => r.id)), pageIds: new Set(base.filter((r) => r.type === 'menu').map((r) => r.id)) };
}

function toAccount(r: Row, pageIds: Set<number>): TeamAccount {
  const granted = parseRuleList(String(r.group_rules ?? ''));
  let pages = 0;
  for (const id of granted) if (pageIds.has(id)) pages++;
  return {
    id: num(r.id),
    username: String(r.username),
    nickname: String(r.nickname ?? ''),
    mobile: String(r.mobile ?? ''),
    status: String(r.status) === 'enable' ? 'enable' : 'disable',
    money: fenToYuan(num(r.money)),
    last_login_time: numOrNull(r.last_login_time),
    last_login_ip: String(r.last_login_ip ?? ''),
    pages,
    created_at: num(r.created_at),
  };
}

async function subRow(sql: SQL, ownerId: number, subId: number): Promise<Row> {
  const [r] = await sql`SELECT u.*, g.rules AS group_rules FROM "user" u LEFT JOIN user_group g ON g.id = u.group_id
    WHERE u.id = ${subId} AND u.parent_id = ${ownerId}`;
  if (!r) throw notFound();
  return r;
}

/** Whether the member is a sub-account (has an owner). */
export async function isSubAccount(db: Db, userId: number): Promise<boolean> {
  const [r] = await db.sql`SELECT parent_id FROM "user" WHERE id = ${userId}`;
  return !!r && numOrNull(r.parent_id) !== null;
}

/** Most sub-accounts one owner may have (site setting `teamMaxAccounts`, default 50). */
export async function teamMaxAccounts(db: Db): Promise<number> {
  const value = Number(await getConfigValue(db, 'teamMaxAccounts'));
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_TEAM_MAX;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** One page of the owner's sub-accounts, newest first, with the owner's balance. */
export async function listTeam(
  db: Db,
  ownerId: number,
  q: TeamListQuery,
): Promise<{ list: TeamAccount[]; total: number; owner: { money: string } }> {
  const { sql } = db;
  let where = sql`u.parent_id = ${ownerId}`;
  if (q.status) where = sql`${where} AND u.status = ${q.status}`;
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword.toLowerCase())}%`;
    where = sql`${where} AND (LOWER(u.username) LIKE ${like} ESCAPE '\\' OR LOWER(u.nickname) LIKE ${like} ESCAPE '\\'
      OR COALESCE(u.mobile, '') LIKE ${like} ESCAPE '\\')`;
  }
  const [agg] = await sql`SELECT COUNT(*) AS n FROM "user" u WHERE ${where}`;
  const [owner] = await sql`SELECT money FROM "user" WHERE id = ${ownerId}`;
  const total = num(agg.n);
  const ownerView = { money: fenToYuan(num(owner?.money)) };
  if (!total) return { list: [], total, owner: ownerView };
  const rows: Row[] = await sql`SELECT u.*, g.rules AS group_rules FROM "user" u LEFT JOIN user_group g ON g.id = u.group_id
    WHERE ${where} ORDER BY u.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  const { pageIds } = await ownerGrant(db, ownerId);
  return { list: rows.map((r) => toAccount(r, pageIds)), total, owner: ownerView };
}

/** Every sub-account of the owner with its balance (for pickers), oldest first. */
export async function teamPicker(
  db: Db,
  ownerId: number,
): Promise<{ id: number; username: string; nickname: string; status: TeamStatus; money: string }[]> {
  const rows: Row[] = await db.sql`SELECT id, username, nickname, status, money FROM "user" WHERE parent_id = ${ownerId} ORDER BY id`;
  return rows.map((r) => ({
    id: num(r.id),
    username: String(r.username),
    nickname: String(r.nickname ?? ''),
    status: String(r.status) === 'enable' ? 'enable' : 'disable',
    money: fenToYuan(num(r.money)),
  }));
}

/** Pages (with buttons) the owner may grant, titles in `locale`. */
export async function grantable(db: Db, ownerId: number, locale: Locale): Promise<GrantablePage[]> {
  return grantablePages(await grantBase(db, ownerId), locale);
}

/** One sub-account and the rule ids it holds now (its grant ∩ the owner's current rules); another owner's → 404. */
export async function teamDetail(db: Db, ownerId: number, subId: number): Promise<{ account: TeamAccount; rules: number[] }> {
  const r = await subRow(db.sql, ownerId, subId);
  const { ids, pageIds } = await ownerGrant(db, ownerId);
  const rules = [...parseRuleList(String(r.group_rules ?? ''))].filter((id) => ids.has(id)).sort((a, b) => a - b);
  return { account: toAccount(r, pageIds), rules };
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

export interface Actor {
  ownerId: number;
  ip?: string;
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

function toTransfer(r: Row, subUsername: string): TransferView {
  return {
    id: num(r.id),
    sub_id: num(r.sub_id),
    sub_username: subUsername,
    direction: String(r.direction) === 'reclaim' ? 'reclaim' : 'allocate',
    amount: fenToYuan(num(r.amount)),
    memo: String(r.memo ?? ''),
    owner_after: fenToYuan(num(r.owner_after)),
    sub_after: fenToYuan(num(r.sub_after)),
    created_at: num(r.created_at),
  };
}

const sameBody = (r: Row, input: AllocateInput) =>
  num(r.sub_id) === input.id &&
  String(r.direction) === input.direction &&
  num(r.amount) === input.amount &&
  String(r.memo ?? '') === input.memo;

function replay(r: Row, input: AllocateInput, subUsername: string): { transfer: TransferView; replayed: true } {
  if (!sameBody(r, input)) throw new DomainError('team.requestReused', { status: 409, code: Codes.CONFLICT, field: 'request_id' });
  return { transfer: toTransfer(r, subUsername), replayed: true };
}

/**
 * Move money between the owner and one sub-account: a `team_transfer` row and two `allocation`
 * ledger entries referencing it, in one transaction. The paying side's row is read under lock
 * (PostgreSQL: both user rows `FOR UPDATE` in id order, so two transfers never deadlock; SQLite:
 * an immediate transaction holds the write lock), and the ledger's conditional update keeps every
 * balance at or above zero. The same request_id with the same body returns the first transfer
 * (`replayed: true`); with another body → 409.
 */
export async function allocate(
  db: Db,
  actor: Actor,
  input: AllocateInput,
  opts: { at?: number } = {},
): Promise<{ transfer: TransferView; replayed: boolean }> {
  const { ownerId } = actor;
  const sub = await subRow(db.sql, ownerId, input.id);
  const subUsername = String(sub.username);
  const run = () =>
    writeTx(db, async (tx) => {
      if (db.dialect === 'postgres') {
        await tx`SELECT id FROM "user" WHERE id IN (${ownerId}, ${input.id}) ORDER BY id FOR UPDATE`;
      }
      const [prev] = await tx`SELECT * FROM team_transfer WHERE owner_id = ${ownerId} AND request_id = ${input.request_id}`;
      if (prev) return replay(prev, input, subUsername);
      const rows: Row[] = await tx`SELECT id, money, status FROM "user" WHERE id IN (${ownerId}, ${input.id})`;
      const owner = rows.find((r) => num(r.id) === ownerId)!;
      const target = rows.find((r) => num(r.id) === input.id)!;
      if (input.direction === 'allocate' && String(target.status) !== 'enable') {
        throw new DomainError('team.subDisabled', { status: 409, code: Codes.CONFLICT, field: 'id' });
      }
      const payer = input.direction === 'allocate' ? owner : target;
      if (num(payer.money) < input.amount) {
        throw new DomainError(input.direction === 'allocate' ? 'team.ownerShort' : 'team.subShort', {
          status: 400,
          code: Codes.VALIDATION,
          field: 'amount',
          params: { available: fenToYuan(num(payer.money)) },
        });
      }
      const sign = input.direction === 'allocate' ? -1 : 1;
      const at = opts.at ?? nowSeconds();
      const [transfer] = await tx`INSERT INTO team_transfer ${tx({
        owner_id: ownerId,
        sub_id: input.id,
        direction: input.direction,
        amount: input.amount,
        memo: input.memo,
        request_id: input.request_id,
        owner_after: num(owner.money) + sign * input.amount,
        sub_after: num(target.money) - sign * input.amount,
        created_at: at,
      })} RETURNING *`;
      const reference = `team_transfer:${num(transfer.id)}`;
      const note = input.memo ? `：${input.memo}` : '';
      const ownerMemo = input.direction === 'allocate' ? `分配给子账号 ${subUsername}` : `从子账号 ${subUsername} 收回`;
      const subMemo = input.direction === 'allocate' ? '主账号分配' : '主账号收回';
      // Debit first: if the payer is short after all, nothing has been credited.
      const debit = { amount: -input.amount, kind: 'allocation' as const, reference, at };
      const credit = { amount: input.amount, kind: 'allocation' as const, reference, at };
      if (input.direction === 'allocate') {
        await changeBalance(tx, { ...debit, userId: ownerId, memo: ownerMemo + note });
        await changeBalance(tx, { ...credit, userId: input.id, memo: subMemo + note });
      } else {
        await changeBalance(tx, { ...debit, userId: input.id, memo: subMemo + note });
        await changeBalance(tx, { ...credit, userId: ownerId, memo: ownerMemo + note });
      }
      await writeAudit(tx, {
        userId: ownerId,
        action: input.direction === 'allocate' ? 'team.allocate' : 'team.reclaim',
        targetType: 'member',
        targetId: input.id,
        detail: {
          sub_id: input.id,
          transfer_id: num(transfer.id),
          amount: fenToYuan(input.amount),
          owner_after: fenToYuan(num(transfer.owner_after)),
          sub_after: fenToYuan(num(transfer.sub_after)),
        },
        ip: actor.ip,
      });
      return { transfer: toTransfer(transfer, subUsername), replayed: false };
    });
  try {
    return await run();
  } catch (err) {
    // Two first submits of one request_id racing past the lookup: the unique index lets one win.
    if (err instanceof DomainError || !/unique|duplicate/i.test(String((err as Error)?.message))) throw err;
    const [prev] = await db.sql`SELECT * FROM team_transfer WHERE owner_id = ${ownerId} AND request_id = ${input.request_id}`;
    if (!prev) throw err;
    return replay(prev, input, subUsername);
  }
}

const NO_END = 253_402_300_799;
const nextDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/** The owner's transfers, newest first, by sub-account and inclusive day range in the site's time zone. */
export async function listTransfers(
  db: Db,
  ownerId: number,
  q: AllocationsQuery,
  timeZone: string,
): Promise<{ list: TransferView[]; total: number }> {
  const { sql } = db;
  const from = q.start ? dayStart(q.start, timeZone) : 0;
  const to = q.end ? dayStart(nextDay(q.end), timeZone) : NO_END;
  let where = sql`t.owner_id = ${ownerId} AND t.created_at >= ${from} AND t.created_at < ${to}`;
  if (q.sub_id !== '') where = sql`${where} AND t.sub_id = ${q.sub_id}`;
  const [agg] = await sql`SELECT COUNT(*) AS n FROM team_transfer t WHERE ${where}`;
  const total = num(agg.n);
  if (!total) return { list: [], total };
  const rows: Row[] = await sql`SELECT t.*, u.username AS sub_username FROM team_transfer t JOIN "user" u ON u.id = t.sub_id
    WHERE ${where} ORDER BY t.created_at DESC, t.id DESC LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`;
  return { list: rows.map((r) => toTransfer(r, String(r.sub_username))), total };
}
