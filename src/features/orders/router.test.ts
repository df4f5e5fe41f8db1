import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '~/features/_shared/envelope';
import { getStorage, LocalStorage, setStorage, storeServerFile } from '~/features/upload';
import { makeResidentId } from '~/lib/cn-id';
import { createApi } from '~/server/api';
import { num } from '~/server/db/client';
import { setConfigValue } from '~/server/site-config';
import { engines, type TestDatabase } from '../../../tests/support/test-db';
import { addDays, todayIn } from './dates';
import { DEMO_HOLDERS } from './demo-people';
import { toXlsx } from './sheet';
import { ledgerSum, money, ordersDatabase, userId } from '../../../tests/support/orders';
import { requestApi } from '../../../tests/support/api-client';

const ORIGIN = 'http://localhost';
// biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
type Reply = { status: number; body: Envelope<any>; res: Response };

for (const engine of engines()) {
  describe(`orders API on ${engine.name}`, () => {
    let t: TestDatabase;
    let app: ReturnType<typeof createApi>;
    let demo: string;
    let manager: string;
    let operator: string;
    let demoId: number;
    let plans: Record<string, number>;
    const today = todayIn('Asia/Shanghai');
    const start = addDays(today, 10);
    const dir = mkdtempSync(join(tmpdir(), 'orders-uploads-'));
    const previousStorage = getStorage();

    async function call(method: 'GET' | 'POST', path: string, token?: string, body?: unknown, lang = 'en'): Promise<Reply> {
      const res = await requestApi(app, method, path, { token, body, lang, headers: { 'x-forwarded-for': '198.51.100.7' } });
      const type = res.headers.get('content-type') ?? '';
      return { status: res.status, body: type.includes('json') ? await res.clone().json() : null, res };
    }
    const get = (path: string, token?: string, lang?: string) => call('GET', path, token, undefined, lang);
    const post = (path: string, body: unknown, token?: string, lang?: string) => call('POST', path, token, body, lang);
    async function login(account: string, password: string): Promise<string> {
      const r = await post('user/login', { account, password });
      return r.body.data.userInfo.token;
    }
    const people = (n: number, seed = 1) =>
      Array.from({ length: n }, (_, i) => ({
        name: `测试${String.fromCharCode(0x4e00 + seed * 50 + i)}`,
        id_no: makeResidentId(`198${i % 10}-0${1 + (i % 9)}-1${i % 9}`, seed * 40 + i),
        class: 1,
      }));
    let seq = 0;
    const rid = () => `test-${engine.name}-${++seq}-${Date.now()}`;
    /** A new order's body: three insured on the first guzhu plan for demo, `extra` changing any field. */
    const orderBody = (extra: Record<string, unknown> = {}) => ({
      request_id: rid(),
      plan_id: plans.guzhu,
      class: 1,
      months: 12,
      start_date: start,
      policyholder: DEMO_HOLDERS.demo,
      insured: people(3),
      ...extra,
    });
    async function place(token: string, extra: Record<string, unknown> = {}) {
      const r = await post('order/create', orderBody(extra), token);
      expect(r.status).toBe(200);
      return r.body.data.order as { id: number; order_no: string; status: string; premium: string };
    }

    beforeAll(async () => {
      setStorage(new LocalStorage(dir));
      t = await ordersDatabase(engine);
      await setConfigValue(t.db, 'insurer', { mode: 'sandbox', underwriteDelaySeconds: 0 });
      app = createApi({ getDb: () => t.db });
      [demo, manager, operator] = await Promise.all([
        login('demo', 'Demo#2026'),
        login('manager', 'Manager#2026'),
        login('operator', 'Operator#2026'),
      ]);
      demoId = await userId(t.db, 'demo');
      const list = (await get('product/list')).body.data.list as { code: string; plans: { id: number; named_list: boolean }[] }[];
      plans = {
        guzhu: list.find((p) => p.code === 'guzhu')!.plans[0].id,
        tuanyiHead: list.find((p) => p.code === 'tuanyi')!.plans.find((p) => !p.named_list)!.id,
        anze: list.find((p) => p.code === 'anze')!.plans[0].id,
        personal: list.find((p) => p.code === 'personal')!.plans[0].id,
      };
    }, 60_000);
    afterAll(async () => {
      setStorage(previousStorage);
      rmSync(dir, { recursive: true, force: true });
      await t.drop();
    });

    test('the catalogue is public: four products, plans with limits, classes, yuan prices, ages', async () => {
      const r = await get('product/list', undefined, 'zh-cn');
      expect(r.status).toBe(200);
      const list = r.body.data.list;
      expect(list.map((p: { code: string }) => p.code)).toEqual(['guzhu', 'tuanyi', 'anze', 'personal']);
      for (const p of list) expect(p.plans.length).toBeGreaterThanOrEqual(2);
      const plan = list[0].plans[0];
      expect(plan).toMatchObject({ named_list: true, annual: { 1: '120.00' }, min_insured: 3, age: { min: 16, max: 65 } });
      expect(plan.limits[0]).toEqual({ label: '死亡/伤残', amount: '500000.00' });
      expect(list[3].plans.every((p: { min_insured: number; max_insured: number }) => p.min_insured === 1 && p.max_insured === 1)).toBe(
        true,
      );
      expect(list[2].plans.every((p: { named_list: boolean }) => !p.named_list)).toBe(true);
    });

    test('a quote names the bad field; short terms use the table; the order premium equals the quote', async () => {
      const bad = async (body: Record<string, unknown>) =>
        (await post('product/quote', { plan_id: plans.guzhu, class: 1, headcount: 5, months: 12, ...body })).body.data.field;
      expect(await bad({ class: 6 })).toBe('class');
      expect(await bad({ headcount: 2 })).toBe('headcount');
      expect(await bad({ months: 13 })).toBe('months');
      expect(await bad({ months: 0 })).toBe('months');
      expect((await post('product/quote', { plan_id: 999999, class: 1, headcount: 5, months: 12 })).body.data.field).toBe('plan_id');
      const q9 = await post('product/quote', { plan_id: plans.guzhu, class: 2, headcount: 5, months: 9 });
      expect(q9.body.data).toMatchObject({ premium: '680.00', per_person: '136.00', rate: 0.85, months: 9 });
      for (const [cls, months, n] of [
        [1, 12, 3],
        [3, 7, 4],
        [5, 1, 6],
      ]) {
        const q = await post('product/quote', { plan_id: plans.guzhu, class: cls, headcount: n, months });
        const o = await place(demo, { class: cls, months, insured: people(n, cls + months).map((p) => ({ ...p, class: cls })) });
        expect(o.premium).toBe(q.body.data.premium);
      }
      const qh = await post('product/quote', { plan_id: plans.anze, class: 2, headcount: 40, months: 6 });
      const oh = await place(demo, { plan_id: plans.anze, class: 2, months: 6, insured: undefined, headcount: 40 });
      expect(oh.premium).toBe(qh.body.data.premium);
    });

    test('mixed classes: the quote of 7/6/7 is what the order charges; the detail page prices one line per class', async () => {
      const q = await post('product/quote', {
        plan_id: plans.guzhu,
        class: 3,
        headcount: 20,
        months: 12,
        classes: { '1': 7, '2': 6, '3': 7 },
      });
      expect(q.status).toBe(200);
      expect(q.body.data.lines.map((l: { class: number; people: number }) => [l.class, l.people])).toEqual([
        [1, 7],
        [2, 6],
        [3, 7],
      ]);
      const single = (await post('product/quote', { plan_id: plans.guzhu, class: 3, headcount: 20, months: 12 })).body.data.premium;
      expect(q.body.data.premium).not.toBe(single);
      const mixed = people(20, 9).map((p, i) => ({ ...p, class: i < 7 ? 1 : i < 13 ? 2 : 3 }));
      const o = await place(demo, { class: 3, insured: mixed });
      expect(o.premium).toBe(q.body.data.premium);
      const [row] = await t.db.sql`SELECT class_mix FROM policy_order WHERE id = ${o.id}`;
      expect(JSON.parse(String(row.class_mix))).toEqual({ '1': 7, '2': 6, '3': 7 });
    });

    test('create: row errors come back together with row numbers, nothing saved; ID checksum, age, class, duplicates', async () => {
      const [n0] = await t.db.sql`SELECT COUNT(*) AS n FROM policy_order`;
      const good = people(3);
      const badCheck = `${good[0].id_no.slice(0, 17)}${good[0].id_no[17] === '0' ? '1' : '0'}`;
      const tooOld = makeResidentId('1940-01-01', 11);
      const child = makeResidentId(`${Number(today.slice(0, 4)) - 10}-01-01`, 12);
      const r = await post(
        'order/create',
        orderBody({
          insured: [
            good[0],
            { ...good[1], id_no: badCheck },
            { ...good[2], id_no: tooOld },
            { name: '', id_no: child },
            { ...good[0] },
            { ...good[1], id_no: makeResidentId('1985-05-05', 99), class: 6 },
          ],
        }),
        demo,
        'zh-cn',
      );
      expect(r.status).toBe(400);
      expect(r.body.data.field).toBe('insured');
      const rows = r.body.data.rows as { row: number; field: string; message: string }[];
      const at = (row: number) => rows.filter((x) => x.row === row).map((x) => x.field);
      expect(at(1)).toEqual([]);
      expect(at(2)).toEqual(['id_no']);
      expect(at(3)).toEqual(['id_no']);
      expect(at(4).sort()).toEqual(['id_no', 'name']);
      expect(at(5)).toEqual(['id_no']);
      expect(at(6)).toEqual(['class']);
      expect(rows.find((x) => x.row === 2)!.message).toContain('身份证号不正确');
      expect(rows.find((x) => x.row === 5)!.message).toContain('第 1 行');
      const [n1] = await t.db.sql`SELECT COUNT(*) AS n FROM policy_order`;
      expect(num(n1.n)).toBe(num(n0.n));
    });

    test('create: start date from tomorrow to +90 days; the same request id returns the same order; personal takes exactly one', async () => {
      const body = { plan_id: plans.guzhu, class: 1, months: 12, policyholder: DEMO_HOLDERS.demo, insured: people(3) };
      expect((await post('order/create', { ...body, request_id: rid(), start_date: today }, demo)).body.data.field).toBe('start_date');
      expect((await post('order/create', { ...body, request_id: rid(), start_date: addDays(today, 91) }, demo)).body.data.field).toBe(
        'start_date',
      );
      expect((await post('order/create', { ...body, request_id: rid(), start_date: addDays(today, 90) }, demo)).status).toBe(200);
      const id = rid();
      const a = await post('order/create', { ...body, request_id: id, start_date: start }, demo);
      const b = await post('order/create', { ...body, request_id: id, start_date: start }, demo);
      expect(b.body.data.order).toEqual(a.body.data.order);
      const two = await post(
        'order/create',
        { ...body, plan_id: plans.personal, request_id: rid(), start_date: start, insured: people(2, 7) },
        demo,
      );
      expect(two.body.data.field).toBe('headcount');
    });

    test('the site manager has no Add rule: 403 on create', async () => {
      const r = await post('order/create', orderBody({ policyholder: DEMO_HOLDERS.manager }), manager);
      expect(r.status).toBe(403);
    });

    test('pay: 20 parallel pays with one request id make one ledger entry; then the sandbox accepts', async () => {
      const o = await place(demo);
      const before = await money(t.db, demoId);
      const request_id = rid();
      const replies = await Promise.all(Array.from({ length: 20 }, () => post('order/pay', { id: o.id, request_id }, demo)));
      expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
      const [n] = await t.db
        .sql`SELECT COUNT(*) AS n FROM user_money_log WHERE user_id = ${demoId} AND kind = 'payment' AND reference = ${o.order_no}`;
      expect(num(n.n)).toBe(1);
      expect(await money(t.db, demoId)).toBe(before - Math.round(Number(o.premium) * 100));
      expect(await ledgerSum(t.db, demoId)).toBe(await money(t.db, demoId));
      const d = await get(`order/detail?id=${o.id}`, demo);
      expect(d.body.data.order.status).toBe('effective');
      expect(d.body.data.order.policy_no).toMatch(/^PL\d{12}$/);
      expect(d.body.data.timeline.map((e: { to: string }) => e.to)).toEqual(['unpaid', 'paid', 'underwriting', 'effective']);
      // another request id on a paid order: 409 with the current status
      const again = await post('order/pay', { id: o.id, request_id: rid() }, demo);
      expect(again.status).toBe(409);
      expect(again.body.data.status).toBe('effective');
    });

    test('pay: short balance is 400 field balance with required and available; nothing changes', async () => {
      const mgrId = await userId(t.db, 'manager');
      await t.db.sql`UPDATE "user" SET group_id = (SELECT id FROM user_group WHERE code = 'default') WHERE id = ${mgrId}`;
      const token = await login('manager', 'Manager#2026');
      const o = await place(token, {
        plan_id: plans.anze,
        class: 3,
        insured: undefined,
        headcount: 3000,
        policyholder: DEMO_HOLDERS.manager,
      });
      const before = await money(t.db, mgrId);
      const r = await post('order/pay', { id: o.id, request_id: rid() }, token);
      expect(r.status).toBe(400);
      expect(r.body.data).toMatchObject({ field: 'balance', required: o.premium, available: (before / 100).toFixed(2) });
      expect(await money(t.db, mgrId)).toBe(before);
      expect((await get(`order/detail?id=${o.id}`, token)).body.data.order.status).toBe('unpaid');
      await t.db.sql`UPDATE "user" SET group_id = (SELECT id FROM user_group WHERE code = 'manager') WHERE id = ${mgrId}`;
    });

    test('sandbox refusal and operator refusal refund once; manual mode leaves the order to operators', async () => {
      const r1 = await place(demo, { policyholder: { ...DEMO_HOLDERS.demo, name: 'SANDBOX-REFUSE 测试公司' } });
      const before = await money(t.db, demoId);
      await post('order/pay', { id: r1.id, request_id: rid() }, demo);
      const d1 = await get(`order/detail?id=${r1.id}`, demo);
      expect(d1.body.data.order).toMatchObject({ status: 'refused', refunded: r1.premium });
      expect(await money(t.db, demoId)).toBe(before);

      await setConfigValue(t.db, 'insurer', { mode: 'manual', underwriteDelaySeconds: 0 });
      const r2 = await place(demo);
      await post('order/pay', { id: r2.id, request_id: rid() }, demo);
      expect((await get(`order/detail?id=${r2.id}`, demo)).body.data.order.status).toBe('underwriting');
      const queue = await get('operator/order/queue', operator);
      expect(queue.body.data.list.some((o: { id: number }) => o.id === r2.id)).toBe(true);
      expect((await get('operator/order/queue', demo)).status).toBe(403); // '*' never grants operator rules
      expect((await post('operator/order/underwrite', { id: r2.id, decision: 'refuse' }, operator)).body.data.field).toBe('reason');
      const decided = await Promise.all([
        post('operator/order/underwrite', { id: r2.id, decision: 'refuse', reason: '资料不全' }, operator),
        post('operator/order/underwrite', { id: r2.id, decision: 'refuse', reason: '资料不全' }, operator),
      ]);
      expect(decided.map((r) => r.status).sort()).toEqual([200, 409]);
      const refunds = await t.db
        .sql`SELECT amount FROM user_money_log WHERE user_id = ${demoId} AND kind = 'refund' AND reference = ${r2.order_no}`;
      expect(refunds.length).toBe(1);
      expect(await money(t.db, demoId)).toBe(before);
      const r3 = await place(demo);
      await post('order/pay', { id: r3.id, request_id: rid() }, demo);
      expect((await post('operator/order/underwrite', { id: r3.id, decision: 'accept' }, operator)).body.data.order.status).toBe(
        'effective',
      );
      await setConfigValue(t.db, 'insurer', { mode: 'sandbox', underwriteDelaySeconds: 0 });
    });

    test('every transition from every other state is 409 with the current status', async () => {
      const unpaid = await place(demo);
      const cancelled = await place(demo);
      expect((await post('order/cancel', { id: cancelled.id }, demo)).body.data.order.status).toBe('cancelled');
      const effective = await place(demo);
      await post('order/pay', { id: effective.id, request_id: rid() }, demo);
      const states: [string, number][] = [
        ['unpaid', unpaid.id],
        ['cancelled', cancelled.id],
        ['effective', effective.id],
      ];
      for (const [state, id] of states) {
        const tries: Record<string, () => Promise<Reply>> = {
          pay: () => post('order/pay', { id, request_id: rid() }, demo),
          cancel: () => post('order/cancel', { id }, demo),
          surrender: () => post('order/surrender', { id, date: addDays(today, 20) }, demo),
          underwrite: () => post('operator/order/underwrite', { id, decision: 'accept' }, operator),
          refuse: () => post('operator/order/underwrite', { id, decision: 'refuse', reason: 'x' }, operator),
        };
        const allowed: Record<string, string[]> = { unpaid: ['pay', 'cancel'], cancelled: [], effective: ['surrender'] };
        for (const [action, attempt] of Object.entries(tries)) {
          if (allowed[state].includes(action)) continue; // the allowed ones are tested on their own
          const r = await attempt();
          expect([action, r.status, r.body.data.status]).toEqual([action, 409, state]);
        }
      }
    });

    test('surrender refunds ⌊premium × days left / days⌋ once; the roster ends that day', async () => {
      const o = await place(demo);
      await post('order/pay', { id: o.id, request_id: rid() }, demo);
      const before = await money(t.db, demoId);
      const date = addDays(start, 99);
      const [row] = await t.db.sql`SELECT premium, start_date, end_date FROM policy_order WHERE id = ${o.id}`;
      const days = Math.round((Date.parse(row.end_date) - Date.parse(row.start_date)) / 86_400_000) + 1;
      const left = Math.round((Date.parse(row.end_date) - Date.parse(date)) / 86_400_000);
      const expected = Math.floor((num(row.premium) * left) / days);
      const replies = await Promise.all([
        post('order/surrender', { id: o.id, date }, demo),
        post('order/surrender', { id: o.id, date }, demo),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await money(t.db, demoId)).toBe(before + expected);
      const roster = await get(`order/insured?id=${o.id}`, demo);
      expect(roster.body.data.list.every((r: { active_to: string }) => r.active_to === date)).toBe(true);
      expect((await post('order/surrender', { id: (await place(demo)).id, date }, demo)).status).toBe(409);
    });

    test('lists: type, status (expired by date), keyword, withoutDetail; detail and roster; owner checks are 404', async () => {
      const all = await get('order/list?type=guzhu&limit=100', demo);
      expect(all.status).toBe(200);
      expect(all.body.data.list.every((o: { type: string }) => o.type === 'guzhu')).toBe(true);
      const expired = await get('order/list?status=expired&limit=100', demo);
      expect(expired.body.data.total).toBeGreaterThanOrEqual(3);
      const without = await get('order/list?type=withoutDetail&limit=100', demo);
      expect(without.body.data.list.every((o: { named_list: boolean }) => !o.named_list)).toBe(true);
      expect(without.body.data.list.some((o: { type: string; insured_count: number }) => o.type === 'anze' && o.insured_count === 40)).toBe(
        true,
      );
      const first = all.body.data.list.at(-1);
      const kw = await get(`order/list?keyword=${first.order_no}`, demo);
      expect(kw.body.data.list.map((o: { id: number }) => o.id)).toEqual([first.id]);
      expect((await get('order/list?status=bogus', demo)).body.data.field).toBe('status');

      const big = (await get('order/list?type=guzhu&status=effective&limit=100', demo)).body.data.list.find(
        (o: { insured_count: number }) => o.insured_count === 25,
      );
      const roster = await get(`order/insured?id=${big.id}&limit=10&page=3`, demo);
      expect(roster.body.data.total).toBe(25);
      expect(roster.body.data.list).toHaveLength(5);
      expect(roster.body.data.list[0].id_no_masked).toMatch(/^\d{6}\*{8}\d{3}[\dX]$/);
      const name = roster.body.data.list[0].name;
      expect((await get(`order/insured?id=${big.id}&keyword=${encodeURIComponent(name)}`, demo)).body.data.list[0].name).toBe(name);

      const mgrOrders = (await get('order/list?limit=100', manager)).body.data.list as { id: number }[];
      expect(mgrOrders.length).toBeGreaterThanOrEqual(3);
      const demoIds = new Set((await get('order/list?limit=100', demo)).body.data.list.map((o: { id: number }) => o.id));
      expect(mgrOrders.some((o) => demoIds.has(o.id))).toBe(false);
      for (const path of [
        `order/detail?id=${big.id}`,
        `order/insured?id=${big.id}`,
        `order/exportInsured?id=${big.id}`,
        `order/policy?id=${big.id}`,
      ]) {
        expect((await get(path, manager)).status).toBe(404);
      }
      expect((await post('order/cancel', { id: big.id }, manager)).status).toBe(404);
      expect((await post('order/pay', { id: big.id, request_id: rid() }, manager)).status).toBe(404);
      expect((await get(`order/detail?id=${big.id}`)).status).toBe(401);
    });

    test('policy PDF, insured CSV (BOM, formula-safe) and the list export with its filters', async () => {
      const o = await place(demo, { insured: [{ name: '张三', id_no: makeResidentId('1988-08-08', 5), class: 1 }, ...people(2, 9)] });
      await post('order/pay', { id: o.id, request_id: rid() }, demo);
      const pdf = await get(`order/policy?id=${o.id}`, demo);
      expect(pdf.status).toBe(200);
      expect(pdf.res.headers.get('content-type')).toBe('application/pdf');
      const bytes = new Uint8Array(await pdf.res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      expect(bytes.length).toBeLessThan(200_000); // the CJK font is a subset
      const csv = await get(`order/exportInsured?id=${o.id}`, demo, 'zh-cn');
      const text = await csv.res.text();
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(text).toContain('张三');
      const unpaid = await place(demo);
      expect((await get(`order/policy?id=${unpaid.id}`, demo)).status).toBe(409);
      const list = await get('order/export?type=order/guzhu&status=unpaid&format=csv', demo, 'zh-cn');
      const lines = (await list.res.text()).trim().split('\r\n');
      expect(lines[0]).toContain('订单号');
      expect(lines.slice(1).every((l) => l.includes('待支付'))).toBe(true);
      const json = await get('order/export?type=order/guzhu', demo);
      expect(json.body.data.total).toBeGreaterThan(10);
      expect((await get('order/export?type=order/guzhu', manager)).status).toBe(403);
    });

    test('import: CSV and XLSX with the file’s own row numbers; a template in both formats', async () => {
      const good = people(3, 3);
      const csv = `\uFEFF姓名,身份证号,职业类别\r\n${good[0].name},${good[0].id_no},1\r\n\r\n${good[1].name},${good[1].id_no.slice(0, 17)}0,1\r\n"${good[2].name}",${good[2].id_no},9\r\n`;
      const storage = getStorage();
      const f1 = await storeServerFile(t.db, storage, {
        userId: demoId,
        topic: 'insured',
        name: 'list.csv',
        mime: 'text/csv',
        bytes: new TextEncoder().encode(csv),
      });
      const r = await post('order/importInsured', { file_id: f1.id, plan_id: plans.guzhu, class: 1, start_date: start }, demo);
      expect(r.status).toBe(200);
      expect(r.body.data.rows.map((x: { row: number }) => x.row)).toEqual([2]);
      expect(r.body.data.errors.map((x: { row: number; field: string }) => [x.row, x.field])).toEqual([
        [4, 'id_no'],
        [5, 'class'],
      ]);
      const xlsx = toXlsx([['姓名', '身份证号', '职业类别'], ...good.map((g) => [g.name, g.id_no, '2'])]);
      const f2 = await storeServerFile(t.db, storage, {
        userId: demoId,
        topic: 'insured',
        name: 'list.xlsx',
        mime: 'application/zip',
        bytes: xlsx,
      });
      const x = await post('order/importInsured', { file_id: f2.id }, demo);
      expect(x.body.data.rows.map((r: { row: number; class: number }) => [r.row, r.class])).toEqual([
        [2, 2],
        [3, 2],
        [4, 2],
      ]);
      expect((await post('order/importInsured', { file_id: f2.id }, manager)).status).toBe(400); // not its file
      const tpl = await get('order/insuredTemplate?format=xlsx', demo);
      expect(tpl.res.headers.get('content-type')).toContain('spreadsheetml');
      const tcsv = await get('order/insuredTemplate?format=csv', demo);
      expect(await tcsv.res.text()).toStartWith('\uFEFF姓名,身份证号,职业类别');
    });

    test('operators edit prices: new orders get them, existing orders keep their snapshot', async () => {
      const old = await place(demo);
      const r = await post(
        'operator/product/update',
        {
          id: plans.guzhu,
          name: '基础版',
          name_en: 'Basic',
          annual: { 1: '150.00', 2: '200', 3: '', 4: '', 5: '' },
          min_insured: 3,
          max_insured: 500,
          age_min: 16,
          age_max: 65,
        },
        operator,
      );
      expect(r.status).toBe(200);
      expect((await post('operator/product/update', { id: plans.guzhu }, demo)).status).toBe(403);
      const fresh = await place(demo);
      expect(fresh.premium).toBe('450.00');
      expect((await get(`order/detail?id=${old.id}`, demo)).body.data.order.premium).toBe(old.premium);
      expect((await get(`order/detail?id=${old.id}`, demo)).body.data.plan.annual['1']).toBe('120.00');
      expect((await post('product/quote', { plan_id: plans.guzhu, class: 3, headcount: 3, months: 12 })).body.data.field).toBe('class');
    });
    test('quotes are rate-limited per IP', async () => {
      const headers = { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9', origin: ORIGIN };
      const statuses: number[] = [];
      for (let i = 0; i < 62; i++) {
        const res = await app.request(`${ORIGIN}/userapi/v1/product/quote`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ plan_id: plans.guzhu, class: 1, headcount: 3, months: 12 }),
        });
        statuses.push(res.status);
      }
      expect(statuses[0]).toBe(200);
      expect(statuses.at(-1)).toBe(429);
    });
  });
}
