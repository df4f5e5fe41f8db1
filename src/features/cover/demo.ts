/**
 * Demo data of proof of cover: one certificate for demo, for today, on demo's first named-list
 * policy in force, listing its first three people (written through `createCertificate`).
 */
import { siteToday } from '~/features/orders';
import { num } from '~/server/db/client';
import type { DemoContext } from '~/server/db/seed';
import { createCertificate } from './certificates';

export async function seedCoverDemo({ db, users, now }: DemoContext): Promise<void> {
  const demo = users.demo;
  if (!demo) return;
  const today = await siteToday(db);
  const [order] = await db.sql`SELECT id FROM policy_order
    WHERE user_id = ${demo} AND status = 'effective' AND named_list = 1 AND policy_no IS NOT NULL
      AND start_date <= ${today} AND end_date >= ${today} ORDER BY id LIMIT 1`;
  if (!order) return;
  const people = await db.sql`SELECT id FROM order_insured WHERE order_id = ${order.id}
    AND active_from <= ${today} AND active_to >= ${today} ORDER BY id LIMIT 3`;
  if (!people.length) return;
  await createCertificate(
    db,
    demo,
    { order_id: num(order.id), day: today, insured_ids: people.map((p: { id: unknown }) => num(p.id)), request_id: 'demo-cover-1' },
    { today, at: now },
  );
}
