import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeResidentId } from '~/lib/cn-id';
import { addDays } from '~/features/endorse';
import { apiClient, ledgerSeededDatabase, placePolicy, setInsurer, userId } from '../../../tests/support/endorse-kit';
import { siteToday, surrenderOrder } from '~/features/orders';
import { num } from '~/server/db/client';
import { outboxAdapter, readOutbox, setDeliveryAdapter } from '~/server/delivery';
import { engines, type TestDatabase } from '../../../tests/support/test-db';
import { splitVat } from './vat';

const CODE = '91310115MA1K4ABC18';

for (const engine of engines()) {
  describe(`invoices on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let demo: string;
    let manager: string;
    let operator: string;
    let demoId: number;
    let n = 0;
    const outbox = mkdtempSync(join(tmpdir(), 'invoice-outbox-'));
    const rid = () => `inv-${Date.now()}-${++n}-${Math.random().toString(36).slice(2, 8)}`;
    const company = (sources: { type: string; id: number }[], extra: Record<string, unknown> = {}) => ({
      request_id: rid(),
      sources,
      kind: 'normal',
      title_type: 'company',
      title: '上海示例科技有限公司',
      taxpayer_id: CODE,
      email: 'finance@example.com',
      ...extra,
    });
    const source = async (type: string, id: number, token = demo) =>
      (await api.get('invoice/sources', token)).body.data.list.find(
        (s: { source_type: string; source_id: number }) => s.source_type === type && s.source_id === id,
      );

    beforeAll(async () => {
      t = await ledgerSeededDatabase(engine);
      api = apiClient(t.db);
      await setInsurer(t.db, 'manual');
      setDeliveryAdapter('email', outboxAdapter(outbox));
      demo = await api.login('demo', 'Demo#2026');
      manager = await api.login('manager', 'Manager#2026');
      operator = await api.login('operator', 'Operator#2026');
      demoId = await userId(t.db, 'demo');
    }, 60_000);
    afterAll(async () => {
      setDeliveryAdapter('email', undefined);
      await t?.drop();
    });

    test('sources: effective orders and approved endorsement charges, with what is invoiceable', async () => {
      const p = await placePolicy(t.db, demoId, { people: 4 });
      const unpaid = await placePolicy(t.db, demoId, { start: 5, status: 'unpaid', people: 3 });
      const s = await source('order', p.id);
      expect(s).toMatchObject({
        paid: (p.premium / 100).toFixed(2),
        refunded: '0.00',
        invoiceable: (p.premium / 100).toFixed(2),
        ref_no: p.policyNo,
      });
      expect(await source('order', unpaid.id)).toBeUndefined();
      // an approved endorsement charge is a source of its own
      const today = await siteToday(t.db);
      const e = (await api.post('endorse/create', demo, { request_id: rid(), order_id: p.id, effective_date: addDays(today, 1) })).body.data
        .endorsement;
      await api.post('endorse/item', demo, {
        id: e.id,
        kind: 'add',
        name: '开票员工',
        id_no: makeResidentId('1991-02-03', 301),
        occupation_class: 2,
      });
      await api.post('endorse/submit', demo, { id: e.id });
      await api.post('operator/endorse/approve', operator, { id: e.id });
      const charge = await source('endorse', e.id);
      expect(Number(charge.paid)).toBeGreaterThan(0);
      expect(charge.ref_no).toBe(`${p.policyNo}-E01`);
      expect(await source('order', p.id, manager)).toBeUndefined();
    });

    test('apply: GB 32100 and special-invoice fields checked in both languages; personal titles normal only', async () => {
      const p = await placePolicy(t.db, demoId, { people: 3 });
      const src = [{ type: 'order', id: p.id }];
      const bad = await api.post('invoice/apply', demo, company(src, { taxpayer_id: '91310115MA1K4ABC19' }));
      expect(bad.status).toBe(400);
      expect(bad.body.data.field).toBe('taxpayer_id');
      expect(bad.body.data.errors.taxpayer_id).toContain('GB 32100');
      const badZh = await api.post('invoice/apply', demo, company(src, { taxpayer_id: '91310115MA1K4ABC19' }), 'zh-cn');
      expect(badZh.body.data.errors.taxpayer_id).toContain('统一社会信用代码');
      const special = await api.post('invoice/apply', demo, company(src, { kind: 'special' }));
      expect(special.status).toBe(400);
      expect(special.body.data.errors.address).toBeDefined();
      const personal = await api.post('invoice/apply', demo, company(src, { title_type: 'personal', taxpayer_id: '', kind: 'special' }));
      expect(personal.body.data.errors.kind).toBe('A personal title takes normal invoices only');
      expect((await api.post('invoice/apply', manager, company(src))).status).toBe(403);
      const ok = await api.post(
        'invoice/apply',
        demo,
        company(src, {
          kind: 'special',
          address: '上海市浦东新区世纪大道100号',
          phone: '021-12345678',
          bank: '招商银行上海分行',
          account: '6214 8301 2345 6789',
        }),
      );
      expect(ok.status).toBe(200);
      expect(ok.body.data.invoice).toMatchObject({ status: 'applied', amount: (p.premium / 100).toFixed(2) });
      expect(ok.body.data.invoice.apply_no).toMatch(/^IV\d{14}$/);
      expect((await source('order', p.id)).invoiceable).toBe('0.00');
      const again = await api.post('invoice/apply', demo, company(src));
      expect(again.status).toBe(409);
      expect(again.body.message).toContain(p.policyNo as string);
    });

    test('parallel applications for one order: exactly one invoice, the rest 409 naming it', async () => {
      const p = await placePolicy(t.db, demoId, { people: 3 });
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => api.post('invoice/apply', demo, company([{ type: 'order', id: p.id }]))),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      const lost = replies.filter((r) => r.status === 409);
      expect(lost).toHaveLength(7);
      expect(lost.every((r) => r.body.data.ref_no === p.policyNo)).toBe(true);
      const [c] = await t.db.sql`SELECT COUNT(*) AS n FROM invoice_item WHERE source_type = 'order' AND source_id = ${p.id} AND active = 1`;
      expect(num(c.n)).toBe(1);
    });

    test('issue with a generated PDF (6 % VAT) e-mails the link; the member downloads it; reject and cancel free the amount', async () => {
      const p = await placePolicy(t.db, demoId, { product: 'tuanyi', plan: 0, class: 1, people: 4 });
      const inv = (await api.post('invoice/apply', demo, company([{ type: 'order', id: p.id }]))).body.data.invoice;
      expect((await api.get('operator/invoice/list', demo)).status).toBe(403);
      const queue = await api.get('operator/invoice/list', operator);
      expect(queue.body.data.list.some((x: { id: number }) => x.id === inv.id)).toBe(true);
      const issued = await api.post('operator/invoice/issue', operator, { id: inv.id, invoice_no: '26312000000012345678' });
      expect(issued.status).toBe(200);
      expect(issued.body.data.invoice.status).toBe('issued');
      const mail = readOutbox(outbox, 'finance@example.com');
      expect(mail.at(-1)?.text).toContain(`/userapi/v1/invoice/download?id=${inv.id}`);
      const file = await api.get(`invoice/download?id=${inv.id}`, demo);
      expect(file.status).toBe(200);
      expect(new TextDecoder().decode(file.bytes?.subarray(0, 5))).toBe('%PDF-');
      expect((await api.get(`invoice/download?id=${inv.id}`, manager)).status).toBe(404);
      const detail = await api.get(`invoice/detail?id=${inv.id}`, demo);
      expect(detail.body.data.timeline.map((x: { to: string }) => x.to)).toEqual(['applied', 'issued']);
      expect(detail.body.data.file_url).toBe(`/userapi/v1/invoice/download?id=${inv.id}`);
      // every transition from every state
      for (const [path, token, body] of [
        ['operator/invoice/issue', operator, { id: inv.id, invoice_no: '26312000000012345679' }],
        ['operator/invoice/reject', operator, { id: inv.id, reason: 'x' }],
        ['invoice/cancel', demo, { id: inv.id }],
      ] as const) {
        const r = await api.post(path, token, body);
        expect(r.status).toBe(409);
        expect(r.body.message).toBe('The invoice request is issued; this action is not possible');
      }

      const q = await placePolicy(t.db, demoId, { people: 3 });
      const a = (await api.post('invoice/apply', demo, company([{ type: 'order', id: q.id }]))).body.data.invoice;
      expect((await api.post('operator/invoice/reject', operator, { id: a.id, reason: '抬头与付款单位不一致' })).status).toBe(200);
      expect((await source('order', q.id)).invoiceable).toBe((q.premium / 100).toFixed(2));
      expect((await api.post('invoice/cancel', demo, { id: a.id })).status).toBe(409);
      const b = (await api.post('invoice/apply', demo, company([{ type: 'order', id: q.id }]))).body.data.invoice;
      expect((await api.post('invoice/cancel', manager, { id: b.id })).status).toBe(403);
      expect((await api.post('invoice/cancel', demo, { id: b.id })).status).toBe(200);
      expect((await api.post('operator/invoice/issue', operator, { id: b.id, invoice_no: '26312000000012345670' })).status).toBe(409);
      expect((await source('order', q.id)).invoiceable).toBe((q.premium / 100).toFixed(2));
    });

    test('refunds: an application not issued yet shrinks to what is left; an issued one gets a credit invoice', async () => {
      const today = await siteToday(t.db);
      const p = await placePolicy(t.db, demoId, { people: 3 });
      const inv = (await api.post('invoice/apply', demo, company([{ type: 'order', id: p.id }]))).body.data.invoice;
      await surrenderOrder(t.db, demoId, { id: p.id, date: addDays(today, 1) }, { today });
      const [o] = await t.db.sql`SELECT premium, refunded FROM policy_order WHERE id = ${p.id}`;
      expect(num(o.refunded)).toBeGreaterThan(0);
      const [shrunk] = await t.db.sql`SELECT status, amount FROM invoice WHERE id = ${inv.id}`;
      expect(shrunk.status).toBe('applied');
      expect(num(shrunk.amount)).toBe(num(o.premium) - num(o.refunded));
      expect((await api.post('operator/invoice/issue', operator, { id: inv.id, invoice_no: '26312000000012345671' })).status).toBe(200);

      const q = await placePolicy(t.db, demoId, { people: 3 });
      const inv2 = (await api.post('invoice/apply', demo, company([{ type: 'order', id: q.id }]))).body.data.invoice;
      expect((await api.post('operator/invoice/issue', operator, { id: inv2.id, invoice_no: '26312000000012345672' })).status).toBe(200);
      await surrenderOrder(t.db, demoId, { id: q.id, date: addDays(today, 1) }, { today });
      const [qo] = await t.db.sql`SELECT premium, refunded FROM policy_order WHERE id = ${q.id}`;
      const credits = await t.db.sql`SELECT * FROM invoice WHERE credit_of = ${inv2.id}`;
      expect(credits.length).toBe(1);
      expect(num(credits[0].amount)).toBe(-num(qo.refunded));
      expect(credits[0].status).toBe('applied');
      // Invoiced − credited never exceeds the net paid, and nothing is left to invoice.
      const [held] = await t.db
        .sql`SELECT SUM(amount) AS s FROM invoice_item WHERE source_type = 'order' AND source_id = ${q.id} AND active = 1`;
      expect(num(held.s)).toBe(num(qo.premium) - num(qo.refunded));
      expect((await source('order', q.id)).invoiceable).toBe('0.00');
      const notes = await t.db.sql`SELECT kind, link FROM notification WHERE user_id = ${demoId} AND kind = 'invoice_credit'`;
      expect(notes.map((n: { link: string }) => n.link)).toContain(`/user/order/invoiceApply?invoice=${num(credits[0].id)}`);
      // …and by e-mail once the surrender committed, in the member's language, with the page's link.
      const mails = readOutbox(outbox, 'demo@example.com').filter((m) => m.event === 'invoice_credit');
      expect(mails.length).toBeGreaterThanOrEqual(1);
      expect(mails[0].text).toContain(`/user/order/invoiceApply?invoice=${num(credits[0].id)}`);
      // The credit follows a refund that happened: the member cannot withdraw it, the operator issues it.
      expect((await api.post('invoice/cancel', demo, { id: num(credits[0].id) })).status).toBe(409);
      expect((await api.post('operator/invoice/reject', operator, { id: num(credits[0].id), reason: '不开' })).status).toBe(409);
      const issued = await api.post('operator/invoice/issue', operator, { id: num(credits[0].id), invoice_no: '26312000000012345673' });
      expect(issued.status).toBe(200);
      const list = (await api.get('invoice/list', demo)).body.data.list as { id: number; amount: string }[];
      expect(list.find((i) => i.id === num(credits[0].id))?.amount).toBe((-num(qo.refunded) / 100).toFixed(2));
    });

    test('6 % VAT split of a tax-inclusive amount', () => {
      expect(splitVat(10_600)).toEqual({ net: 10_000, tax: 600 });
      expect(splitVat(36_000)).toEqual({ net: 33_962, tax: 2_038 });
      expect(splitVat(1)).toEqual({ net: 1, tax: 0 });
    });
  });
}
