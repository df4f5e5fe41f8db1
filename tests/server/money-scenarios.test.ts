/**
 * The money scenarios of the issue "Money across a policy's whole life adds up", as a member
 * meets them through the API, on SQLite and PostgreSQL. What the member paid and got back is read
 * off their balance, so these tests do not depend on how the premium account is kept.
 */
import { describe, expect, test } from 'bun:test';
import { addDays } from '~/features/orders';
import { makeResidentId } from '~/lib/cn-id';
import { daysInclusive } from '~/lib/pro-rata';
import { type Db, num } from '~/server/db/client';
import { endorseWorld, placePolicy } from '../support/endorse-kit';
import { engines } from '../support/test-db';
import { moneyProblems } from '../support/money-invariants';

type Row = Record<string, unknown>;

const balanceOf = async (db: Db, id: number) => num((await db.sql`SELECT money FROM "user" WHERE id = ${id}`)[0].money);

for (const engine of engines()) {
  describe(`money scenarios on ${engine.name}`, () => {
    const w = endorseWorld(engine);
    let n = 0;
    const rid = () => `scenario-${process.pid}-${++n}`;

    /** An endorsement through the API: create, items, submit, and the operator approves it. */
    async function endorse(orderId: number, effective: string, items: Record<string, unknown>[]): Promise<number> {
      const created = await w.api.post('endorse/create', w.demo, { request_id: rid(), order_id: orderId, effective_date: effective });
      expect(created.status).toBe(200);
      const id = Number(created.body.data.endorsement.id);
      for (const item of items) expect((await w.api.post('endorse/item', w.demo, { id, ...item })).status).toBe(200);
      expect((await w.api.post('endorse/submit', w.demo, { id })).status).toBe(200);
      expect((await w.api.post('operator/endorse/approve', w.operator, { id, note: 'ok' })).status).toBe(200);
      return id;
    }

    const rows = async (orderId: number): Promise<Row[]> => w.db.sql`SELECT * FROM order_insured WHERE order_id = ${orderId} ORDER BY id`;
    let person = 500;
    const newPerson = (cls = 1) => ({
      kind: 'add',
      name: '新员工',
      id_no: makeResidentId(`1990-03-${10 + (++person % 18)}`, person),
      occupation_class: cls,
    });

    test('surrender after endorsements: each person is paid for the days they were covered, removed people are not refunded twice', async () => {
      const before = await balanceOf(w.db, w.demoId);
      const p = await placePolicy(w.db, w.demoId, { product: 'tuanyi', plan: 0, class: 1, months: 6, start: 1, people: 20 });
      const D = daysInclusive(p.startDate, p.endDate);
      await endorse(p.id, p.startDate, [newPerson(1), newPerson(1)]);
      const leaving = (await rows(p.id)).slice(0, 4).map((r) => ({ kind: 'remove', insured_id: num(r.id) }));
      const removedFrom = addDays(p.startDate, 3);
      await endorse(p.id, removedFrom, leaving);
      const surrenderOn = addDays(p.startDate, 2); // before the removal takes effect
      const quote = await w.api.get(`order/surrenderQuote?id=${p.id}&date=${surrenderOn}`, w.demo);
      expect(quote.status).toBe(200);
      const r = await w.api.post('order/surrender', w.demo, { id: p.id, date: surrenderOn });
      expect(r.status).toBe(200);
      // 22 people were covered for 3 days each at P / D a day: that, and only that, is what the member paid.
      const P = p.perPerson;
      const kept = before - (await balanceOf(w.db, w.demoId));
      expect(Math.abs(kept - (22 * 3 * P) / D)).toBeLessThanOrEqual(22);
      expect(quote.body.data.kept).toBe((kept / 100).toFixed(2));
      for (const row of await rows(p.id)) {
        expect(String(row.active_to) >= String(row.active_from)).toBe(true);
        expect(String(row.active_to) <= surrenderOn).toBe(true);
      }
      expect(await moneyProblems(w.db)).toEqual([]);
    });

    test('surrender before the start: everything paid comes back, a later endorsement is voided, no impossible rows', async () => {
      const before = await balanceOf(w.db, w.demoId);
      const p = await placePolicy(w.db, w.demoId, { product: 'guzhu', plan: 1, class: 3, months: 12, start: 1, people: 20 });
      const later = await endorse(p.id, addDays(p.startDate, 34), [newPerson(2), newPerson(3)]);
      expect(await balanceOf(w.db, w.demoId)).toBeLessThan(before - p.premium);
      const quote = await w.api.get(`order/surrenderQuote?id=${p.id}`, w.demo);
      expect(quote.body.data.date).toBe(w.today);
      expect(quote.body.data.reason).toBe('notStarted');
      expect(quote.body.data.kept).toBe('0.00');
      expect((await w.api.post('order/surrender', w.demo, { id: p.id, date: w.today })).status).toBe(200);
      expect(await balanceOf(w.db, w.demoId)).toBe(before);
      const [e] = await w.db.sql`SELECT status FROM endorsement WHERE id = ${later}`;
      expect(e.status).toBe('voided');
      expect((await rows(p.id)).filter((r) => String(r.active_to) < String(r.active_from))).toEqual([]);
      const sources = (await w.api.get('invoice/sources', w.demo)).body.data.list as {
        source_type: string;
        source_id: number;
        invoiceable: string;
      }[];
      for (const s of sources.filter(
        (x) => (x.source_type === 'order' && x.source_id === p.id) || (x.source_type === 'endorse' && x.source_id === later),
      )) {
        expect(s.invoiceable).toBe('0.00');
      }
      expect(await moneyProblems(w.db)).toEqual([]);
    });

    test('a pending endorsement is cancelled with its charge refunded when the policy is surrendered', async () => {
      const p = await placePolicy(w.db, w.demoId, { product: 'guzhu', plan: 0, class: 2, months: 12, start: -10, people: 5 });
      const created = await w.api.post('endorse/create', w.demo, {
        request_id: rid(),
        order_id: p.id,
        effective_date: addDays(w.today, 5),
      });
      const id = Number(created.body.data.endorsement.id);
      await w.api.post('endorse/item', w.demo, { id, ...newPerson(2) });
      expect((await w.api.post('endorse/submit', w.demo, { id })).status).toBe(200);
      const quote = (await w.api.get(`order/surrenderQuote?id=${p.id}&date=${w.today}`, w.demo)).body.data;
      expect(quote.pending.length).toBe(1);
      const before = await balanceOf(w.db, w.demoId);
      expect((await w.api.post('order/surrender', w.demo, { id: p.id, date: w.today })).status).toBe(200);
      expect(((await balanceOf(w.db, w.demoId)) - before) / 100).toBeCloseTo(Number(quote.refund), 2);
      const [e] = await w.db.sql`SELECT status, refunded, charged FROM endorsement WHERE id = ${id}`;
      expect(e.status).toBe('cancelled');
      expect(num(e.refunded)).toBe(num(e.charged));
      expect(await moneyProblems(w.db)).toEqual([]);
    });

    test('bad surrender input is refused in the request language and writes nothing', async () => {
      const p = await placePolicy(w.db, w.demoId, { product: 'guzhu', plan: 0, class: 2, months: 6, start: -5, people: 3 });
      const before = await balanceOf(w.db, w.demoId);
      const early = await w.api.post('order/surrender', w.demo, { id: p.id, date: addDays(w.today, -1) }, 'zh-cn');
      expect(early.status).toBe(400);
      expect(early.body.message).toContain('退保日期应在');
      const late = await w.api.post('order/surrender', w.demo, { id: p.id, date: addDays(p.endDate, 1) });
      expect(late.status).toBe(400);
      expect(late.body.message).toContain('surrender date');
      expect(await balanceOf(w.db, w.demoId)).toBe(before);
      expect((await w.api.post('order/surrender', w.demo, { id: p.id, date: w.today })).status).toBe(200);
      expect((await w.api.post('order/surrender', w.demo, { id: p.id, date: w.today })).status).toBe(409);
      expect((await w.api.get(`order/surrenderQuote?id=${p.id}`, w.demo)).status).toBe(409);
      const refused = await placePolicy(w.db, w.demoId, { status: 'refused', people: 3 });
      expect((await w.api.post('order/surrender', w.demo, { id: refused.id, date: w.today })).status).toBe(409);
      const cancelled = await placePolicy(w.db, w.demoId, { status: 'cancelled', start: 3, people: 3 });
      expect((await w.api.post('order/surrender', w.demo, { id: cancelled.id, date: w.today })).status).toBe(409);
      expect(await moneyProblems(w.db)).toEqual([]);
    });

    test('a surrender racing an approval, and one racing an invoice application, leave one consistent outcome', async () => {
      for (let round = 0; round < 3; round++) {
        const p = await placePolicy(w.db, w.demoId, { product: 'guzhu', plan: 0, class: 2, months: 12, start: -3, people: 4 });
        const created = await w.api.post('endorse/create', w.demo, {
          request_id: rid(),
          order_id: p.id,
          effective_date: addDays(w.today, 2),
        });
        const id = Number(created.body.data.endorsement.id);
        await w.api.post('endorse/item', w.demo, { id, ...newPerson(3) });
        await w.api.post('endorse/submit', w.demo, { id });
        const [s, a, inv] = await Promise.all([
          w.api.post('order/surrender', w.demo, { id: p.id, date: addDays(w.today, round) }),
          w.api.post('operator/endorse/approve', w.operator, { id, note: 'ok' }),
          w.api.post('invoice/apply', w.demo, {
            request_id: rid(),
            sources: [{ type: 'order', id: p.id }],
            kind: 'normal',
            title_type: 'company',
            title: '上海示例科技有限公司',
            taxpayer_id: '91310115MA1K4ABC18',
            email: 'finance@example.com',
          }),
        ]);
        expect(s.status).toBe(200);
        expect([200, 409]).toContain(a.status);
        expect([200, 409]).toContain(inv.status);
        const [e] = await w.db.sql`SELECT status FROM endorsement WHERE id = ${id}`;
        // Approved first, then voided by the surrender (it took effect after the day) — or cancelled by it.
        expect(['voided', 'cancelled', 'approved']).toContain(String(e.status));
        expect(await moneyProblems(w.db)).toEqual([]);
      }
    });
  });
}
