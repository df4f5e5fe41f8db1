/**
 * Order notices (issue #30) through the real API on both engines: paid, issued (by the sandbox
 * insurer and by an underwriter), refused (both ways), surrendered — each read by the owner (and a
 * different payer) in both languages with a link to the order's page, nobody else; a paid order
 * waiting for manual underwriting reaches only the staff whose group lists `operator/underwriting`.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { num } from '~/server/db/client';
import { setConfigValue } from '~/server/site-config';
import type { apiClient } from '../../../tests/support/api-client';
import { bellAfter, noticeAccounts, noticeMark, oneNotice, recipients } from '../../../tests/support/notices';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { makeResidentId } from '~/lib/cn-id';
import { fen as money } from '~/lib/format';
import { addDays, todayIn } from './dates';
import { demoOrder } from './demo';
import { DEMO_HOLDERS } from './demo-people';

setDefaultTimeout(30_000);

for (const engine of engines()) {
  describe(`order notices on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let ids: Record<string, number>;
    let tokens: Record<string, string>;
    let plan = 0;
    const today = todayIn('Asia/Shanghai');
    let seq = 0;
    const rid = () => `notice-${engine.name}-${++seq}-${Date.now()}`;
    const people = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        name: `通知${String.fromCharCode(0x4e00 + seq * 7 + i)}`,
        id_no: makeResidentId(`198${i % 10}-0${1 + (i % 9)}-1${i % 9}`, 300 + seq * 10 + i),
        class: 1,
      }));
    async function place(who: string, holderName?: string): Promise<{ id: number; order_no: string; premium: string }> {
      const policyholder = { ...DEMO_HOLDERS.demo, ...(holderName ? { name: holderName } : {}) };
      const r = await api.post('order/create', tokens[who], {
        request_id: rid(),
        plan_id: plan,
        class: 1,
        months: 12,
        start_date: addDays(today, 1),
        policyholder,
        insured: people(3),
      });
      expect({ status: r.status, message: r.body.message }).toEqual({ status: 200, message: expect.any(String) });
      return r.body.data.order;
    }
    const pay = (who: string, id: number) => api.post('order/pay', tokens[who], { id, request_id: rid() });
    const link = (id: number) => `/user/order/groupDetail?id=${id}`;
    const fen = (yuan: string) => Math.round(Number(yuan) * 100);

    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
      await setConfigValue(t.db, 'insurer', { mode: 'sandbox', underwriteDelaySeconds: 0 });
      ({ api, ids, tokens } = await noticeAccounts(
        t.db,
        [
          { username: 'underwriter', password: 'Under#2026', rules: ['operator', 'operator/underwriting', 'operator/underwriting/decide'] },
          { username: 'cashier', password: 'Cashier#2026', rules: ['operator', 'operator/topups'] },
        ],
        ['demo', 'demo_site1', 'operator', 'underwriter'],
      ));
      const list = (await api.get('product/list')).body.data.list as { code: string; plans: { id: number }[] }[];
      plan = list.find((p) => p.code === 'guzhu')!.plans[0].id;
    }, 120_000);
    afterAll(() => t.drop());

    test('paid and issued by the sandbox: the member reads both, in English and Chinese', async () => {
      const o = await place('demo');
      const mark = await noticeMark(t.db);
      expect((await pay('demo', o.id)).status).toBe(200);
      expect(await recipients(t.db, mark, 'order_paid')).toEqual([ids.demo]);
      expect(await recipients(t.db, mark, 'order_issued')).toEqual([ids.demo]);
      expect(await recipients(t.db, mark, 'work_queued')).toEqual([]); // the sandbox decides: no staff work
      const [policy] = await t.db.sql`SELECT policy_no, start_date, end_date FROM policy_order WHERE id = ${o.id}`;
      const en = await api.get('notification/list?limit=10', tokens.demo, 'en');
      const paid = en.body.data.list.find((n: { title: string }) => n.title === `Order ${o.order_no} paid`);
      expect(paid.link).toBe(link(o.id));
      expect(paid.body).toContain(`(${money(fen(o.premium))})`);
      const issued = en.body.data.list.find((n: { title: string }) => n.title === `Policy ${policy.policy_no} is in force`);
      expect(issued.body).toBe(
        `Order ${o.order_no} was accepted as policy ${policy.policy_no}, covering ${policy.start_date} to ${policy.end_date}. Download the policy from its page.`,
      );
      const zh = await api.get('notification/list?limit=10', tokens.demo, 'zh-cn');
      expect(zh.body.data.list.map((n: { title: string }) => n.title)).toContain(`保单 ${policy.policy_no} 已生效`);
      expect(zh.body.data.list.map((n: { title: string }) => n.title)).toContain(`订单 ${o.order_no} 已支付`);
    });

    test('refused by the sandbox: the refund is in the notice', async () => {
      const o = await place('demo', 'SANDBOX-REFUSE 通知公司');
      const mark = await noticeMark(t.db);
      await pay('demo', o.id);
      expect(await recipients(t.db, mark, 'order_refused')).toEqual([ids.demo]);
      const en = (await api.get('notification/list?limit=10', tokens.demo, 'en')).body.data.list.find(
        (n: { title: string }) => n.title === `Order ${o.order_no} was declined`,
      );
      expect(en.link).toBe(link(o.id));
      expect(en.body).toContain(`The premium of ${money(fen(o.premium))} went back to your balance.`);
    });

    test('manual underwriting: only underwriters hear of the work; their decision reaches the member', async () => {
      await setConfigValue(t.db, 'insurer', { mode: 'manual', underwriteDelaySeconds: 0 });
      try {
        const o = await place('demo');
        let mark = await noticeMark(t.db);
        await pay('demo', o.id);
        expect(await recipients(t.db, mark, 'work_queued')).toEqual([ids.operator, ids.underwriter].sort((a, b) => a - b));
        const work = await oneNotice(api, tokens.underwriter, mark, 'en', '/user/operator/underwriting');
        expect(work.title).toBe('New in Underwriting');
        expect(work.body).toBe(`${o.order_no} is waiting for you in Underwriting.`);
        expect((await oneNotice(api, tokens.operator, mark, 'zh-cn', '/user/operator/underwriting')).title).toBe('新的待办：核保队列');

        mark = await noticeMark(t.db);
        expect(
          (await api.post('operator/order/underwrite', tokens.underwriter, { id: o.id, decision: 'refuse', reason: 'Missing site permit' }))
            .status,
        ).toBe(200);
        expect(await recipients(t.db, mark, 'order_refused')).toEqual([ids.demo]);
        const en = await oneNotice(api, tokens.demo, mark, 'en', link(o.id));
        expect(en.title).toBe(`Order ${o.order_no} was declined`);
        expect(en.body).toContain('declined order');
        expect(en.body).toContain(': Missing site permit.');
        const zh = await oneNotice(api, tokens.demo, mark, 'zh-cn', link(o.id));
        expect(zh.body).toContain('原因：Missing site permit');

        const o2 = await place('demo');
        await pay('demo', o2.id);
        mark = await noticeMark(t.db);
        expect((await api.post('operator/order/underwrite', tokens.operator, { id: o2.id, decision: 'accept' })).status).toBe(200);
        expect(await recipients(t.db, mark, 'order_issued')).toEqual([ids.demo]);
        expect((await oneNotice(api, tokens.demo, mark, 'en', link(o2.id))).title).toMatch(/^Policy PL\d+ is in force$/);
      } finally {
        await setConfigValue(t.db, 'insurer', { mode: 'sandbox', underwriteDelaySeconds: 0 });
      }
    });

    test('surrendered: the date and the refund are in the notice', async () => {
      const o = await place('demo');
      await pay('demo', o.id);
      const mark = await noticeMark(t.db);
      const date = addDays(today, 20);
      expect((await api.post('order/surrender', tokens.demo, { id: o.id, date })).status).toBe(200);
      expect(await recipients(t.db, mark, 'order_surrendered')).toEqual([ids.demo]);
      const [row] = await t.db.sql`SELECT policy_no, refunded FROM policy_order WHERE id = ${o.id}`;
      const en = await oneNotice(api, tokens.demo, mark, 'en', link(o.id));
      expect(en.title).toBe(`Policy ${row.policy_no} surrendered`);
      expect(en.body).toBe(
        `Policy ${row.policy_no} was surrendered; cover ends on ${date}. The refund of ${money(num(row.refunded))} went to your balance.`,
      );
      expect((await oneNotice(api, tokens.demo, mark, 'zh-cn', link(o.id))).title).toBe(`保单 ${row.policy_no} 已退保`);
    });

    test("a sub-account's order paid by the main account: both hear of it, nobody else", async () => {
      const now = num((await t.db.sql`SELECT MAX(created_at) AS n FROM policy_order`)[0].n) + 60;
      let tick = now;
      const holder = { ...DEMO_HOLDERS.demo, credit_code: DEMO_HOLDERS.demo.credit_code ?? '', email: '' } as Parameters<
        typeof demoOrder
      >[3]['holder'];
      const sub = await demoOrder(
        t.db,
        ids.demo_site1,
        { product: 'guzhu', plan: 0, class: 1, months: 12, start: 1, people: 3, status: 'unpaid' },
        { now, today, clock: () => (tick += 60), key: `sub-${engine.name}`, holder },
      );
      const o = { id: sub.id, order_no: sub.orderNo };
      const mark = await noticeMark(t.db);
      expect((await pay('demo', o.id)).status).toBe(200);
      const both = [ids.demo, ids.demo_site1].sort((a, b) => a - b);
      expect(await recipients(t.db, mark, 'order_paid')).toEqual(both);
      expect(await recipients(t.db, mark, 'order_issued')).toEqual(both);
      const bell = await bellAfter(api, tokens.demo_site1, mark, 'en');
      expect(bell.map((n) => [n.title, n.link])).toContainEqual([`Order ${o.order_no} paid`, link(o.id)]);
      expect(bell.every((n) => n.link === link(o.id))).toBe(true);
    });
  });
}
