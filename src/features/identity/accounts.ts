/**
 * Accounts made and recovered with a code: registration by e-mail or mobile (the member is
 * signed in at once) and password recovery (every session of the member ends).
 */
import { writeAudit } from '~/server/audit';
import { num, nowSeconds, type Db } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import { findUserById } from '~/server/members';
import { enforce, type Limit } from '~/server/rate-limit';
import { revokeAllTokens } from '~/server/session';
import { consumeCode, invalidCode } from '../verification';
import type { RegisterFields, RetrievePasswordFields } from './schemas';
import { type LoginResult, openSession } from './service';

const taken = (field: string) =>
  new DomainError('identity.taken', { status: 409, code: Codes.CONFLICT, field, errors: { [field]: 'identity.taken' } });

/** True when another member already has this value in `column`. */
async function inUse(db: Db, column: 'username' | 'email' | 'mobile', value: string): Promise<boolean> {
  const rows =
    column === 'username'
      ? await db.sql`SELECT id FROM "user" WHERE LOWER(username) = ${value.toLowerCase()}`
      : column === 'email'
        ? await db.sql`SELECT id FROM "user" WHERE email = ${value.toLowerCase()}`
        : await db.sql`SELECT id FROM "user" WHERE mobile = ${value}`;
  return rows.length > 0;
}

/** Tries at codes per IP per hour (registration and recovery together). */
const codeTriesPerIp = (ip: string): Limit => ({ key: `codecheck:ip:${ip}`, max: 30, window: 3600 });

/**
 * Register a member in the default group with the code sent to their e-mail or mobile, then sign
 * them in. Names are checked before the code is used, so a taken name does not burn the code.
 */
export async function registerMember(db: Db, input: RegisterFields, meta: { ip: string; userAgent?: string }): Promise<LoginResult> {
  const address = input.registerType === 'email' ? input.email.toLowerCase() : input.mobile;
  if (await inUse(db, 'username', input.username)) throw taken('username');
  if (await inUse(db, input.registerType, address)) throw taken(input.registerType);
  await enforce(db, [codeTriesPerIp(meta.ip)]);
  await consumeCode(db, {
    channel: input.registerType === 'email' ? 'email' : 'sms',
    address,
    event: 'user_register',
    code: input.captcha,
  });
  const hash = await Bun.password.hash(input.password);
  const now = nowSeconds();
  let id: number;
  try {
    const [group] = await db.sql`SELECT id FROM user_group WHERE code = 'default'`;
    const [row] = await db.sql`INSERT INTO "user" ${db.sql({
      group_id: num(group.id),
      username: input.username,
      nickname: input.username,
      email: input.registerType === 'email' ? address : null,
      mobile: input.registerType === 'mobile' ? address : null,
      password_hash: hash,
      status: 'enable',
      join_time: now,
      join_ip: meta.ip,
      created_at: now,
      updated_at: now,
    })} RETURNING id`;
    id = num(row.id);
  } catch {
    // Two registrations raced for the same name or address: the unique index decided.
    throw taken('username');
  }
  await writeAudit(db, { userId: id, action: 'auth.register', detail: { by: input.registerType }, ip: meta.ip });
  const user = await findUserById(db, id);
  if (!user) throw new Error('registered member vanished');
  return openSession(db, user, { keep: input.keep, ip: meta.ip, userAgent: meta.userAgent }, 'auth.login');
}

/**
 * Set a new password with the code sent to the member's e-mail or mobile. An unknown address
 * answers exactly like a wrong code. Every session of the member ends, and the login lock resets.
 */
export async function retrievePassword(db: Db, input: RetrievePasswordFields, meta: { ip: string }): Promise<void> {
  const address = input.type === 'email' ? input.account.toLowerCase() : input.account;
  await enforce(db, [codeTriesPerIp(meta.ip), { key: `recover:${address}`, max: 10, window: 3600 }]);
  const [row] =
    input.type === 'email'
      ? await db.sql`SELECT id FROM "user" WHERE email = ${address}`
      : await db.sql`SELECT id FROM "user" WHERE mobile = ${address}`;
  // Checked even for unknown addresses (the code row exists, unsendable), so timing and answer match.
  await consumeCode(db, { channel: input.type === 'email' ? 'email' : 'sms', address, event: 'user_retrieve_pwd', code: input.captcha });
  if (!row) throw invalidCode();
  const userId = num(row.id);
  const hash = await Bun.password.hash(input.password);
  await db.sql`UPDATE "user" SET password_hash = ${hash}, login_failure = 0, last_failure_time = NULL, updated_at = ${nowSeconds()}
    WHERE id = ${userId}`;
  await revokeAllTokens(db, userId);
  await writeAudit(db, { userId, action: 'auth.password_reset', detail: { by: input.type }, ip: meta.ip });
}
