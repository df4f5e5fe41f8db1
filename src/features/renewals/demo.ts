/**
 * Demo renewals: demo's policy that ends in about ten days (orders' demo) has its reminders — the
 * 30-day one sent twenty days ago (read), the 14-day one now — sent through the reminder function
 * itself; and the work-safety "Standard" plan's band-1 price went up since it was bought (an
 * operator's audited price edit), so Renew shows a price difference. The policy stays renewable.
 */
import { markRead } from '~/features/notifications';
import { findPlan, updatePlan } from '~/features/products';
import { fenToYuan } from '~/lib/money';
import { type Db, num } from '~/server/db/client';
import type { DemoContext } from '~/server/db/seed';
import { sendCoverEndingReminders } from './reminders';

const DAY = 86_400;
/** The new annual price of band 1 (fen): 150.00 → 168.00. */
const RAISED_BAND_1 = 16_800;

async function raiseAnzePrice(db: Db, operatorId: number): Promise<void> {
  const [row] = await db.sql`SELECT id FROM product_plan WHERE product = 'anze' ORDER BY weigh, id LIMIT 1`;
  const plan = row ? await findPlan(db, num(row.id)) : null;
  if (!plan || plan.annual['1'] === RAISED_BAND_1) return;
  const annual = Object.fromEntries(Object.entries(plan.annual).map(([k, fen]) => [k, fenToYuan(k === '1' ? RAISED_BAND_1 : fen)]));
  await updatePlan(db, operatorId, {
    // biome-ignore lint/suspicious/noExplicitAny: the plan's own classes
    annual: annual as any,
    id: plan.id,
    name: plan.name,
    name_en: plan.name_en,
    min_insured: plan.min_insured,
    max_insured: plan.max_insured,
    age_min: plan.age_min,
    age_max: plan.age_max,
    status: 1,
  });
}

export async function seedRenewalsDemo({ db, users, now }: DemoContext): Promise<void> {
  if (users.demo === undefined) return;
  if (users.operator !== undefined) await raiseAnzePrice(db, users.operator);
  const earlier = await sendCoverEndingReminders(db, now - 20 * DAY);
  const [first] = earlier.orders.length
    ? await db.sql`SELECT notification_id FROM renewal_reminder WHERE order_id IN ${db.sql(earlier.orders)} AND notification_id IS NOT NULL`
    : [];
  if (first) await markRead(db, users.demo, { ids: [num(first.notification_id)] });
  await sendCoverEndingReminders(db, now);
}
