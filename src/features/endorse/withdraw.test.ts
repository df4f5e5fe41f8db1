/**
 * The member's undo window (issue #31 item 2) through the real API on both engines: a submitted
 * endorsement is withdrawn until the insurer (the sandbox after its delay) or an operator decides;
 * the charge comes back once, the roster and the policy's premium account are as before, the
 * timeline and the notice tell of it; after a decision a withdrawal is 409 naming the status, in
 * the request's language; someone else's endorsement is 404; a draft is cancelled, not withdrawn.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { OrderRecord } from '~/features/orders';
import { makeResidentId } from '~/lib/cn-id';
import { fen as money } from '~/lib/format';
import { num } from '~/server/db/client';
import { setConfigValue } from '~/server/site-config';
import { apiClient, ledgerSeededDatabase, placePolicy, setInsurer, userId } from '../../../tests/support/endorse-kit';
import { noticeMark, oneNotice, recipients } from '../../../tests/support/notices';
import { engines, type TestDatabase } from '../../../tests/support/test-db';
import { siteToday } from './model';
import { addDays } from './premium';
import { insurerSettings } from './sandbox';

setDefaultTimeout(30_000);

for (const engine of engines()) {
  describe(`withdrawing an endorsement on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let demo: string;
    let manager: string;
    let operator: string;
    let demoId: number;
    let managerId: number;
    /** The plans' default lead time: the next day is the earliest effective date. */
    let effective: string;
    let n = 0;
    const rid = () => `wd-${Date.now()}-${++n}`;

    /** Balance, the policy's premium account, its roster rows and the ledger's row count: what a withdrawal must leave as it was. */
    async function snapshot(orderId: number) {
      const [u] = await t.db.sql`SELECT money FROM "user" WHERE id = ${demoId}`;
      const [p] = await t.db.sql`SELECT COALESCE(SUM(amount), 0) AS s FROM premium_entry WHERE order_id = ${orderId}`;
      const rows = await t.db.sql`SELECT id, name, id_no, class, active_from, active_to, premium FROM order_insured
        WHERE order_id = ${orderId} ORDER BY id`;
      const [o] = await t.db.sql`SELECT insured_count FROM policy_order WHERE id = ${orderId}`;
      return {
        balance: num(u.money),
        premium: num(p.s),
        roster: rows.map((r: Record<string, unknown>) => ({ ...r })),
        count: num(o.insured_count),
      };
    }

    /** A submitted endorsement adding one person and removing one (charged on submit). */
    async function submitted(policy: OrderRecord): Promise<{ id: number; apply_no: string; charged: number }> {
      const token = demo;
      const d = await api.post('endorse/create', token, { request_id: rid(), order_id: policy.id, effective_date: effective });
      expect(d.status).toBe(200);
      const id = num(d.body.data.endorsement.id);
      for (const k of [1, 2]) {
        const add = await api.post('endorse/item', token, {
          id,
          kind: 'add',
          name: `新员工${n}${k}`,
          id_no: makeResidentId('1991-03-09', 300 + n * 4 + k * 2),
          occupation_class: 2,
        });
        expect(add.status).toBe(200);
      }
      expect((await api.post('endorse/submit', token, { id })).status).toBe(200);
      const [row] = await t.db.sql`SELECT apply_no, charged FROM endorsement WHERE id = ${id}`;
      return { id, apply_no: String(row.apply_no), charged: num(row.charged) };
    }

    beforeAll(async () => {
      t = await ledgerSeededDatabase(engine);
      api = apiClient(t.db);
      await setInsurer(t.db, 'manual');
      demo = await api.login('demo', 'Demo#2026');
      manager = await api.login('manager', 'Manager#2026');
      operator = await api.login('operator', 'Operator#2026');
      demoId = await userId(t.db, 'demo');
      managerId = await userId(t.db, 'manager');
      effective = addDays(await siteToday(t.db), 1);
    }, 60_000);
    afterAll(async () => {
      await t?.drop();
    });

    test('queued for an operator: withdraw restores balance, premium account and roster; timeline, notice, audit', async () => {
      const policy = await placePolicy(t.db, demoId, { people: 5 });
      const before = await snapshot(policy.id);
      const e = await submitted(policy);
      expect(e.charged).toBeGreaterThan(0);
      expect((await snapshot(policy.id)).balance).toBe(before.balance - e.charged);

      const detail = await api.get(`endorse/detail?id=${e.id}`, demo);
      expect(detail.body.data.actions).toEqual(['withdraw']);
      expect(detail.body.data.withdraw).toEqual({ refund: (e.charged / 100).toFixed(2), decide_after: null, seconds_left: null });

      const mark = await noticeMark(t.db);
      const r = await api.post('endorse/withdraw', demo, { id: e.id, reason: 'wrong people' });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Endorsement withdrawn; the premium charged is back in your balance');
      expect(r.body.data.endorsement.status).toBe('cancelled');
      expect(r.body.data.refunded).toBe((e.charged / 100).toFixed(2));
      expect(r.body.data.balance).toBe((before.balance / 100).toFixed(2));
      expect(await snapshot(policy.id)).toEqual(before);

      const after = await api.get(`endorse/detail?id=${e.id}`, demo);
      expect(after.body.data.actions).toEqual([]);
      expect(after.body.data.withdraw).toBeNull();
      expect(after.body.data.timeline.map((x: { from: string; to: string }) => `${x.from}>${x.to}`)).toEqual([
        '>draft',
        'draft>submitted',
        'submitted>cancelled',
      ]);
      expect(after.body.data.timeline[2]).toMatchObject({ actor_id: demoId, note: 'wrong people' });
      expect(await recipients(t.db, mark, 'endorse_withdrawn')).toEqual([demoId]);
      const en = await oneNotice(api, demo, mark, 'en', `/user/order/endorseDetail?id=${e.id}`);
      expect(en.title).toBe(`Endorsement ${e.apply_no} withdrawn`);
      expect(en.body).toContain(`Returned to your balance: ${money(e.charged)}.`);
      const refunds = await t.db.sql`SELECT COUNT(*) AS n FROM user_money_log WHERE request_id = ${`endorse-${e.id}-refund`}`;
      expect(num(refunds[0].n)).toBe(1);
      const [audit] = await t.db.sql`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'endorse.withdraw'`;
      expect(num(audit.n)).toBeGreaterThan(0);

      // A second withdrawal: 409 naming the status, both languages; nothing moves again.
      const again = await api.post('endorse/withdraw', demo, { id: e.id }, 'en');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This endorsement has already been cancelled or withdrawn');
      expect(again.body.data.status).toBe('cancelled');
      expect(await snapshot(policy.id)).toEqual(before);
    });

    test('after approval (or rejection) a late withdrawal is 409 naming the status, in the request’s language', async () => {
      const policy = await placePolicy(t.db, demoId, { people: 4 });
      const e = await submitted(policy);
      expect((await api.post('operator/endorse/approve', operator, { id: e.id, note: 'ok' })).status).toBe(200);
      const before = await snapshot(policy.id);
      const en = await api.post('endorse/withdraw', demo, { id: e.id }, 'en');
      expect(en.status).toBe(409);
      expect(en.body.message).toBe('The insurer has already approved this endorsement; it can no longer be withdrawn');
      expect(en.body.data.status).toBe('approved');
      const zh = await api.post('endorse/withdraw', demo, { id: e.id }, 'zh-cn');
      expect(zh.status).toBe(409);
      expect(zh.body.message).toBe('保险公司已批准该批改，无法再撤回');
      expect(await snapshot(policy.id)).toEqual(before);
      expect((await api.get(`endorse/detail?id=${e.id}`, demo)).body.data.actions).toEqual([]);

      const r = await submitted(policy);
      expect((await api.post('operator/endorse/reject', operator, { id: r.id, reason: 'no' })).status).toBe(200);
      const late = await api.post('endorse/withdraw', demo, { id: r.id }, 'zh-cn');
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('保险公司已拒绝该批改，保费已退回，无需撤回');
    });

    test('a draft is cancelled, not withdrawn (409); someone else’s endorsement is 404; a guest 401, the manager 403', async () => {
      const policy = await placePolicy(t.db, demoId, { people: 3 });
      const d = await api.post('endorse/create', demo, { request_id: rid(), order_id: policy.id, effective_date: effective });
      const id = num(d.body.data.endorsement.id);
      expect((await api.get(`endorse/detail?id=${id}`, demo)).body.data.actions).toEqual(['edit', 'submit', 'cancel']);
      const draft = await api.post('endorse/withdraw', demo, { id }, 'en');
      expect(draft.status).toBe(409);
      expect(draft.body.data.status).toBe('draft');
      expect((await api.post('endorse/cancel', demo, { id })).status).toBe(200);

      const theirs = await placePolicy(t.db, managerId, { people: 3 });
      // The manager may not file endorsements (403): put a submitted one on their policy directly.
      const target = await foreign(theirs.id);
      expect((await api.post('endorse/withdraw', demo, { id: target })).status).toBe(404);
      expect((await api.post('endorse/withdraw', undefined, { id: target })).status).toBe(401);
      // The site manager holds no `order/endorse/add`: 403 before anything is looked up.
      expect((await api.post('endorse/withdraw', manager, { id: target })).status).toBe(403);
      expect((await api.post('endorse/withdraw', demo, { id: 'x' })).status).toBe(400);
    });

    /** An endorsement row on another member's policy (they cannot file one through the API). */
    async function foreign(orderId: number): Promise<number> {
      const [row] = await t.db.sql`INSERT INTO endorsement ${t.db.sql({
        apply_no: `EN${Date.now()}`.slice(0, 22),
        user_id: managerId,
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
      await setConfigValue(t.db, 'insurer', { mode: 'sandbox', underwriteDelaySeconds: 0, endorseDelaySeconds: 120 });
      try {
        const policy = await placePolicy(t.db, demoId, { people: 4 });
        const before = await snapshot(policy.id);
        const e = await submitted(policy);
        const detail = await api.get(`endorse/detail?id=${e.id}`, demo);
        expect(detail.body.data.endorsement.status).toBe('submitted');
        expect(detail.body.data.withdraw.seconds_left).toBeGreaterThan(100);
        expect(detail.body.data.withdraw.seconds_left).toBeLessThanOrEqual(120);
        expect((await api.post('endorse/withdraw', demo, { id: e.id })).status).toBe(200);
        const [row] = await t.db.sql`SELECT status, decide_after FROM endorsement WHERE id = ${e.id}`;
        expect({ status: row.status, decide_after: row.decide_after }).toEqual({ status: 'cancelled', decide_after: null });
        expect(await snapshot(policy.id)).toEqual(before);
      } finally {
        await setInsurer(t.db, 'manual');
      }
    });

    test('the default delay (nothing configured) gives a five-minute window; the settings page edits it', async () => {
      await setConfigValue(t.db, 'insurer', { mode: 'sandbox' });
      try {
        expect(await insurerSettings(t.db)).toEqual({ mode: 'sandbox', endorseDelaySeconds: 300 });
        const settings = await api.get('operator/settings', operator);
        expect(settings.body.data.settings['insurer.endorseDelaySeconds']).toBe(300);
        const saved = await api.post('operator/settings', operator, {
          version: settings.body.data.version,
          changes: { 'insurer.endorseDelaySeconds': 0 },
        });
        expect(saved.status).toBe(200);
        expect((await insurerSettings(t.db)).endorseDelaySeconds).toBe(0);
        const bad = await api.post('operator/settings', operator, {
          version: settings.body.data.version + 1,
          changes: { 'insurer.endorseDelaySeconds': 3601 },
        });
        expect(bad.status).toBe(400);
        expect(bad.body.data.field).toBe('insurer.endorseDelaySeconds');
      } finally {
        await setInsurer(t.db, 'manual');
      }
    });
  });
}
