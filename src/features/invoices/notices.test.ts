/**
 * Invoice notices (issue #30) through the real API on both engines: a new application reaches only
 * the staff whose group lists `operator/invoices`; the member reads `invoice_issued` for an invoice
 * and for a credit invoice, and `invoice_rejected` with the reason, in both languages, linking to
 * the invoice's page; nobody else does.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteToday, surrenderOrder } from '~/features/orders';
import { fen as money } from '~/lib/format';
import { num } from '~/server/db/client';
import { outboxAdapter, setDeliveryAdapter } from '~/server/delivery';
import { type apiClient, ledgerSeededDatabase, placePolicy, setInsurer } from '../../../tests/support/endorse-kit';
import { noticeAccounts, noticeMark, oneNotice, recipients } from '../../../tests/support/notices';
import { engines, type TestDatabase } from '../../../tests/support/test-db';

setDefaultTimeout(30_000);

for (const engine of engines()) {
  describe(`invoice notices on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let tokens: Record<string, string>;
    let ids: Record<string, number>;
    let n = 0;
    const outbox = mkdtempSync(join(tmpdir(), 'invoice-notice-outbox-'));
    const link = (id: number) => `/user/order/invoiceApply?invoice=${id}`;
    const apply = async (orderId: number) => {
      const r = await api.post('invoice/apply', tokens.demo, {
        request_id: `inv-notice-${Date.now()}-${++n}`,
        sources: [{ type: 'order', id: orderId }],
        kind: 'normal',
        title_type: 'company',
        title: '上海示例科技有限公司',
        taxpayer_id: '91310115MA1K4ABC18',
        email: 'finance@example.com',
      });
      expect(r.status).toBe(200);
      return r.body.data.invoice as { id: number; apply_no: string };
    };

    beforeAll(async () => {
      t = await ledgerSeededDatabase(engine);
      await setInsurer(t.db, 'manual');
      setDeliveryAdapter('email', outboxAdapter(outbox));
      ({ api, ids, tokens } = await noticeAccounts(
        t.db,
        [
          { username: 'clerk', password: 'Clerk#2026', rules: ['operator', 'operator/invoices', 'operator/invoices/issue'] },
          { username: 'cashier', password: 'Cashier#2026', rules: ['operator', 'operator/topups'] },
        ],
        ['demo', 'operator', 'clerk'],
      ));
    }, 120_000);
    afterAll(async () => {
      setDeliveryAdapter('email', undefined);
      rmSync(outbox, { recursive: true, force: true });
      await t.drop();
    });

    test('applied → work for the invoice staff only; issued → the member reads it; a credit invoice says so', async () => {
      const p = await placePolicy(t.db, ids.demo, { people: 4 });
      let mark = await noticeMark(t.db);
      const inv = await apply(p.id);
      expect(await recipients(t.db, mark, 'work_queued')).toEqual([ids.operator, ids.clerk].sort((a, b) => a - b));
      const work = await oneNotice(api, tokens.clerk, mark, 'en', `/user/operator/invoiceDetail?id=${inv.id}`);
      expect(work).toMatchObject({ title: 'New in Invoices', body: `${inv.apply_no} is waiting for you in Invoices.` });
      expect((await oneNotice(api, tokens.operator, mark, 'zh-cn', `/user/operator/invoiceDetail?id=${inv.id}`)).title).toBe(
        '新的待办：发票开具',
      );

      mark = await noticeMark(t.db);
      expect((await api.post('operator/invoice/issue', tokens.clerk, { id: inv.id, invoice_no: '26312000000099990001' })).status).toBe(200);
      expect(await recipients(t.db, mark, 'invoice_issued')).toEqual([ids.demo]);
      const [row] = await t.db.sql`SELECT amount FROM invoice WHERE id = ${inv.id}`;
      const en = await oneNotice(api, tokens.demo, mark, 'en', link(inv.id));
      expect(en.title).toBe('Invoice 26312000000099990001 issued');
      expect(en.body).toBe(
        `Invoice request ${inv.apply_no} was issued: E-invoice no. 26312000000099990001, ${money(num(row.amount))}. Download it from the invoice page.`,
      );
      const zh = await oneNotice(api, tokens.demo, mark, 'zh-cn', link(inv.id));
      expect(zh.body).toContain(`已开具电子发票，号码 26312000000099990001，金额 ${money(num(row.amount))}`);

      // The policy is surrendered: a credit invoice request follows; once issued the member reads it.
      await surrenderOrder(t.db, ids.demo, { id: p.id, date: await siteToday(t.db) });
      const [credit] = await t.db.sql`SELECT id, apply_no, amount FROM invoice WHERE credit_of = ${inv.id}`;
      expect(credit).toBeDefined();
      mark = await noticeMark(t.db);
      expect(
        (await api.post('operator/invoice/issue', tokens.operator, { id: num(credit.id), invoice_no: '26312000000099990002' })).status,
      ).toBe(200);
      expect(await recipients(t.db, mark, 'invoice_issued')).toEqual([ids.demo]);
      const c = await oneNotice(api, tokens.demo, mark, 'en', link(num(credit.id)));
      expect(c.body).toContain(`was issued: Credit invoice no. 26312000000099990002, ${money(num(credit.amount))}.`);
      expect((await oneNotice(api, tokens.demo, mark, 'zh-cn', link(num(credit.id)))).body).toContain('已开具红字发票');
    });

    test('rejected: the member reads the reason and that the amounts are free again; e-mailed whatever the preferences', async () => {
      const p = await placePolicy(t.db, ids.demo, { people: 3 });
      const inv = await apply(p.id);
      // Invoice e-mails switched off: a rejection is mandatory, its copy still goes out.
      expect((await api.post('notice/preferences', tokens.demo, { group: 'invoices', email: false, sms: false })).status).toBe(200);
      const mark = await noticeMark(t.db);
      const reason = 'Title does not match the payer';
      expect((await api.post('operator/invoice/reject', tokens.clerk, { id: inv.id, reason })).status).toBe(200);
      expect(await recipients(t.db, mark, 'invoice_rejected')).toEqual([ids.demo]);
      const [row] = await t.db.sql`SELECT amount FROM invoice WHERE id = ${inv.id}`;
      const en = await oneNotice(api, tokens.demo, mark, 'en', link(inv.id));
      expect(en).toMatchObject({
        title: `Invoice request ${inv.apply_no} rejected`,
        body: `Your invoice request ${inv.apply_no} (${money(num(row.amount))}) was rejected: ${reason}. Its amounts are free again; correct the details and apply again.`,
      });
      const zh = await oneNotice(api, tokens.demo, mark, 'zh-cn', link(inv.id));
      expect(zh.title).toBe(`发票申请 ${inv.apply_no} 已驳回`);
      expect(zh.body).toContain(`原因：${reason}`);
      const copies = await t.db.sql`SELECT d.channel, d.status FROM notice_delivery d JOIN notification n ON n.id = d.notification_id
        WHERE n.id > ${mark} AND n.kind = 'invoice_rejected'`;
      expect(copies.map((c: { channel: string }) => c.channel)).toContain('email');
      // The same source can be applied for again.
      expect((await apply(p.id)).id).toBeGreaterThan(inv.id);
    });
  });
}
