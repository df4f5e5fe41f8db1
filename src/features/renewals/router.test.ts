import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { addDays, DEMO_HOLDERS, demoOrder, findOrder, type OrderRecord, payOrder, todayIn } from '~/features/orders';
import { nowSeconds, num } from '~/server/db/client';
import { setConfigValue } from '~/server/site-config';
import { apiClient } from '../../../tests/support/api-client';
import { money, ordersDatabase, userId } from '../../../tests/support/orders';
import { engines, type TestDatabase } from '../../../tests/support/test-db';
import { sendCoverEndingReminders, thresholdFor } from './reminders';

test('a policy is reminded in the smallest threshold it has reached', () => {
  expect(thresholdFor([30, 14, 3], 31)).toBeNull();
  expect(thresholdFor([30, 14, 3], 30)).toBe(30);
  expect(thresholdFor([30, 14, 3], 10)).toBe(14);
  expect(thresholdFor([30, 14, 3], 0)).toBe(3);
  expect(thresholdFor([30, 14, 3], -1)).toBeNull();
});

for (const engine of engines()) {
  describe(`renewals on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let demo: string;
    let manager: string;
    let operator: string;
    let demoId: number;
    const today = todayIn('Asia/Shanghai');
    let seq = 0;
    const rid = () => `renew-${engine.name}-${++seq}-${Date.now()}`;
    let tick = nowSeconds() - 10 * 3600;

    /** A policy of demo's in force, ending `endsIn` days from today (12 months, started a year before). */
    async function policy(product: 'guzhu' | 'anze', endsIn: number, people = 5): Promise<OrderRecord> {
      return demoOrder(
        t.db,
        demoId,
        { product, plan: 0, class: 1, months: 12, start: endsIn - 364, people, status: 'effective' },
        { now: nowSeconds(), today, clock: () => (tick += 60), key: `rn-${++seq}`, holder: DEMO_HOLDERS.demo },
      );
    }
    const notices = async (orderId: number) =>
      num(
        (await t.db.sql`SELECT COUNT(*) AS n FROM notification WHERE kind = 'cover_ending' AND link = ${`/user/renewal?id=${orderId}`}`)[0]
          .n,
      );

    /** The reminder job run by another instance on the same database: the orders it reminded. */
    async function otherInstance(): Promise<number[]> {
      if (engine.name === 'postgres') return (await sendCoverEndingReminders(t.open())).orders;
      const code = `import { openDb } from '~/server/db/client'; import { sendCoverEndingReminders } from '~/features/renewals';
        const db = openDb(process.env.RENEW_DB_URL); const r = await sendCoverEndingReminders(db); console.log(JSON.stringify(r.orders)); await db.close();`;
      const proc = Bun.spawn(['bun', '-e', code], { cwd: process.cwd(), env: { ...process.env, RENEW_DB_URL: t.url }, stdout: 'pipe' });
      const out = await new Response(proc.stdout).text();
      expect(await proc.exited).toBe(0);
      return JSON.parse(out.trim().split('\n').at(-1) ?? '[]');
    }

    beforeAll(async () => {
      t = await ordersDatabase(engine);
      await setConfigValue(t.db, 'insurer', { mode: 'sandbox', underwriteDelaySeconds: 0 });
      api = apiClient(t.db);
      [demo, manager, operator] = await Promise.all([
        api.login('demo', 'Demo#2026'),
        api.login('manager', 'Manager#2026'),
        api.login('operator', 'Operator#2026'),
      ]);
      demoId = await userId(t.db, 'demo');
    }, 120_000);
    afterAll(async () => {
      await t.drop();
    });

    test('the quote: roster at the end date after endorsements, the day after, same term, today’s rates', async () => {
      const old = await policy('guzhu', 10, 5);
      const rows = await t.db.sql`SELECT id, id_no FROM order_insured WHERE order_id = ${old.id} ORDER BY id`;
      // One person removed by endorsement before the end, one added since the start.
      await t.db.sql`UPDATE order_insured SET active_to = ${addDays(today, -3)} WHERE id = ${rows[0].id}`;
      await t.db.sql`INSERT INTO order_insured (order_id, name, id_no, gender, birthday, class, active_from, active_to, source, created_at)
        SELECT order_id, '新员工', '110101199001011237', 1, '1990-01-01', 1, ${addDays(today, -20)}, active_to, 'endorse', created_at
        FROM order_insured WHERE id = ${rows[1].id}`;
      // Prices went up since: 120.00 → 130.00 a year for class 1.
      await t.db.sql`UPDATE product_plan SET annual = '{"1":13000,"2":16000,"3":22000,"4":32000,"5":48000}' WHERE id = ${old.planId}`;
      const r = await api.get(`renewal/quote?order_id=${old.id}`, demo);
      expect(r.status).toBe(200);
      const q = r.body.data;
      expect(q.start_date).toBe(addDays(old.endDate, 1));
      expect(q.months).toBe(12);
      expect(q.headcount).toEqual({ old: 5, new: 5 });
      expect(q.people.removed.map((p: { id_no: string }) => p.id_no)).toEqual([rows[0].id_no]);
      expect(q.people.added.map((p: { id_no: string }) => p.id_no)).toEqual(['110101199001011237']);
      expect(q.people.carried).toHaveLength(5);
      expect(q.people.carried.map((p: { id_no: string }) => p.id_no)).not.toContain(rows[0].id_no);
      expect(q.plan).toMatchObject({ changed: false, new: { id: old.planId } });
      expect(q.lines).toEqual([{ class: 1, people: 5, old_per_person: '120.00', per_person: '130.00', subtotal: '650.00' }]);
      expect(q.price).toEqual({ old: '600.00', old_rates: '600.00', new: '650.00', difference: '50.00' });
      expect(q.renewal).toBeNull();
    });

    test('a withdrawn plan is replaced by the nearest one on sale', async () => {
      const old = await policy('anze', 12, 10);
      const plans = await t.db.sql`SELECT id FROM product_plan WHERE product = 'anze' ORDER BY weigh, id`;
      await t.db.sql`UPDATE product_plan SET status = 0 WHERE id = ${old.planId}`;
      try {
        const q = (await api.get(`renewal/quote?order_id=${old.id}`, demo)).body.data;
        expect(q.plan.changed).toBe(true);
        expect(q.plan.new.id).toBe(num(plans[1].id));
        expect(q.named_list).toBe(false);
        expect(q.headcount.new).toBe(10);
        expect(q.lines[0].per_person).toBe('240.00');
      } finally {
        await t.db.sql`UPDATE product_plan SET status = 1 WHERE id = ${old.planId}`;
      }
    });

    test('another member’s policy is 404; a policy not ending soon is 409', async () => {
      const old = await policy('anze', 8, 6);
      expect((await api.get(`renewal/quote?order_id=${old.id}`, manager)).status).toBe(404);
      expect((await api.post('renewal/create', manager, { order_id: old.id, request_id: rid() })).status).toBe(404);
      expect((await api.get('renewal/quote?order_id=99999999', demo)).status).toBe(404);
      expect((await api.get(`renewal/quote?order_id=${old.id}`)).status).toBe(401);
      const far = await policy('anze', 200, 6);
      const r = await api.get(`renewal/quote?order_id=${far.id}`, demo);
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('A policy can be renewed from 60 days before it ends');
    });

    test('create is idempotent, moves no money, and links both orders', async () => {
      const old = await policy('anze', 9, 7);
      const before = await money(t.db, demoId);
      const request_id = rid();
      const a = await api.post('renewal/create', demo, { order_id: old.id, request_id });
      expect(a.status).toBe(200);
      expect(a.body.data.replayed).toBe(false);
      const b = await api.post('renewal/create', demo, { order_id: old.id, request_id });
      expect(b.body.data).toMatchObject({ replayed: true, order: { id: a.body.data.order.id } });
      // Another click (a new request id) finds the renewal order that stands.
      const c = await api.post('renewal/create', demo, { order_id: old.id, request_id: rid() });
      expect(c.body.data.order.id).toBe(a.body.data.order.id);
      const created = (await findOrder(t.db, a.body.data.order.id))!;
      expect(created).toMatchObject({ status: 'unpaid', startDate: addDays(old.endDate, 1), months: 12, insuredCount: 7 });
      expect(await money(t.db, demoId)).toBe(before);
      const [link] = await t.db.sql`SELECT renewal_of FROM policy_order WHERE id = ${created.id}`;
      expect(num(link.renewal_of)).toBe(old.id);
      const q = (await api.get(`renewal/quote?order_id=${old.id}`, demo)).body.data;
      expect(q.renewal).toMatchObject({ id: created.id, status: 'unpaid' });
      expect(q.price.new).toBe(created.premium === 0 ? '0.00' : (created.premium / 100).toFixed(2));
    });

    test('each reminder goes out once, even with two senders at once; a renewed policy gets none', async () => {
      const a = await policy('anze', 10, 5);
      const renewed = await policy('anze', 11, 5);
      const made = await api.post('renewal/create', demo, { order_id: renewed.id, request_id: rid() });
      await payOrder(t.db, demoId, { id: made.body.data.order.id, request_id: rid() }, { underwrite: false });
      // Two senders on one database at once: another instance (a process of its own on SQLite, whose
      // driver waits for a lock synchronously; a second connection pool on PostgreSQL) and this one.
      const [x, y] = await Promise.all([otherInstance(), sendCoverEndingReminders(t.db).then((r) => r.orders)]);
      expect(x.filter((id) => id === a.id).length + y.filter((id) => id === a.id).length).toBe(1);
      expect(await notices(a.id)).toBe(1);
      expect(await notices(renewed.id)).toBe(0);
      const again = await Promise.all([otherInstance(), sendCoverEndingReminders(t.db).then((r) => r.orders)]);
      expect(again.flat()).not.toContain(a.id);
      expect(await notices(a.id)).toBe(1);
      const [row] = await t.db.sql`SELECT days, days_left FROM renewal_reminder WHERE order_id = ${a.id}`;
      expect([num(row.days), num(row.days_left)]).toEqual([14, 10]);
      // The notice renders in the reader's language, with a link to the renewal page.
      const list = (await api.get('notification/list?limit=100', demo, 'zh-cn')).body.data.list as {
        title: string;
        body: string;
        link: string;
      }[];
      const mine = list.find((n) => n.link === `/user/renewal?id=${a.id}`)!;
      expect(mine.title).toBe(`保单 ${a.policyNo} 即将到期`);
      expect(mine.body).toContain(a.endDate);
      const en = (await api.get('notification/list?limit=100', demo, 'en')).body.data.list as { title: string; link: string }[];
      expect(en.find((n) => n.link === `/user/renewal?id=${a.id}`)!.title).toBe(`Policy ${a.policyNo} is ending soon`);
    });

    test('the operators’ list shows each policy’s renewal state; members may not read it', async () => {
      const fresh = await policy('anze', 20, 5);
      const ordered = await policy('anze', 21, 5);
      await api.post('renewal/create', demo, { order_id: ordered.id, request_id: rid() });
      const r = await api.get('operator/renewal/list?limit=100', operator);
      expect(r.status).toBe(200);
      const byId = new Map((r.body.data.list as { id: number; state: string }[]).map((row) => [row.id, row.state]));
      expect(byId.get(fresh.id)).toBe('none');
      expect(byId.get(ordered.id)).toBe('ordered');
      expect([...byId.values()]).toContain('renewed');
      expect([...byId.values()]).toContain('reminded');
      const none = (await api.get('operator/renewal/list?state=none&limit=100', operator)).body.data.list as { state: string }[];
      expect(none.every((row) => row.state === 'none')).toBe(true);
      expect((await api.get('operator/renewal/list', demo)).status).toBe(403);
    });

    test('the reminder days are an operator setting, checked', async () => {
      const s = (await api.get('operator/settings', operator)).body.data;
      expect(s.settings.renewalReminderDays).toEqual(['30', '14', '3']);
      const bad = await api.post('operator/settings', operator, { version: s.version, changes: { renewalReminderDays: '30, 0' } });
      expect(bad.status).toBe(400);
      const good = await api.post('operator/settings', operator, { version: s.version, changes: { renewalReminderDays: '45, 7' } });
      expect(good.status).toBe(200);
      const p = await policy('anze', 40, 5);
      await sendCoverEndingReminders(t.db);
      const [row] = await t.db.sql`SELECT days FROM renewal_reminder WHERE order_id = ${p.id}`;
      expect(num(row.days)).toBe(45);
    });
  });
}
