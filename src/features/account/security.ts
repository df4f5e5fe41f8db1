/**
 * Password and bound addresses: change the password (every session ends), prove the current
 * e-mail or mobile with a code (a short-lived account verification token), then bind a new one
 * with a code sent to it.
 */
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { Codes, DomainError } from '~/server/errors';
import type { UserRow } from '~/server/members';
import { enforce } from '~/server/rate-limit';
import { hashToken, randomToken, revokeAllTokens } from '~/server/session';
import { consumeCode } from '../verification';
import type { ChangeBindFields, ChangePasswordFields } from './schemas';

/** Lifetime of an account verification token (reference §5.3: 600 s). */
export const VERIFICATION_TTL = 600;

const fieldError = (key: string, field: string, status = 400) =>
  new DomainError(key, { status, code: status === 409 ? Codes.CONFLICT : Codes.VALIDATION, field, errors: { [field]: key } });

/** Password guesses through the account pages, per member (like the login lock). */
const guessLimit = (userId: number) => ({ key: `account:pw:${userId}`, max: 10, window: 15 * 60 });

/**
 * Change the password after checking the old one. Every token of the member is revoked (the caller
 * also clears this browser's cookies): the member logs in again everywhere.
 */
export async function changePassword(db: Db, member: UserRow, input: ChangePasswordFields, ip = ''): Promise<void> {
  await enforce(db, [guessLimit(member.id)]);
  if (!(await Bun.password.verify(input.oldPassword, member.password_hash))) throw fieldError('account.oldPasswordWrong', 'oldPassword');
  const hash = await Bun.password.hash(input.newPassword);
  await db.sql.begin(async (tx) => {
    await tx`UPDATE "user" SET password_hash = ${hash}, updated_at = ${nowSeconds()} WHERE id = ${member.id}`;
    await revokeAllTokens(tx, member.id);
    await writeAudit(tx, { userId: member.id, action: 'account.password_changed', ip });
  });
}

type BindType = 'email' | 'mobile';

const current = (member: UserRow, type: BindType) => (type === 'email' ? member.email : member.mobile) ?? '';

/**
 * Check the code sent to the member's current e-mail or mobile (`user_email_verify` /
 * `user_mobile_verify`) and issue a single-use token that proves it for VERIFICATION_TTL seconds.
 */
export async function verifyAccount(
  db: Db,
  member: UserRow,
  input: { type: BindType; captcha: string },
): Promise<{ type: BindType; accountVerificationToken: string }> {
  const address = current(member, input.type);
  if (!address) throw fieldError('account.nothingBound', 'type');
  await consumeCode(db, {
    channel: input.type === 'email' ? 'email' : 'sms',
    address,
    event: input.type === 'email' ? 'user_email_verify' : 'user_mobile_verify',
    code: input.captcha,
  });
  const token = randomToken();
  const now = nowSeconds();
  await db.sql`INSERT INTO account_verification ${db.sql({
    token_hash: hashToken(token),
    user_id: member.id,
    type: `${input.type}-pass`,
    created_at: now,
    expires_at: now + VERIFICATION_TTL,
  })}`;
  return { type: input.type, accountVerificationToken: token };
}

/**
 * Bind a new e-mail or mobile. With one bound already, the token of {@link verifyAccount} is
 * required; with none, the account password. Then the new address must be free and its code
 * (`user_change_email` / `user_change_mobile`) right. The token is used up with the change.
 */
export async function changeBind(db: Db, member: UserRow, input: ChangeBindFields, ip = ''): Promise<{ type: BindType; value: string }> {
  const type = input.type;
  const value = type === 'email' ? input.email.toLowerCase() : input.mobile;
  const now = nowSeconds();
  const was = current(member, type);
  let tokenHash: string | null = null;
  if (was) {
    if (!input.accountVerificationToken) throw fieldError('account.verifyFirst', 'accountVerificationToken');
    tokenHash = hashToken(input.accountVerificationToken);
    const [row] = await db.sql`SELECT user_id FROM account_verification
      WHERE token_hash = ${tokenHash} AND type = ${`${type}-pass`} AND used_at IS NULL AND expires_at > ${now}`;
    if (!row || num(row.user_id) !== member.id) throw fieldError('account.verifyFirst', 'accountVerificationToken');
  } else {
    await enforce(db, [guessLimit(member.id)]);
    if (!input.password || !(await Bun.password.verify(input.password, member.password_hash)))
      throw fieldError('account.passwordWrong', 'password');
  }
  if (value === was) throw fieldError('account.sameAddress', type);
  const [taken] =
    type === 'email'
      ? await db.sql`SELECT id FROM "user" WHERE email = ${value} AND id <> ${member.id}`
      : await db.sql`SELECT id FROM "user" WHERE mobile = ${value} AND id <> ${member.id}`;
  if (taken) throw fieldError('account.addressTaken', type, 409);
  await consumeCode(db, {
    channel: type === 'email' ? 'email' : 'sms',
    address: value,
    event: type === 'email' ? 'user_change_email' : 'user_change_mobile',
    code: input.captcha,
  });
  try {
    await db.sql.begin(async (tx) => {
      if (tokenHash) {
        const used =
          await tx`UPDATE account_verification SET used_at = ${now} WHERE token_hash = ${tokenHash} AND used_at IS NULL RETURNING token_hash`;
        if (!used.length) throw fieldError('account.verifyFirst', 'accountVerificationToken');
      }
      if (type === 'email') await tx`UPDATE "user" SET email = ${value}, updated_at = ${now} WHERE id = ${member.id}`;
      else await tx`UPDATE "user" SET mobile = ${value}, updated_at = ${now} WHERE id = ${member.id}`;
      await writeAudit(tx, { userId: member.id, action: 'account.bind_changed', detail: { type }, ip });
    });
  } catch (e) {
    if (e instanceof DomainError) throw e;
    // Another member bound the same address meanwhile: the unique index decided.
    throw fieldError('account.addressTaken', type, 409);
  }
  return { type, value };
}
