/**
 * Demo endorsements and invoices (DEMO_SEEDERS, after orders), written through the domain
 * functions, ledger included: on demo's guzhu policy E01 (3 added, approved), E02 (2 removed,
 * approved), E03 (a replacement from a future date, approved), one rejected and one cancelled;
 * on its tuanyi policy one submitted ID fix waiting for an operator; and a second tuanyi policy
 * with two people added and one removed, which the invoices demo invoices and then surrenders
 * (its credit invoice). Invoices live in the invoices area, which seeds them after this.
 */
import { DEMO_HOLDERS, demoOrder } from '~/features/orders';
import { makeResidentId } from '~/lib/cn-id';
import { num } from '~/server/db/client';
import type { DemoContext } from '~/server/db/seed';
import { baseEndorseContext } from './router';
import { addDays } from './premium';
import { approveEndorsement } from './approval';
import { createEndorsement } from './drafts';
import { addItems } from './items';
import { type Endorsement, siteToday } from './model';
import { submitEndorsement } from './submit';
import { cancelEndorsement, rejectEndorsement } from './transitions';
import type { ItemInput } from './schemas';

/** The policy the demo endorses: the member's largest effective named policy of a type. */
async function policyOf(ctx: DemoContext, userId: number, type: string): Promise<{ id: number; start: string } | null> {
  const [r] = await ctx.db.sql`SELECT id, start_date FROM policy_order WHERE user_id = ${userId} AND product = ${type}
    AND status = 'effective' AND named_list = 1 ORDER BY insured_count DESC, id LIMIT 1`;
  return r ? { id: num(r.id), start: String(r.start_date) } : null;
}

async function roster(ctx: DemoContext, orderId: number, date: string): Promise<number[]> {
  const rows = await ctx.db
    .sql`SELECT id FROM order_insured WHERE order_id = ${orderId} AND active_from <= ${date} AND active_to >= ${date} ORDER BY id`;
  return rows.map((r: Record<string, unknown>) => num(r.id));
}

/**
 * One endorsement through its life: created "on" its effective date (past ones as if filed then),
 * items, submitted, then decided as asked (the sandbox may already have decided it).
 */
async function endorse(
  ctx: DemoContext,
  userId: number,
  orderId: number,
  key: string,
  E: string,
  today: string,
  items: (id: number) => ItemInput[],
  end: 'approve' | 'reject' | 'cancel' | 'submit',
  remark = '',
): Promise<Endorsement> {
  // A past change is seeded as if made the day before it took effect (the plan's lead time).
  const base = { ...baseEndorseContext('127.0.0.1'), today: E <= today ? addDays(E, -1) : today };
  const e = await createEndorsement(
    ctx.db,
    userId,
    { request_id: `demo-endorse-${key}`, order_id: orderId, effective_date: E, remark },
    base,
  );
  await addItems(ctx.db, userId, e.id, items(e.id), base);
  if (end === 'cancel') return cancelEndorsement(ctx.db, userId, e.id, '人员名单有误，重新申请', base);
  const { endorsement } = await submitEndorsement(ctx.db, userId, e.id, base);
  if (endorsement.status !== 'submitted' || end === 'submit') return endorsement;
  return end === 'approve'
    ? approveEndorsement(ctx.db, null, e.id, '资料齐全，同意批改', base)
    : rejectEndorsement(ctx.db, null, e.id, '新增人员职业类别与实际工种不符', base);
}

const person = (name: string, birthday: string, seq: number, cls: number) => ({
  name,
  id_no: makeResidentId(birthday, seq, '310104'),
  occupation_class: cls,
});

/** Demo seeder: demo's endorsements (see the module comment). Skipped when orders left no policy. */
export async function seedEndorseDemo(ctx: DemoContext): Promise<void> {
  const demo = ctx.users.demo;
  if (demo === undefined) return;
  const today = await siteToday(ctx.db);
  const guzhu = await policyOf(ctx, demo, 'guzhu');
  if (guzhu) {
    const e1 = addDays(today, -40) < guzhu.start ? guzhu.start : addDays(today, -40);
    await endorse(
      ctx,
      demo,
      guzhu.id,
      'e01',
      e1,
      today,
      (id) => [
        { id, kind: 'add', ...person('周子涵', '1992-03-14', 111, 2) },
        { id, kind: 'add', ...person('吴俊杰', '1988-11-02', 213, 2) },
        { id, kind: 'add', ...person('郑雨桐', '1996-06-21', 318, 3) },
      ],
      'approve',
    );
    const e2 = addDays(today, -20) < e1 ? e1 : addDays(today, -20);
    const onE2 = await roster(ctx, guzhu.id, e2);
    await endorse(
      ctx,
      demo,
      guzhu.id,
      'e02',
      e2,
      today,
      (id) => onE2.slice(0, 2).map((insured_id) => ({ id, kind: 'remove' as const, insured_id })),
      'approve',
    );
    const e3 = addDays(today, 10);
    const onE3 = await roster(ctx, guzhu.id, e3);
    await endorse(
      ctx,
      demo,
      guzhu.id,
      'e03',
      e3,
      today,
      (id) => [{ id, kind: 'replace', insured_id: onE3[2], ...person('冯嘉怡', '1994-08-09', 422, 2) }],
      'approve',
    );
    await endorse(
      ctx,
      demo,
      guzhu.id,
      'rej',
      addDays(today, 3),
      today,
      (id) => [{ id, kind: 'add', ...person('钱志远', '1985-01-30', 515, 4) }],
      'reject',
      '夜班岗位 SANDBOX-REJECT',
    );
    await endorse(
      ctx,
      demo,
      guzhu.id,
      'can',
      addDays(today, 5),
      today,
      (id) => [{ id, kind: 'add', ...person('孙晓梅', '1990-12-12', 624, 2) }],
      'cancel',
    );
  }
  // A policy with endorsements that the invoices demo surrenders after its invoice was issued.
  let tick = ctx.now - 2 * 3600;
  const late = await demoOrder(
    ctx.db,
    demo,
    { product: 'tuanyi', plan: 0, class: 2, months: 12, start: -30, people: 8, status: 'effective' },
    { now: ctx.now, today, clock: () => (tick += 30), key: 'demo-surrender', holder: DEMO_HOLDERS.demo },
  );
  await endorse(
    ctx,
    demo,
    late.id,
    's-add',
    addDays(today, -20),
    today,
    (id) => [
      { id, kind: 'add', ...person('林思远', '1991-04-18', 811, 2) },
      { id, kind: 'add', ...person('黄佳琪', '1995-09-27', 822, 3) },
    ],
    'approve',
  );
  const onLate = await roster(ctx, late.id, addDays(today, -8));
  await endorse(
    ctx,
    demo,
    late.id,
    's-remove',
    addDays(today, -8),
    today,
    (id) => [{ id, kind: 'remove', insured_id: onLate[0] }],
    'approve',
  );
  const tuanyi = await policyOf(ctx, demo, 'tuanyi');
  if (tuanyi) {
    const E = addDays(today, 1);
    const onE = await roster(ctx, tuanyi.id, E);
    const [r] = await ctx.db.sql`SELECT birthday FROM order_insured WHERE id = ${onE[0]}`;
    const fixed = makeResidentId(String(r.birthday), 731, '310106');
    await endorse(
      ctx,
      demo,
      tuanyi.id,
      'idfix',
      E,
      today,
      (id) => [{ id, kind: 'correct', insured_id: onE[0], id_no: fixed }],
      'submit',
      '身份证号码录入错误，申请更正',
    );
  }
}
