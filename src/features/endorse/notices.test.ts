/**
 * Endorsement notices (issue #30) through the real API on both engines: submitted (with what was
 * charged), approved, rejected (with the reason), withdrawn — each read by the member in both
 * languages with a link to the endorsement's page; one waiting for review reaches only the staff
 * whose group lists `operator/endorsements`, and none when the sandbox insurer decides.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { makeResidentId } from '~/lib/cn-id';
import { fen as money } from '~/lib/format';
import type { OrderRecord } from '~/features/orders';
import { num } from '~/server/db/client';
import { type apiClient, ledgerSeededDatabase, placePolicy, setInsurer } from '../../../tests/support/endorse-kit';
import { noticeAccounts, noticeMark, oneNotice, recipients } from '../../../tests/support/notices';
import { engines, type TestDatabase } from '../../../tests/support/test-db';
import { siteToday } from './model';
import { addDays } from './premium';

setDefaultTimeout(30_000);

for (const engine of engines()) {
  describe(`endorsement notices on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let tokens: Record<string, string>;
    let ids: Record<string, number>;
    let effective: string;
    let policy: OrderRecord;
    let n = 0;
    const rid = () => `notice-${Date.now()}-${++n}`;
    const memberLink = (id: number) => `/user/order/endorseDetail?id=${id}`;
    const reviewLink = (id: number) => `/user/operator/endorseDetail?id=${id}`;

    /** A submitted endorsement adding one person (a positive premium, charged on submit). */
    async function submitted(remark = ''): Promise<{ id: number; apply_no: string; charged: number }> {
      const d = await api.post('endorse/create', tokens.demo, {
        request_id: rid(),
        order_id: policy.id,
        effective_date: effective,
        remark,
      });
      expect(d.status).toBe(200);
      const id = num(d.body.data.endorsement.id);
      const item = await api.post('endorse/item', tokens.demo, {
        id,
        kind: 'add',
        name: `新员工${n}`,
        id_no: makeResidentId('1990-05-17', 500 + n * 2),
        occupation_class: 2,
      });
      expect(item.status).toBe(200);
      expect((await api.post('endorse/submit', tokens.demo, { id })).status).toBe(200);
      const [row] = await t.db.sql`SELECT apply_no, charged FROM endorsement WHERE id = ${id}`;
      return { id, apply_no: String(row.apply_no), charged: num(row.charged) };
    }

    beforeAll(async () => {
      t = await ledgerSeededDatabase(engine);
      await setInsurer(t.db, 'manual');
      ({ api, ids, tokens } = await noticeAccounts(
        t.db,
        [
          { username: 'reviewer', password: 'Review#2026', rules: ['operator', 'operator/endorsements', 'operator/endorsements/decide'] },
          { username: 'cashier', password: 'Cashier#2026', rules: ['operator', 'operator/topups'] },
        ],
        ['demo', 'operator', 'reviewer'],
      ));
      // The effective date: the next day (the plans' default lead time).
      effective = addDays(await siteToday(t.db), 1);
      policy = await placePolicy(t.db, ids.demo, { people: 5 });
    }, 120_000);
    afterAll(() => t.drop());

    test('submitted: the member reads what was charged; only reviewers hear of the work', async () => {
      const mark = await noticeMark(t.db);
      const e = await submitted();
      expect(e.charged).toBeGreaterThan(0);
      expect(await recipients(t.db, mark, 'endorse_submitted')).toEqual([ids.demo]);
      expect(await recipients(t.db, mark, 'work_queued')).toEqual([ids.operator, ids.reviewer].sort((a, b) => a - b));
      const en = await oneNotice(api, tokens.demo, mark, 'en', memberLink(e.id));
      expect(en.title).toBe(`Endorsement ${e.apply_no} submitted`);
      expect(en.body).toContain(`on policy ${policy.policyNo} (effective ${effective}) was submitted for review`);
      expect(en.body).toContain(`Premium charged: ${money(e.charged)}.`);
      const zh = await oneNotice(api, tokens.demo, mark, 'zh-cn', memberLink(e.id));
      expect(zh.title).toBe(`批改 ${e.apply_no} 已提交`);
      expect(zh.body).toContain(`本次扣除保费：${money(e.charged)}`);
      const work = await oneNotice(api, tokens.reviewer, mark, 'en', reviewLink(e.id));
      expect(work).toMatchObject({ title: 'New in Endorsement review', body: `${e.apply_no} is waiting for you in Endorsement review.` });

      const approved = await noticeMark(t.db);
      expect((await api.post('operator/endorse/approve', tokens.reviewer, { id: e.id, note: 'ok' })).status).toBe(200);
      expect(await recipients(t.db, approved, 'endorse_approved')).toEqual([ids.demo]);
      const [row] = await t.db.sql`SELECT endorse_no FROM endorsement WHERE id = ${e.id}`;
      const a = await oneNotice(api, tokens.demo, approved, 'en', memberLink(e.id));
      expect(a.title).toBe(`Endorsement ${row.endorse_no} approved`);
      expect(a.body).toContain(`was approved as ${row.endorse_no}, effective ${effective}`);
      expect((await oneNotice(api, tokens.demo, approved, 'zh-cn', memberLink(e.id))).title).toBe(`批改 ${row.endorse_no} 已通过`);
    });

    test('rejected by an operator: the reason and the money returned', async () => {
      const e = await submitted();
      const mark = await noticeMark(t.db);
      expect((await api.post('operator/endorse/reject', tokens.operator, { id: e.id, reason: 'ID card unreadable' })).status).toBe(200);
      expect(await recipients(t.db, mark, 'endorse_rejected')).toEqual([ids.demo]);
      const en = await oneNotice(api, tokens.demo, mark, 'en', memberLink(e.id));
      expect(en.title).toBe(`Endorsement ${e.apply_no} rejected`);
      expect(en.body).toContain('was rejected: ID card unreadable.');
      expect(en.body).toContain(`Returned to your balance: ${money(e.charged)}.`);
      expect((await oneNotice(api, tokens.demo, mark, 'zh-cn', memberLink(e.id))).body).toContain('原因：ID card unreadable');
    });

    test('withdrawn by the member: the refund', async () => {
      const e = await submitted();
      const mark = await noticeMark(t.db);
      expect((await api.post('endorse/cancel', tokens.demo, { id: e.id, reason: 'changed my mind' })).status).toBe(200);
      expect(await recipients(t.db, mark, 'endorse_withdrawn')).toEqual([ids.demo]);
      const en = await oneNotice(api, tokens.demo, mark, 'en', memberLink(e.id));
      expect(en.title).toBe(`Endorsement ${e.apply_no} withdrawn`);
      expect(en.body).toContain(`Returned to your balance: ${money(e.charged)}.`);
      expect((await oneNotice(api, tokens.demo, mark, 'zh-cn', memberLink(e.id))).title).toBe(`批改 ${e.apply_no} 已撤回`);
    });

    test('the sandbox insurer decides: no staff work, the member reads submitted and the decision', async () => {
      await setInsurer(t.db, 'sandbox');
      try {
        const mark = await noticeMark(t.db);
        const e = await submitted('SANDBOX-REJECT');
        expect(await recipients(t.db, mark, 'work_queued')).toEqual([]);
        expect(await recipients(t.db, mark, 'endorse_submitted')).toEqual([ids.demo]);
        expect(await recipients(t.db, mark, 'endorse_rejected')).toEqual([ids.demo]);
        const list = (await api.get('notification/list?limit=10', tokens.demo, 'en')).body.data.list as { title: string }[];
        expect(list.map((x) => x.title)).toContain(`Endorsement ${e.apply_no} rejected`);
      } finally {
        await setInsurer(t.db, 'manual');
      }
    });
  });
}
