/**
 * An operator account made from the command line (`bun run create-operator`): on a production
 * database nobody can sign in to the console until one exists, because demo members with known
 * passwords are never seeded there. The account is an ordinary member in the `operator` group with
 * an argon2id hash, and the creation is audited like the console's own changes.
 */
import * as v from 'valibot';
import { account, email, password } from '~/lib/fields';
import { writeAudit } from '~/server/audit';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { parseInput } from '~/server/validate';
import { conflict } from './common';

/** The command's input, held to the same field rules as registration. */
export const createOperatorSchema = v.object({ username: account(), email: email(), password: password() });

/**
 * Creates an enabled operator; 400 naming the field for bad input, 409 when the username or the
 * e-mail address belongs to another member. Returns the new member's id.
 */
export async function createOperator(db: Db, input: unknown, via = 'create-operator'): Promise<{ id: number; username: string }> {
  const { username, email: address, password: secret } = parseInput(createOperatorSchema, input);
  // argon2id is slow on purpose: hash before the transaction.
  const hash = await Bun.password.hash(secret, { algorithm: 'argon2id' });
  const mail = address.toLowerCase();
  const now = nowSeconds();
  return db.sql.begin(async (tx) => {
    const [group] = await tx`SELECT id FROM user_group WHERE code = 'operator'`;
    if (!group) throw new Error('the operator group is missing: migrate the database first');
    const clash = await tx`SELECT id FROM "user" WHERE LOWER(username) = ${username.toLowerCase()} OR email = ${mail}`;
    if (clash.length) throw conflict('operator.accountTaken');
    const [row] = await tx`INSERT INTO "user" ${tx({
      group_id: num(group.id),
      username,
      nickname: username,
      email: mail,
      password_hash: hash,
      status: 'enable',
      join_time: now,
      created_at: now,
      updated_at: now,
    })} RETURNING id`;
    const id = num(row.id);
    await writeAudit(tx, {
      userId: null,
      action: 'operator.member.created',
      targetType: 'member',
      targetId: id,
      detail: { username, via },
    });
    return { id, username };
  }) as Promise<{ id: number; username: string }>;
}
