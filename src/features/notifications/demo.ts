/**
 * Demo notices: a few unread ones for demo of kinds other areas do not seed themselves (a
 * credited top-up, an issued policy), written through notify() so their e-mail/SMS copies are
 * recorded as deliveries (demo has an e-mail address; the SMS copy waits for the opt-in). Nothing is
 * sent while seeding: the copies stay pending until the `notice-retries` job's first run.
 */
import type { SQL } from 'bun';
import { num } from '~/server/db/client';
import type { DemoContext } from '~/server/db/seed';
import { notify } from './service';

const HOUR = 3600;

export async function seedNoticeDemo({ db, users, now }: DemoContext): Promise<void> {
  const demo = users.demo;
  if (!demo) return;
  // A plain transaction (not inTransaction): the copies are recorded, not sent after the commit.
  await db.sql.begin((tx) => seed(tx, demo, now));
}

async function seed(tx: SQL, demo: number, now: number): Promise<void> {
  const [policy] = await tx`SELECT id, order_no, policy_no, start_date, end_date FROM policy_order
    WHERE user_id = ${demo} AND policy_no IS NOT NULL ORDER BY id DESC LIMIT 1`;
  if (policy) {
    await notify(tx, {
      userId: demo,
      kind: 'order_issued',
      params: {
        order_no: String(policy.order_no),
        policy_no: String(policy.policy_no),
        start_date: String(policy.start_date),
        end_date: String(policy.end_date),
      },
      link: `/user/order/groupDetail?id=${num(policy.id)}`,
      at: now - 5 * HOUR,
    });
  }
  await notify(tx, {
    userId: demo,
    kind: 'topup_credited',
    params: { amount: 500_000, payment_ref: 'DEMO-20260418-01' },
    link: '/user/account/balance',
    at: now - 2 * HOUR,
  });
}
