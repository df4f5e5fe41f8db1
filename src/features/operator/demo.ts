/**
 * Demo data of the operator console: corporate members corp01–corp24 (two pages in the member
 * list), three of them disabled, split between the default and manager groups, with passwords
 * nobody knows; and corp01's +500.00 adjustment, made through the console's own adjust (ledger
 * entry and audit entry in one transaction).
 */
import type { DemoContext } from '~/server/db/seed';
import { num } from '~/server/db/client';
import { adjustMember } from './members';

const DAY = 86_400;
const DISABLED = new Set([5, 12, 19]);

/** Demo seeder (DEMO_SEEDERS, after the ledger). */
export async function seedOperatorDemo({ db, users, now }: DemoContext): Promise<void> {
  // One hash of a random secret that is thrown away: a valid hash no password matches.
  const unusable = await Bun.password.hash(crypto.randomUUID() + crypto.randomUUID());
  const groups = await db.sql`SELECT id, code FROM user_group WHERE code IN ('default', 'manager')`;
  const groupId = (code: string) => num(groups.find((g: { code: string }) => g.code === code)?.id);
  const ids: number[] = [];
  await db.sql.begin(async (tx) => {
    for (let i = 1; i <= 24; i++) {
      const n = String(i).padStart(2, '0');
      const joined = now - (60 - i * 2) * DAY;
      const [row] = await tx`INSERT INTO "user" ${tx({
        group_id: groupId(i % 3 === 0 ? 'manager' : 'default'),
        username: `corp${n}`,
        nickname: `企业会员${n}`,
        email: `corp${n}@example.com`,
        mobile: `1370000${String(1000 + i)}`,
        avatar: '',
        gender: 0,
        money: 0,
        score: 0,
        password_hash: unusable,
        status: DISABLED.has(i) ? 'disable' : 'enable',
        join_time: joined,
        join_ip: '127.0.0.1',
        motto: '',
        created_at: joined,
        updated_at: joined,
      })} RETURNING id`;
      ids.push(num(row.id));
    }
  });
  const operator = users.operator;
  if (operator === undefined) return;
  await adjustMember(
    db,
    { userId: operator, ip: '127.0.0.1' },
    { request_id: 'seed-corp01-opening', id: ids[0], kind: 'money', amount: '500.00', units: 50_000, reason: '开户赠送余额' },
  );
}
