/**
 * The member's undo window (issue #31 item 2) through the real API on both engines: a submitted
 * endorsement is withdrawn until the insurer (the sandbox after its delay) or an operator decides;
 * the charge comes back once, the roster and the policy's premium account are as before, the
 * timeline and the notice tell of it; after a decision a withdrawal is 409 naming the status, in
 * the request's language; someone else's endorsement is 404; a draft is cancelled, not withdrawn.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { OrderRecord } from '~/features/orders';
import { makeResidentId } from '~/lib/cn-id';
import { fen as money } from '~/lib/format';
import { num } from '~/server/db/client';
import { setConfigValue } from '~/server/site-config';
import { endorseWorld, placePolicy, setInsurer } from '../../../tests/support/endorse-kit';
import { noticeMark, oneNotice, recipients } from '../../../tests/support/notices';
import { engines } from '../../../tests/support/test-db';
import { addDays } from './premium';
import { insurerSettings } from './sandbox';

setDefaultTimeout(30_000);

for (const engine of engines()) {
  describe(`withdrawing an endorsement on ${engine.name}`, () => {
    const w = endorseWorld(engine);
    /** The plans' default lead time: the next day is the earliest effective date. */
    let effective: string;
    let n = 0;
    const rid = () => `wd-${Date.now()}-${++n}`;

    /** Balance, the policy's premium account, its roster rows and the ledger's row count: what a withdrawal must leave as it was. */
    async function snapshot(orderId: number) {
      const [u] = await w.db.sql`SELECT money FROM "user" WHERE id = ${w.demoId}`;
      const [p] = await w.db.sql`SELECT COALESCE(SUM(amount), 0) AS s FROM premium_entry WHERE order_id = ${orderId}`;
      const rows = await w.db.sql`SELECT id, name, id_no, class, active_from, active_to, premium FROM order_insured
        WHERE order_id = ${orderId} ORDER BY id`;
      const [o] = await w.db.sql`SELECT insured_count FROM policy_order WHERE id = ${orderId}`;
      return {
        balance: num(u.money),
        premium: num(p.s),
        roster: rows.map((r: Record<string, unknown>) => ({ ...r })),
        count: num(o.insured_count),
      };
    }

    /** A submitted endorsement adding one person and removing one (charged on submit). */
    async function submitted(policy: OrderRecord): Promise<{ id: number; apply_no: string; charged: number }> {
      const token = w.demo;
      const d = await w.api.post('endorse/create', token, { request_id: rid(), order_id: policy.id, effective_date: effective });
      expect(d.status).toBe(200);
      const id = num(d.body.data.endorsement.id);
      for (const k of [1, 2]) {
        const add = await w.api.post('endorse/item', token, {
          id,
          kind: 'add',
          name: `新员工${n}${k}`,
          id_no: makeResidentId('1991-03-09', 300 + n * 4 + k * 2),
          occupation_class: 2,
        });
        expect(add.status).toBe(200);
      }
      expect((await w.api.post('endorse/submit', token, { id })).status).toBe(200);
      const [row] = await w.db.sql`SELECT apply_no, charged FROM endorsement WHERE id = ${id}`;
      return { id, apply_no: String(row.apply_no), charged: num(row.charged) };
    }

    beforeAll(() => {
      effective = addDays(w.today, 1);
    });

    test('queued for an operator: withdraw restores balance, premium account and roster; timeline, notice, audit', async () => {
      const policy = await placePolicy(w.db, w.demoId, { people: 5 });
      const before = await snapshot(policy.id);
      const e = await submitted(policy);
      expect(e.charged).toBeGreaterThan(0);
      expect((await snapshot(policy.id)).balance).toBe(before.balance - e.charged);

      const detail = await w.api.get(`endorse/detail?id=${e.id}`, w.demo);
      expect(detail.body.data.actions).toEqual(['withdraw']);
      expect(detail.body.data.withdraw).toEqual({ refund: (e.charged / 100).toFixed(2), decide_after: null, seconds_left: null });

      const mark = await noticeMark(w.db);
      const r = await w.api.post('endorse/withdraw', w.demo, { id: e.id, reason: 'wrong people' });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Endorsement withdrawn; the premium charged is back in your balance');
      expect(r.body.data.endorsement.status).toBe('cancelled');
      expect(r.body.data.refunded).toBe((e.charged / 100).toFixed(2));
      expect(r.body.data.balance).toBe((before.balance / 100).toFixed(2));
      expect(await snapshot(policy.id)).toEqual(before);

      const after = await w.api.get(`endorse/detail?id=${e.id}`, w.demo);
      expect(after.body.data.actions).toEqual([]);
      expect(after.body.data.withdraw).toBeNull();
      expect(after.body.data.timeline.map((x: { from: string; to: string }) => `${x.from}>${x.to}`)).toEqual([
        '>draft',
        'draft>submitted',
        'submitted>cancelled',
      ]);
      expect(after.body.data.timeline[2]).toMatchObject({ actor_id: w.demoId, note: 'wrong people' });
      expect(await recipients(w.db, mark, 'endorse_withdrawn')).toEqual([w.demoId]);
      const en = await oneNotice(w.api, w.demo, mark, 'en', `/user/order/endorseDetail?id=${e.id}`);
      expect(en.title).toBe(`Endorsement ${e.apply_no} withdrawn`);
      expect(en.body).toContain(`Returned to your balance: ${money(e.charged)}.`);
      const refunds = await w.db.sql`SELECT COUNT(*) AS n FROM user_money_log WHERE request_id = ${`endorse-${e.id}-refund`}`;
      expect(num(refunds[0].n)).toBe(1);
      const [audit] = await w.db.sql`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'endorse.withdraw'`;
      expect(num(audit.n)).toBeGreaterThan(0);

      // A second withdrawal: 409 naming the status, both languages; nothing moves again.
      const again = await w.api.post('endorse/withdraw', w.demo, { id: e.id }, 'en');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This endorsement has already been cancelled or withdrawn');
      expect(again.body.data.status).toBe('cancelled');
      expect(await snapshot(policy.id)).toEqual(before);
    });

    test('after approval (or rejection) a late withdrawal is 409 naming the status, in the request’s language', async () => {
      const policy = await placePolicy(w.db, w.demoId, { people: 4 });
      const e = await submitted(policy);
      expect((await w.api.post('operator/endorse/approve', w.operator, { id: e.id, note: 'ok' })).status).toBe(200);
      const before = await snapshot(policy.id);
      const en = await w.api.post('endorse/withdraw', w.demo, { id: e.id }, 'en');
      expect(en.status).toBe(409);
      expect(en.body.message).toBe('The insurer has already approved this endorsement; it can no longer be withdrawn');
      expect(en.body.data.status).toBe('approved');
      const zh = await w.api.post('endorse/withdraw', w.demo, { id: e.id }, 'zh-cn');
      expect(zh.status).toBe(409);
      expect(zh.body.message).toBe('保险公司已批准该批改，无法再撤回');
      expect(await snapshot(policy.id)).toEqual(before);
      expect((await w.api.get(`endorse/detail?id=${e.id}`, w.demo)).body.data.actions).toEqual([]);

      const r = await submitted(policy);
      expect((await w.api.post('operator/endorse/reject', w.operator, { id: r.id, reason: 'no' })).status).toBe(200);
      const late = await w.api.post('endorse/withdraw', w.demo, { id: r.id }, 'zh-cn');
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('保险公司已拒绝该批改，保费已退回，无需撤回');
    });

    test('a draft is cancelled, not withdrawn (409); someone else’s endorsement is 404; a guest 401, the manager 403', async () => {
      const policy = await placePolicy(w.db, w.demoId, { people: 3 });
      const d = await w.api.post('endorse/create', w.demo, { request_id: rid(), order_id: policy.id, effective_date: effective });
      const id = num(d.body.data.endorsement.id);
      expect((await w.api.get(`endorse/detail?id=${id}`, w.demo)).body.data.actions).toEqual(['edit', 'submit', 'cancel']);
      const draft = await w.api.post('endorse/withdraw', w.demo, { id }, 'en');
      expect(draft.status).toBe(409);
      expect(draft.body.data.status).toBe('draft');
      expect((await w.api.post('endorse/cancel', w.demo, { id })).status).toBe(200);

      const theirs = await placePolicy(w.db, w.managerId, { people: 3 });
      // The manager may not file endorsements (403): put a submitted one on their policy directly.
      const target = await foreign(theirs.id);
      expect((await w.api.post('endorse/withdraw', w.demo, { id: target })).status).toBe(404);
      expect((await w.api.post('endorse/withdraw', undefined, { id: target })).status).toBe(401);
      // The site manager holds no `order/endorse/add`: 403 before anything is looked up.
      expect((await w.api.post('endorse/withdraw', w.manager, { id: target })).status).toBe(403);
      expect((await w.api.post('endorse/withdraw', w.demo, { id: 'x' })).status).toBe(400);
    });

    /** An endorsement row on another member's policy (they cannot file one through the API). */
    async function foreign(orderId: number): Promise<number> {
      const [row] = await w.db.sql`INSERT INTO endorsement ${w.db.sql({
        apply_no: `EN${Date.now()}`.slice(0, 22),
        user_id: w.managerId,
        order_id: orderId,
        policy_no: 'X',
        status: 'submitted',
        effective_date: effective,
        created_at: 1,
        updated_at: 1,
        submitted_at: 1,
      })} RETURNING id`;
      return num(row.id);
    }

    test('the sandbox with a delay: the detail counts down to its answer; withdrawn in time, the insurer never answers', async () => {
      await setConfigValue(w.db, 'insurer', { mode: 'sandbox', underwriteDelaySeconds: 0, endorseDelaySeconds: 120 });
      try {
        const policy = await placePolicy(w.db, w.demoId, { people: 4 });
        const before = await snapshot(policy.id);
        const e = await submitted(policy);
        const detail = await w.api.get(`endorse/detail?id=${e.id}`, w.demo);
        expect(detail.body.data.endorsement.status).toBe('submitted');
        expect(detail.body.data.withdraw.seconds_left).toBeGreaterThan(100);
        expect(detail.body.data.withdraw.seconds_left).toBeLessThanOrEqual(120);
        expect((await w.api.post('endorse/withdraw', w.demo, { id: e.id })).status).toBe(200);
        const [row] = await w.db.sql`SELECT status, decide_after FROM endorsement WHERE id = ${e.id}`;
        expect({ status: row.status, decide_after: row.decide_after }).toEqual({ status: 'cancelled', decide_after: null });
        expect(await snapshot(policy.id)).toEqual(before);
      } finally {
        await setInsurer(w.db, 'manual');
      }
    });

    test('the default delay (nothing configured) gives a five-minute window; the settings page edits it', async () => {
      await setConfigValue(w.db, 'insurer', { mode: 'sandbox' });
      try {
        expect(await insurerSettings(w.db)).toEqual({ mode: 'sandbox', endorseDelaySeconds: 300 });
        const settings = await w.api.get('operator/settings', w.operator);
        expect(settings.body.data.settings['insurer.endorseDelaySeconds']).toBe(300);
        const saved = await w.api.post('operator/settings', w.operator, {
          version: settings.body.data.version,
          changes: { 'insurer.endorseDelaySeconds': 0 },
        });
        expect(saved.status).toBe(200);
        expect((await insurerSettings(w.db)).endorseDelaySeconds).toBe(0);
        const bad = await w.api.post('operator/settings', w.operator, {
          version: settings.body.data.version + 1,
          changes: { 'insurer.endorseDelaySeconds': 3601 },
        });
        expect(bad.status).toBe(400);
        expect(bad.body.data.field).toBe('insurer.endorseDelaySeconds');
      } finally {
        await setInsurer(w.db, 'manual');
      }
    });
  });
}
