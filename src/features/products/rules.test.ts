/**
 * A plan's endorsement rules (issue #31): the defaults every plan has (migration 23 seeds them),
 * what a stored value may change, and the operator's save through the API — audited once with the
 * rules before and after.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { apiClient } from '../../../tests/support/api-client';
import { ordersDatabase } from '../../../tests/support/orders';
import { engines, type TestDatabase } from '../../../tests/support/test-db';
import { defaultRules, rulesOf } from './rules';

describe('plan rules as data', () => {
  test('defaults: the next day, the plan’s minimum headcount, 30 % in classes 5–6 as a warning, already covered a warning', () => {
    const d = defaultRules(3);
    expect(d.lead_time).toEqual({ severity: 'error', value: 1 });
    expect(d.min_headcount).toEqual({ severity: 'error', value: 3 });
    expect(d.high_class_share).toEqual({ severity: 'warning', value: 30 });
    expect(d.already_covered.severity).toBe('warning');
    expect(d.open_claim.severity).toBe('error');
  });

  test('stored rules override the defaults; fixed rules stay errors; bad values and unknown keys are dropped', () => {
    const r = rulesOf(
      JSON.stringify({
        lead_time: { severity: 'warning', value: 3 },
        high_class_share: { severity: 'error', value: 250 },
        age_window: { severity: 'warning' },
        nonsense: { severity: 'warning' },
      }),
      2,
    );
    expect(r.lead_time).toEqual({ severity: 'warning', value: 3 });
    expect(r.high_class_share).toEqual({ severity: 'error', value: 30 });
    expect(r.age_window.severity).toBe('error');
    expect(r.min_headcount.value).toBe(2);
    expect(Object.keys(r)).not.toContain('nonsense');
    expect(rulesOf('not json', 1)).toEqual(defaultRules(1));
  });
});

for (const engine of engines()) {
  describe(`plan rules API on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let operator: string;
    let demo: string;

    beforeAll(async () => {
      t = await ordersDatabase(engine, { demoOrders: false });
      api = apiClient(t.db);
      [operator, demo] = await Promise.all([api.login('operator', 'Operator#2026'), api.login('demo', 'Demo#2026')]);
    }, 120_000);
    afterAll(async () => {
      await t.drop();
    });

    test('every plan is seeded with the defaults; an operator saves them (audited before/after); members are refused', async () => {
      const plans = await t.db.sql`SELECT id, min_insured, rules FROM product_plan ORDER BY id`;
      expect(plans.length).toBeGreaterThan(0);
      for (const p of plans) expect(JSON.parse(String(p.rules))).toEqual(defaultRules(Number(p.min_insured)));
      const id = Number(plans[0].id);
      const rules = {
        lead_time: { severity: 'error', value: 2 },
        min_headcount: { severity: 'warning', value: 5 },
        high_class_share: { severity: 'warning', value: 20 },
        open_claim: { severity: 'error' },
        already_covered: { severity: 'error' },
      };
      expect((await api.post('operator/product/rules', demo, { plan_id: id, rules })).status).toBe(403);
      const bad = await api.post('operator/product/rules', operator, {
        plan_id: id,
        rules: { ...rules, lead_time: { severity: 'fatal', value: 1 } },
      });
      expect(bad.status).toBe(400);
      expect((await api.post('operator/product/rules', operator, { plan_id: 99_999, rules })).status).toBe(404);
      const r = await api.post('operator/product/rules', operator, { plan_id: id, rules });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Endorsement rules saved');
      expect(r.body.data.rules.lead_time).toEqual({ severity: 'error', value: 2 });
      expect(r.body.data.rules.already_covered.severity).toBe('error');
      const [row] = await t.db.sql`SELECT rules FROM product_plan WHERE id = ${id}`;
      expect(JSON.parse(String(row.rules)).min_headcount).toEqual({ severity: 'warning', value: 5 });
      const audits = await t.db.sql`SELECT detail FROM audit_log WHERE action = 'product.plan_rules'`;
      expect(audits).toHaveLength(1);
      const detail = JSON.parse(String(audits[0].detail));
      expect(detail.plan_id).toBe(id);
      expect(detail.before.lead_time).toBe(1);
      expect(detail.after.lead_time).toBe(2);
      expect(detail.after['min_headcount.severity']).toBe('warning');
    });
  });
}
