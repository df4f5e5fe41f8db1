import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { listProducts, type PlanSnapshot, SHORT_TERM_RATES, snapshotOf } from '~/features/products';
import { makeResidentId } from '~/lib/cn-id';
import { engines, type TestDatabase } from '../../../tests/support/test-db';
import { addDays, endDateFor, periodDays, todayIn } from './dates';
import { DEMO_HOLDERS, demoPeople } from './demo-people';
import { checkSheet } from './imports';
import { checkInsuredRows, listInsured } from './insured';
import { displayStatus, findOrder } from './records';
import { cancelOrder, expireDue, expireOrder } from './closing';
import { createOrder } from './create';
import { payOrder } from './pay';
import { surrenderRefund } from './refunds';
import { markEffective } from './underwriting';
import { parseCsv, parseXlsx, toXlsx } from './sheet';
import { ledgerSum, money, ordersDatabase, userId } from '../../../tests/support/orders';

const plan: PlanSnapshot = {
  id: 1,
  product: 'guzhu',
  name: 'p',
  name_en: 'p',
  named_list: true,
  limits: [],
  classes: [1, 2, 3],
  annual: { 1: 12000, 2: 16000, 3: 22000 },
  min_insured: 1,
  max_insured: 10_000,
  age_min: 16,
  age_max: 65,
};

describe('dates, rates and refunds', () => {
  test('the period ends the day before the same date months later; month ends clamp', () => {
    expect(endDateFor('2026-12-01', 12)).toBe('2027-11-30');
    expect(endDateFor('2026-01-31', 1)).toBe('2026-02-27');
    expect(endDateFor('2028-02-29', 12)).toBe('2029-02-27');
    expect(periodDays('2026-01-01', endDateFor('2026-01-01', 12))).toBe(365);
  });
  test('the short-term table', () => {
    expect(Object.values(SHORT_TERM_RATES)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 85, 90, 95, 100]);
  });
  test('surrender: each person keeps P × days covered / D (half up), the rest goes back; before the start everything', () => {
    const o = { plan, months: 12, class: 1, namedList: false, insuredCount: 3, perPerson: 100_001, premium: 300_003 };
    const period = { ...o, startDate: '2026-01-01', endDate: '2026-12-31' };
    expect(surrenderRefund(period, '2026-12-31')).toBe(0);
    // 2026-01-01 … 2026-07-02 is 183 days kept of 365: 50 137.33… → 50 137 kept per person.
    const kept = Math.floor((2 * 100_001 * 183 + 365) / 730);
    expect(kept).toBe(50_137);
    expect(surrenderRefund(period, '2026-07-02')).toBe(3 * (100_001 - kept));
    expect(surrenderRefund(period, '2025-12-20')).toBe(300_003);
  });
});

describe('insured rows', () => {
  test('age is taken on the start date: the day before the 16th birthday is too young, the day of is fine', () => {
    const id = makeResidentId('2010-06-15', 1);
    const at = (d: string) => checkInsuredRows(plan, [{ name: '李四', id_no: id, class: 1 }], { onDate: d, defaultClass: 1 }).problems;
    expect(at('2026-06-14').map((p) => p.key)).toEqual(['order.row.ageOutside']);
    expect(at('2026-06-15')).toEqual([]);
    const old = makeResidentId('1960-06-15', 2);
    const at2 = (d: string) => checkInsuredRows(plan, [{ name: '李四', id_no: old, class: 1 }], { onDate: d, defaultClass: 1 }).problems;
    expect(at2('2026-06-14')).toEqual([]); // still 65
    expect(at2('2026-06-15').map((p) => p.key)).toEqual(['order.row.ageOutside']); // 66
  });
  test('check character, impossible dates, lower-case x, whitespace', () => {
    const id = makeResidentId('1990-01-01', 3);
    const rows = [
      { name: '甲', id_no: id, class: 1 },
      { name: '乙', id_no: `${id.slice(0, 17)}${id[17] === '1' ? '2' : '1'}`, class: 1 },
      { name: '丙', id_no: '110101199002301234', class: 1 },
      { name: '丁', id_no: ` ${makeResidentId('1991-01-01', 4).toLowerCase()} `, class: null },
    ];
    const { rows: ok, problems } = checkInsuredRows(plan, rows, { onDate: '2026-06-01', defaultClass: 2 });
    expect(problems.map((p) => [p.row, p.field])).toEqual([
      [2, 'id_no'],
      [3, 'id_no'],
    ]);
    expect(ok.map((r) => r.class)).toEqual([1, 2]);
    expect(ok[0]).toMatchObject({ birthday: '1990-01-01', gender: id.charCodeAt(16) % 2 === 1 ? 1 : 2 });
  });
  test('CSV parsing keeps the file row numbers (quotes, CRLF, blank lines)', () => {
    const rows = parseCsv('\uFEFFa,b\r\n"x, ""y""",2\r\n\r\nz,3');
    expect(rows.map((r) => [r.row, r.cells])).toEqual([
      [1, ['a', 'b']],
      [2, ['x, "y"', '2']],
      [3, ['']],
      [4, ['z', '3']],
    ]);
  });
  test('10 000 rows from a CSV and from an XLSX are checked in under 2 s each', () => {
    const people = demoPeople(10_000, '2026-06-01', 5).map((p, i) => ({
      ...p,
      id_no: makeResidentId(`19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 9}`, i % 1000, String(110101 + Math.floor(i / 1000))),
    }));
    people[4_321].id_no = '110101199002301234';
    const csv = `姓名,身份证号,职业类别\n${people.map((p) => `${p.name},${p.id_no},1`).join('\n')}\n`;
    let t0 = performance.now();
    const r = checkSheet(parseCsv(csv), plan, { classDefault: 1, onDate: '2026-06-01' });
    const csvMs = performance.now() - t0;
    expect(r.total).toBe(10_000);
    expect(r.errors.map((e) => e.row)).toEqual([4_323]);
    const xlsx = toXlsx([['姓名', '身份证号', '职业类别'], ...people.map((p) => [p.name as string, p.id_no as string, '1'])]);
    t0 = performance.now();
    const x = checkSheet(parseXlsx(xlsx) ?? [], plan, { classDefault: 1, onDate: '2026-06-01' });
    const xlsxMs = performance.now() - t0;
    expect(x.rows).toHaveLength(9_999);
    expect(csvMs).toBeLessThan(2_000);
    expect(xlsxMs).toBeLessThan(2_000);
  });
});

