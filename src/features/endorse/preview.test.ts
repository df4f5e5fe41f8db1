/**
 * The dry run (issue #31 items 1 and 4) through the API: POST endorse/preview's owner check and
 * plan, rules that block (400 naming the rule, in the request's language), warnings that need a
 * tick, "already covered" naming the other policy, and a seeded property test: over random drafts
 * the preview's total is what the submission charges (and the approval refunds) to the fen, and its
 * balance after is the balance once the insurer accepted.
 */
import { describe, expect, test } from 'bun:test';
import type { OrderRecord } from '~/features/orders';
import { makeResidentId } from '~/lib/cn-id';
import { num } from '~/server/db/client';
import { endorseWorld, placePolicy } from '../../../tests/support/endorse-kit';
import { engines } from '../../../tests/support/test-db';
import { addDays } from './premium';

/** A small seeded generator (mulberry32): the same drafts every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

for (const engine of engines()) {
  describe(`endorsement dry run on ${engine.name}`, () => {
    const w = endorseWorld(engine);
    let seq = 0;
    const rid = () => `pv-${Date.now()}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
    const idNo = (birthday = '1988-03-09') => makeResidentId(birthday, 300 + ++seq * 2, '310105');

    async function setRules(order: OrderRecord, rules: Record<string, unknown>) {
      await w.db.sql`UPDATE product_plan SET rules = ${JSON.stringify(rules)} WHERE id = ${order.planId}`;
    }
    async function draft(order: OrderRecord, E: string) {
      const r = await w.api.post('endorse/create', w.demo, { request_id: rid(), order_id: order.id, effective_date: E });
      expect(r.status).toBe(200);
      return r.body.data.endorsement.id as number;
    }
    async function rosterIds(order: OrderRecord) {
      const rows = await w.db.sql`SELECT id, id_no, name FROM order_insured WHERE order_id = ${order.id} ORDER BY id`;
      return rows.map((r: Record<string, unknown>) => ({ id: num(r.id), idNo: String(r.id_no), name: String(r.name) }));
    }
    /** A top-up through the operators' adjustment (the ledger), so placing policies never runs dry. */
    async function topUp() {
      const r = await w.api.post('operator/member/adjust', w.operator, {
        request_id: rid().replace(/[^A-Za-z0-9_-]/g, ''),
        id: w.demoId,
        kind: 'money',
        amount: '20000',
        reason: 'test top-up',
      });
      expect(r.status).toBe(200);
    }
    async function balance() {
      const [u] = await w.db.sql`SELECT money FROM "user" WHERE id = ${w.demoId}`;
      return num(u.money);
    }

    test('preview: someone else’s draft is 404; the plan lists each person, the total, the balance and every rule', async () => {
      const mine = await placePolicy(w.db, w.demoId, { people: 5 });
      await setRules(mine, {});
      const id = await draft(mine, addDays(w.today, 1));
      const [first] = await rosterIds(mine);
      expect((await w.api.post('endorse/item', w.demo, { id, kind: 'remove', insured_id: first.id })).status).toBe(200);
      expect(
        (await w.api.post('endorse/item', w.demo, { id, kind: 'add', name: '预览新人', id_no: idNo(), occupation_class: 2 })).status,
      ).toBe(200);
      expect((await w.api.post('endorse/preview', undefined, { id })).status).toBe(401);
      // The manager is another member: 404 (or 403 without the rule), never the plan.
      expect([403, 404]).toContain((await w.api.post('endorse/preview', w.manager, { id })).status);
      const theirs = await placePolicy(w.db, w.managerId, { people: 3 });
      const other = await w.api.post('endorse/preview', w.demo, { id: 10_000_000 + theirs.id });
      expect(other.status).toBe(404);

      const r = await w.api.post('endorse/preview', w.demo, { id });
      expect(r.status).toBe(200);
      const plan = r.body.data.plan;
      expect(plan.lines.map((l: { kind: string }) => l.kind)).toEqual(['remove', 'add']);
      expect(plan.lines[0]).toMatchObject({ name: first.name, from: addDays(w.today, 1) });
      expect(plan.lines[0].premium_fen).toBeLessThan(0);
      expect(plan.lines[1].premium_fen).toBeGreaterThan(0);
      expect(plan.total_fen).toBe(plan.lines[0].premium_fen + plan.lines[1].premium_fen);
      expect(plan.balance_after_fen).toBe(plan.balance_before_fen - plan.total_fen);
      expect(plan.headcount).toEqual({ before: 5, after: 5 });
      expect(plan.checks.map((c: { code: string }) => c.code)).toEqual([
        'lead_time',
        'min_headcount',
        'high_class_share',
        'open_claim',
        'duplicate',
        'age_window',
        'class_allowed',
        'already_covered',
      ]);
      expect(plan.errors).toEqual([]);
      expect(plan.can_submit).toBe(true);
      // The stored draft total is the plan's.
      const [row] = await w.db.sql`SELECT premium_delta FROM endorsement WHERE id = ${id}`;
      expect(num(row.premium_delta)).toBe(plan.total_fen);
      await w.api.post('endorse/cancel', w.demo, { id });
    });

    test('an error blocks: effective today (lead time 1 day) and too few people left, named in the request’s language', async () => {
      const order = await placePolicy(w.db, w.demoId, { people: 4 });
      await setRules(order, { min_headcount: { severity: 'error', value: 4 } });
      const id = await draft(order, w.today);
      const [first] = await rosterIds(order);
      expect((await w.api.post('endorse/item', w.demo, { id, kind: 'remove', insured_id: first.id })).status).toBe(200);
      const plan = (await w.api.post('endorse/preview', w.demo, { id })).body.data.plan;
      expect(plan.errors).toEqual(['lead_time', 'min_headcount']);
      expect(plan.can_submit).toBe(false);
      const before = await balance();
      const en = await w.api.post('endorse/submit', w.demo, { id }, 'en');
      expect(en.status).toBe(400);
      expect(en.body.message).toContain('Cannot submit');
      expect(en.body.message).toContain(`${addDays(w.today, 1)} or later`);
      expect(en.body.message).toContain('at least 4');
      expect(en.body.data.rules.map((r: { code: string }) => r.code)).toEqual(['lead_time', 'min_headcount']);
      const zh = await w.api.post('endorse/submit', w.demo, { id }, 'zh-cn');
      expect(zh.status).toBe(400);
      expect(zh.body.message).toContain('不能提交');
      expect(zh.body.message).toContain('少于保险公司要求的 4 人');
      // Still a draft, nothing charged.
      const [row] = await w.db.sql`SELECT status FROM endorsement WHERE id = ${id}`;
      expect(String(row.status)).toBe('draft');
      expect(await balance()).toBe(before);
      // Moving the date to tomorrow and setting the rule to a warning: ticked, it submits.
      expect((await w.api.post('endorse/update', w.demo, { id, effective_date: addDays(w.today, 1) })).status).toBe(200);
      await setRules(order, { min_headcount: { severity: 'warning', value: 4 } });
      const unticked = await w.api.post('endorse/submit', w.demo, { id });
      expect(unticked.status).toBe(400);
      expect(unticked.body.message).toContain('Tick these warnings');
      expect(unticked.body.data.rules.map((r: { code: string }) => r.code)).toEqual(['min_headcount']);
      const ok = await w.api.post('endorse/submit', w.demo, { id, acknowledged: ['min_headcount'] });
      expect(ok.status).toBe(200);
      expect(ok.body.data.endorsement.status).toBe('submitted');
    });

    test('an open claim blocks removing that person; class 5–6 above the share is a warning that needs a tick', async () => {
      const order = await placePolicy(w.db, w.demoId, { people: 6 });
      await setRules(order, { high_class_share: { severity: 'warning', value: 30 } });
      const [first] = await rosterIds(order);
      await w.db.sql`INSERT INTO claim ${w.db.sql({
        claim_no: `CLPV${Date.now()}${seq++}`,
        user_id: w.demoId,
        order_id: order.id,
        policy_no: order.policyNo ?? '',
        policy_type: 'guzhu',
        insured_id: first.id,
        insured_name: first.name,
        insured_id_no: first.idNo,
        type: 'injury',
        accident_date: w.today,
        estimated_amount: 100000,
        status: 'reviewing',
        created_at: 1,
        updated_at: 1,
      })}`;
      const id = await draft(order, addDays(w.today, 2));
      expect((await w.api.post('endorse/item', w.demo, { id, kind: 'remove', insured_id: first.id })).status).toBe(200);
      let plan = (await w.api.post('endorse/preview', w.demo, { id }, 'en')).body.data.plan;
      expect(plan.errors).toEqual(['open_claim']);
      const blocked = await w.api.post('endorse/submit', w.demo, { id });
      expect(blocked.status).toBe(400);
      expect(blocked.body.message).toContain(`${first.name}: open claim`);
      // Take the removal back; add two people in class 5 or 6 (3 of 9 = 33.3 % > 30 %).
      const items = await w.db.sql`SELECT id FROM endorsement_item WHERE endorsement_id = ${id}`;
      expect((await w.api.post('endorse/itemDelete', w.demo, { id, item_id: num(items[0].id) })).status).toBe(200);
      for (const name of ['高危甲', '高危乙', '高危丙']) {
        const r = await w.api.post('endorse/item', w.demo, {
          id,
          kind: 'add',
          name,
          id_no: idNo(),
          occupation_class: order.plan.classes.at(-1),
        });
        expect(r.status).toBe(200);
      }
      plan = (await w.api.post('endorse/preview', w.demo, { id })).body.data.plan;
      if (order.plan.classes.some((c) => c >= 5)) {
        expect(plan.errors).toEqual([]);
        expect(plan.warnings).toEqual(['high_class_share']);
        expect(plan.checks.find((c: { code: string }) => c.code === 'high_class_share').params).toEqual({ max: 30, share: 33.3 });
        expect((await w.api.post('endorse/submit', w.demo, { id })).status).toBe(400);
      }
      const ok = await w.api.post('endorse/submit', w.demo, { id, acknowledged: plan.warnings });
      expect(ok.status).toBe(200);
    });

    test('already covered: adding someone insured by another of the company’s policies of the same type warns, naming it', async () => {
      const a = await placePolicy(w.db, w.demoId, { people: 3 });
      const b = await placePolicy(w.db, w.demoId, { people: 3 });
      await setRules(a, {});
      const [onB] = await rosterIds(b);
      const id = await draft(a, addDays(w.today, 1));
      const r = await w.api.post('endorse/item', w.demo, { id, kind: 'add', name: onB.name, id_no: onB.idNo, occupation_class: 2 });
      expect(r.status).toBe(200);
      const en = (await w.api.post('endorse/preview', w.demo, { id }, 'en')).body.data.plan;
      expect(en.warnings).toEqual(['already_covered']);
      const check = en.checks.find((c: { code: string }) => c.code === 'already_covered');
      expect(check).toMatchObject({ severity: 'warning', ok: false, params: { policies: b.policyNo, names: onB.name } });
      const refused = await w.api.post('endorse/submit', w.demo, { id }, 'en');
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(`already covered by policy ${b.policyNo}`);
      expect((await w.api.post('endorse/submit', w.demo, { id, acknowledged: ['already_covered'] })).status).toBe(200);

      // The sandbox is manual here, so that addition to A is still pending: a third policy names A as well as B.
      const c = await placePolicy(w.db, w.demoId, { people: 3 });
      await setRules(c, {});
      const third = await draft(c, addDays(w.today, 1));
      expect(
        (await w.api.post('endorse/item', w.demo, { id: third, kind: 'add', name: onB.name, id_no: onB.idNo, occupation_class: 2 })).status,
      ).toBe(200);
      const again = (await w.api.post('endorse/preview', w.demo, { id: third }, 'en')).body.data.plan;
      const named = again.checks.find((x: { code: string }) => x.code === 'already_covered').params.policies as string;
      expect(named.split(/[,、，]\s*/).sort()).toEqual([String(a.policyNo), String(b.policyNo)].sort());
      expect((await w.api.post('endorse/cancel', w.demo, { id: third })).status).toBe(200);
    });

    test('property: over random drafts the preview is what submission and approval move, to the fen', async () => {
      const r = rng(20261128);
      let checked = 0;
      for (let round = 0; round < 12; round++) {
        if ((await balance()) < 1_000_000) await topUp();
        const order = await placePolicy(w.db, w.demoId, { people: r.int(3, 7), class: r.int(1, 3), start: -r.int(0, 200) });
        // Permissive rules: only the structural ones can still refuse a draft.
        await setRules(order, {
          lead_time: { severity: 'warning', value: 1 },
          min_headcount: { severity: 'warning', value: 0 },
          high_class_share: { severity: 'warning', value: 100 },
        });
        const last = order.endDate < addDays(w.today, 90) ? order.endDate : addDays(w.today, 90);
        if (last <= w.today) continue;
        const E = addDays(w.today, r.int(1, Math.max(1, Math.min(90, Math.round((Date.parse(last) - Date.parse(w.today)) / 86_400_000)))));
        const id = await draft(order, E > order.endDate ? order.endDate : E);
        const people = await rosterIds(order);
        const classes = order.plan.classes;
        for (const p of people) {
          const roll = r.next();
          const cls = classes[r.int(0, classes.length - 1)];
          if (roll < 0.25) await w.api.post('endorse/item', w.demo, { id, kind: 'remove', insured_id: p.id });
          else if (roll < 0.4)
            await w.api.post('endorse/item', w.demo, {
              id,
              kind: 'replace',
              insured_id: p.id,
              name: `替换${seq}`,
              id_no: idNo(`19${r.int(70, 99)}-0${r.int(1, 9)}-1${r.int(0, 9)}`),
              occupation_class: cls,
            });
          else if (roll < 0.55) await w.api.post('endorse/item', w.demo, { id, kind: 'correct', insured_id: p.id, occupation_class: cls });
        }
        for (let k = r.int(0, 3); k > 0; k--) {
          await w.api.post('endorse/item', w.demo, {
            id,
            kind: 'add',
            name: `新增${seq}`,
            id_no: idNo(`19${r.int(70, 99)}-1${r.int(0, 2)}-0${r.int(1, 9)}`),
            occupation_class: classes[r.int(0, classes.length - 1)],
          });
        }
        const plan = (await w.api.post('endorse/preview', w.demo, { id })).body.data.plan;
        if (!plan.lines.length || plan.errors.length) {
          await w.api.post('endorse/cancel', w.demo, { id });
          continue;
        }
        const before = await balance();
        expect(plan.balance_before_fen).toBe(before);
        const sub = await w.api.post('endorse/submit', w.demo, { id, acknowledged: plan.warnings });
        if (sub.status === 400 && sub.body.data?.field === 'balance') {
          expect(plan.charge).not.toBe('0.00');
          await w.api.post('endorse/cancel', w.demo, { id });
          continue;
        }
        expect(sub.status).toBe(200);
        const [e] = await w.db.sql`SELECT premium_delta, charged FROM endorsement WHERE id = ${id}`;
        expect(num(e.premium_delta)).toBe(plan.total_fen);
        expect(num(e.charged)).toBe(Math.max(0, plan.total_fen));
        expect(await balance()).toBe(before - Math.max(0, plan.total_fen));
        expect((await w.api.post('operator/endorse/approve', w.operator, { id })).status).toBe(200);
        const [done] = await w.db.sql`SELECT refunded FROM endorsement WHERE id = ${id}`;
        expect(num(done.refunded)).toBe(Math.max(0, -plan.total_fen));
        expect(await balance()).toBe(plan.balance_after_fen);
        checked += 1;
      }
      expect(checked).toBeGreaterThanOrEqual(6);
    }, 120_000);
  });
}
