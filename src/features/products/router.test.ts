import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { apiClient } from '../../../tests/support/api-client';
import { ordersDatabase } from '../../../tests/support/orders';
import { engines, type TestDatabase } from '../../../tests/support/test-db';

type GridPlan = { id: number; annual: Record<string, string>; classes: number[] };

for (const engine of engines()) {
  describe(`price grid API on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let operator: string;
    let demo: string;
    let plans: { guzhu: GridPlan; guzhu2: GridPlan; anze: GridPlan };

    const catalogue = async () =>
      (await api.get('operator/product/list', operator)).body.data.list as { code: string; plans: GridPlan[] }[];

    beforeAll(async () => {
      t = await ordersDatabase(engine, { demoOrders: false });
      api = apiClient(t.db);
      [operator, demo] = await Promise.all([api.login('operator', 'Operator#2026'), api.login('demo', 'Demo#2026')]);
      const list = await catalogue();
      const guzhu = list.find((p) => p.code === 'guzhu')!;
      plans = { guzhu: guzhu.plans[0], guzhu2: guzhu.plans[1], anze: list.find((p) => p.code === 'anze')!.plans[0] };
    }, 120_000);
    afterAll(async () => {
      await t.drop();
    });

    test('several cells of several plans are saved together; the public catalogue and the quote show them; one audit entry', async () => {
      const g1 = plans.guzhu;
      const g2 = plans.guzhu2;
      const last = Object.keys(g1.annual).at(-1)!; // a priced class withdrawn
      expect(last).not.toBe('1');
      const r = await api.post('operator/product/prices', operator, {
        changes: [
          { plan_id: g1.id, class: '1', was: g1.annual['1'], price: '133.5' },
          { plan_id: g1.id, class: last, was: g1.annual[last], price: '' },
          { plan_id: g2.id, class: 2, was: g2.annual['2'], price: '321' },
        ],
      });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Prices saved: they apply to new orders only');
      const saved = r.body.data.plans as GridPlan[];
      expect(saved.find((p) => p.id === g1.id)!.annual['1']).toBe('133.50');
      expect(saved.find((p) => p.id === g1.id)!.classes).not.toContain(Number(last));
      const pub = (await api.get('product/list')).body.data.list as { code: string; plans: GridPlan[] }[];
      const g1pub = pub.find((p) => p.code === 'guzhu')!.plans.find((p) => p.id === g1.id)!;
      expect(g1pub.annual['1']).toBe('133.50');
      expect(g1pub.annual[last]).toBeUndefined();
      expect(pub.find((p) => p.code === 'guzhu')!.plans.find((p) => p.id === g2.id)!.annual['2']).toBe('321.00');
      const q = await api.post('product/quote', undefined, { plan_id: g1.id, class: 1, headcount: 10, months: 6 });
      expect(q.body.data.per_person).toBe('80.10'); // 133.50 × 60 %
      const [audit] = await t.db.sql`SELECT * FROM audit_log WHERE action = 'product.prices' ORDER BY id DESC`;
      const detail = JSON.parse(String(audit.detail));
      expect(detail.cells).toHaveLength(3);
      expect(detail.cells[0]).toMatchObject({ plan_id: g1.id, class: 1, before: Number(g1.annual['1']) * 100, after: 13350 });
      plans.guzhu = { ...g1, annual: { ...g1.annual, 1: '133.50' } };
      delete plans.guzhu.annual[last];
      plans.guzhu2 = { ...g2, annual: { ...g2.annual, 2: '321.00' } };
    });

    test('a cell changed by someone else since the grid was loaded: 409 and nothing saved', async () => {
      const g1 = plans.guzhu;
      const r = await api.post('operator/product/prices', operator, {
        changes: [
          { plan_id: g1.id, class: '2', was: g1.annual['2'], price: '999' },
          { plan_id: g1.id, class: '1', was: '1.00', price: '150' },
        ],
      });
      expect(r.status).toBe(409);
      const after = (await catalogue()).find((p) => p.code === 'guzhu')!.plans.find((p) => p.id === g1.id)!;
      expect(after.annual['2']).toBe(g1.annual['2']);
      expect(after.annual['1']).toBe('133.50');
    });

    test('bad input: price format, a class the product lacks, a plan left unpriced, empty changes, unknown plan', async () => {
      const g1 = plans.guzhu;
      const bad = await api.post('operator/product/prices', operator, {
        changes: [{ plan_id: g1.id, class: '2', was: g1.annual['2'], price: '12.345' }],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Enter a valid premium (yuan, at most two decimals)');
      const band = await api.post('operator/product/prices', operator, {
        changes: [{ plan_id: plans.anze.id, class: '5', was: '', price: '10' }],
      });
      expect(band.status).toBe(400);
      const all = Object.entries(g1.annual).map(([c, was]) => ({ plan_id: g1.id, class: c, was, price: '' }));
      const none = await api.post('operator/product/prices', operator, { changes: all });
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Every plan needs a price for at least one class');
      expect((await api.post('operator/product/prices', operator, { changes: [] })).status).toBe(400);
      const missing = await api.post('operator/product/prices', operator, {
        changes: [{ plan_id: 999999, class: '1', was: '', price: '1' }],
      });
      expect(missing.status).toBe(404);
      const still = (await catalogue()).find((p) => p.code === 'guzhu')!.plans.find((p) => p.id === g1.id)!;
      expect(still.annual).toEqual(g1.annual);
    });

    test('members cannot edit prices; the plan form without prices keeps them', async () => {
      const g2 = plans.guzhu2;
      expect(
        (await api.post('operator/product/prices', demo, { changes: [{ plan_id: g2.id, class: '1', was: g2.annual['1'], price: '1' }] }))
          .status,
      ).toBe(403);
      expect((await api.post('operator/product/prices', undefined, { changes: [] })).status).toBe(401);
      const r = await api.post('operator/product/update', operator, {
        id: g2.id,
        name: '标准版',
        name_en: 'Standard',
        min_insured: 3,
        max_insured: 500,
        age_min: 16,
        age_max: 65,
        status: 1,
      });
      expect(r.status).toBe(200);
      const after = (await catalogue()).find((p) => p.code === 'guzhu')!.plans.find((p) => p.id === g2.id)!;
      expect(after.annual).toEqual(g2.annual);
    });
  });
}