for (const engine of engines()) {
  describe(`order transitions on ${engine.name}`, () => {
    let t: TestDatabase;
    let demo: number;
    let guzhu: PlanSnapshot;
    const today = todayIn('Asia/Shanghai');
    beforeAll(async () => {
      t = await ordersDatabase(engine);
      demo = await userId(t.db, 'demo');
      guzhu = snapshotOf((await listProducts(t.db))[0].plans[0]);
    }, 60_000);
    afterAll(() => t.drop());

    const place = (n: number, o: { start?: string; today?: string } = {}) =>
      createOrder(
        t.db,
        demo,
        {
          request_id: `svc-${Math.random().toString(36).slice(2)}`,
          plan_id: guzhu.id,
          class: 1,
          months: 12,
          start_date: o.start ?? addDays(today, 5),
          policyholder: DEMO_HOLDERS.demo,
          insured: demoPeople(n, o.start ?? today, n),
        },
        { today: o.today },
      );

    test('the demo seed: ≥ 24 orders in every state, the listed rosters, balances equal to their entries', async () => {
      const rows = await t.db.sql`SELECT status, COUNT(*) AS n FROM policy_order WHERE user_id = ${demo} GROUP BY status`;
      const by = Object.fromEntries(rows.map((r: { status: string; n: unknown }) => [r.status, Number(r.n)]));
      expect(Object.values(by).reduce((a: number, b) => a + (b as number), 0)).toBeGreaterThanOrEqual(24);
      for (const s of ['unpaid', 'underwriting', 'effective', 'expired', 'cancelled', 'refused', 'surrendered'])
        expect(by[s]).toBeGreaterThan(0);
      const effective = await t.db
        .sql`SELECT product, named_list, insured_count FROM policy_order WHERE user_id = ${demo} AND status = 'effective'`;
      const has = (p: string, n: number, named = true) =>
        effective.some(
          (r: Record<string, unknown>) => r.product === p && Number(r.insured_count) === n && Number(r.named_list) === (named ? 1 : 0),
        );
      expect(has('guzhu', 25) && has('tuanyi', 12) && has('anze', 40, false) && has('personal', 1)).toBe(true);
      for (const name of ['demo', 'manager']) {
        const id = await userId(t.db, name);
        expect(await ledgerSum(t.db, id)).toBe(await money(t.db, id));
      }
      expect(await money(t.db, demo)).toBe(1_250_000);
      const [m] = await t.db.sql`SELECT COUNT(*) AS n FROM policy_order WHERE user_id = ${await userId(t.db, 'manager')}`;
      expect(Number(m.n)).toBe(3);
      const [tl] = await t.db.sql`SELECT COUNT(*) AS n FROM order_timeline`;
      expect(Number(tl.n)).toBeGreaterThan(60);
    });

    test('expired by date: effective past its end reads expired; the sweep writes it once', async () => {
      const { order } = await place(3, { start: addDays(today, -380), today: addDays(today, -385) });
      await payOrder(t.db, demo, { id: order.id, request_id: `p-${order.id}` }, { underwrite: false });
      const eff = await markEffective(t.db, order.id, { kind: 'operator', userId: null });
      expect(eff.status).toBe('effective');
      expect(displayStatus(eff, today)).toBe('expired');
      await expect(expireOrder(t.db, (await place(3)).order.id)).rejects.toMatchObject({ status: 409 });
      expect(await expireDue(t.db, { today })).toBeGreaterThanOrEqual(1);
      expect((await findOrder(t.db, order.id))?.status).toBe('expired');
      await expect(expireOrder(t.db, order.id)).rejects.toMatchObject({ status: 409, data: { status: 'expired' } });
    });

    test('cancel twice at once: one wins, one 409; a cancelled order cannot be paid', async () => {
      const { order } = await place(3);
      const results = await Promise.allSettled([cancelOrder(t.db, demo, order.id), cancelOrder(t.db, demo, order.id)]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      await expect(payOrder(t.db, demo, { id: order.id, request_id: 'x-12345678' })).rejects.toMatchObject({ status: 409 });
    });

    test('the roster on a date: active_from ≤ date ≤ active_to', async () => {
      const { order } = await place(4);
      await t.db
        .sql`UPDATE order_insured SET active_to = ${addDays(order.startDate, 10)} WHERE id = (SELECT MIN(id) FROM order_insured WHERE order_id = ${order.id})`;
      expect((await listInsured(t.db, order.id, { asOf: addDays(order.startDate, 10) })).total).toBe(4);
      expect((await listInsured(t.db, order.id, { asOf: addDays(order.startDate, 11) })).total).toBe(3);
      expect((await listInsured(t.db, order.id, { asOf: addDays(order.startDate, -1) })).total).toBe(0);
      expect((await listInsured(t.db, order.id)).total).toBe(4);
    });
  });
}
