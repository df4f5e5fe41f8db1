/**
 * Demo invoices (DEMO_SEEDERS, after endorsements), through the domain functions: an issued one
 * for demo's tuanyi policy (code 91310115MA1K4ABC18, generated PDF), a rejected one for the E01
 * endorsement charge, an applied special invoice for another policy; the guzhu policy stays
 * invoiceable; the policy the endorsements demo surrenders is invoiced first, so its refund brings
 * a credit invoice waiting for the operator.
 */
import { siteToday, surrenderOrder } from '~/features/orders';
import { num } from '~/server/db/client';
import type { DemoContext } from '~/server/db/seed';
import { issueWithFile } from './router';
import { applyInvoice, rejectInvoice } from './applications';

const TITLE = { title: '上海示例科技有限公司', taxpayer_id: '91310115MA1K4ABC18', email: 'finance@example.com' };

/** Demo seeder: demo's invoices (see the module comment). */
export async function seedInvoicesDemo(ctx: DemoContext): Promise<void> {
  const demo = ctx.users.demo;
  const operator = ctx.users.operator;
  if (demo === undefined) return;
  const { db } = ctx;
  const orderOf = async (product: string) => {
    const [r] =
      await db.sql`SELECT id FROM policy_order WHERE user_id = ${demo} AND product = ${product} AND status = 'effective' ORDER BY insured_count DESC, id LIMIT 1`;
    return r ? num(r.id) : null;
  };
  const base = { kind: 'normal' as const, title_type: 'company' as const, address: '', phone: '', bank: '', account: '', ...TITLE };
  const tuanyi = await orderOf('tuanyi');
  if (tuanyi) {
    const inv = await applyInvoice(db, demo, { ...base, request_id: 'demo-invoice-tuanyi', sources: [{ type: 'order', id: tuanyi }] });
    if (operator !== undefined && inv.status === 'applied') await issueWithFile(db, operator, inv.id, '26312000000000012345');
  }
  const [e01] = await db.sql`SELECT id FROM endorsement WHERE user_id = ${demo} AND endorse_no LIKE '%-E01' AND charged > 0 LIMIT 1`;
  if (e01) {
    const inv = await applyInvoice(db, demo, {
      ...base,
      title: '上海示例科技公司',
      request_id: 'demo-invoice-e01',
      sources: [{ type: 'endorse', id: num(e01.id) }],
    });
    if (operator !== undefined && inv.status === 'applied')
      await rejectInvoice(db, operator, inv.id, '发票抬头与付款单位名称不一致，请核对后重新申请');
  }
  // Invoiced, then surrendered: the refund brings a credit invoice for the operator to issue.
  const [late] = await db.sql`SELECT order_id FROM endorsement WHERE user_id = ${demo} AND request_id = 'demo-endorse-s-add'`;
  if (late) {
    const id = num(late.order_id);
    const inv = await applyInvoice(db, demo, { ...base, request_id: 'demo-invoice-surrendered', sources: [{ type: 'order', id }] });
    if (operator !== undefined && inv.status === 'applied') await issueWithFile(db, operator, inv.id, '26312000000000012399');
    const today = await siteToday(db);
    await surrenderOrder(db, demo, { id, date: today }, { today });
  }
  const other = (await orderOf('anze')) ?? (await orderOf('personal'));
  if (other) {
    await applyInvoice(db, demo, {
      ...base,
      kind: 'special',
      request_id: 'demo-invoice-special',
      sources: [{ type: 'order', id: other }],
      address: '上海市浦东新区世纪大道100号 20楼',
      phone: '021-68880000',
      bank: '招商银行上海张江支行',
      account: '1219 0912 3410 001',
    });
  }
}
