import { beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStorage, LocalStorage, setStorage, storeServerFile } from '~/features/upload';
import { makeResidentId } from '~/lib/cn-id';
import { type OrderRecord, toXlsx } from '~/features/orders';
import { num } from '~/server/db/client';
import { engines } from '../../../tests/support/test-db';
import { addDays, periodDays, proRata } from './premium';
import { endorseWorld, placePolicy, setInsurer } from '../../../tests/support/endorse-kit';

for (const engine of engines()) {
  describe(`endorsements on ${engine.name}`, () => {
    const w = endorseWorld(engine);
    let policy: OrderRecord;
    let n = 0;
    const rid = () => `req-${Date.now()}-${++n}-${Math.random().toString(36).slice(2, 8)}`;
    const person = (k: number, birthday = '1990-05-17') => makeResidentId(birthday, 100 + k * 2 + (n % 7) * 40);

    async function roster(orderId: number, asOf: string) {
      const r = await w.api.get(`endorse/roster?order_id=${orderId}&as_of=${asOf}&limit=100`, w.demo);
      return r.body.data.list as { id: number; name: string; class: number; active_from: string; active_to: string }[];
    }
    async function balance(uid: number) {
      const [u] = await w.db.sql`SELECT money FROM "user" WHERE id = ${uid}`;
      return num(u.money);
    }
    async function draft(orderId: number, E: string, remark = '') {
      const r = await w.api.post('endorse/create', w.demo, { request_id: rid(), order_id: orderId, effective_date: E, remark });
      expect(r.status).toBe(200);
      return r.body.data.endorsement as { id: number; apply_no: string; status: string };
    }

    beforeAll(async () => {
      policy = await placePolicy(w.db, w.demoId, { people: 5 });
    });

    test('a guest hears 401, the manager 403 on writes, demo and manager 403 on operator routes', async () => {
      expect((await w.api.get('endorse/list')).status).toBe(401);
      const r = await w.api.post('endorse/create', w.manager, { request_id: rid(), order_id: policy.id, effective_date: w.today });
      expect(r.status).toBe(403);
      expect((await w.api.get('operator/endorse/list', w.demo)).status).toBe(403);
      expect((await w.api.get('operator/endorse/list', w.manager)).status).toBe(403);
      expect((await w.api.post('operator/endorse/approve', w.demo, { id: 1 })).status).toBe(403);
    });

    test('create: others’ orders 404, ineligible 409, date rules 400, same request id same draft, one open per policy (409 data.open_id)', async () => {
      const theirs = await placePolicy(w.db, w.managerId, { people: 3 });
      const other = await w.api.post('endorse/create', w.demo, { request_id: rid(), order_id: theirs.id, effective_date: w.today });
      expect(other.status).toBe(404);
      const unpaid = await placePolicy(w.db, w.demoId, { start: 5, status: 'unpaid', people: 3 });
      const notEligible = await w.api.post('endorse/create', w.demo, {
        request_id: rid(),
        order_id: unpaid.id,
        effective_date: addDays(w.today, 6),
      });
      expect(notEligible.status).toBe(409);
      const anze = await placePolicy(w.db, w.demoId, { product: 'anze', plan: 0, class: 1, people: 5 });
      expect((await w.api.post('endorse/create', w.demo, { request_id: rid(), order_id: anze.id, effective_date: w.today })).status).toBe(
        409,
      );

      const past = await w.api.post('endorse/create', w.demo, {
        request_id: rid(),
        order_id: policy.id,
        effective_date: addDays(w.today, -1),
      });
      expect(past.status).toBe(400);
      expect(past.body.data.field).toBe('effective_date');
      const after = await w.api.post(
        'endorse/create',
        w.demo,
        { request_id: rid(), order_id: policy.id, effective_date: addDays(policy.endDate, 1) },
        'zh-cn',
      );
      expect(after.status).toBe(400);
      expect(after.body.message).toContain('保单止期');

      const p = await placePolicy(w.db, w.demoId, { people: 4 });
      const request_id = rid();
      const a = await w.api.post('endorse/create', w.demo, { request_id, order_id: p.id, effective_date: w.today });
      const b = await w.api.post('endorse/create', w.demo, { request_id, order_id: p.id, effective_date: w.today });
      expect(a.status).toBe(200);
      expect(b.body.data.endorsement.id).toBe(a.body.data.endorsement.id);
      expect(a.body.data.endorsement.apply_no).toMatch(/^EN\d{8}\d{6}$/);
      const second = await w.api.post('endorse/create', w.demo, { request_id: rid(), order_id: p.id, effective_date: w.today });
      expect(second.status).toBe(409);
      expect(second.body.data.open_id).toBe(a.body.data.endorsement.id);
      const policies = await w.api.get('endorse/policies', w.demo);
      expect(policies.body.data.list.find((x: { id: number }) => x.id === p.id).open_id).toBe(a.body.data.endorsement.id);
    });

    test('items: premiums by the formula, field errors in both languages, roster checks', async () => {
      const p = await placePolicy(w.db, w.demoId, { people: 4 });
      const E = addDays(w.today, 1);
      const e = await draft(p.id, E);
      const { D, d } = periodDays({ start: p.startDate, end: p.endDate }, E);
      const P2 = p.perPerson; // class 2, the order's class
      const add = await w.api.post('endorse/item', w.demo, {
        id: e.id,
        kind: 'add',
        name: '新员工',
        id_no: person(1),
        occupation_class: 2,
      });
      expect(add.status).toBe(200);
      expect(add.body.data.item.premium).toBe((proRata(P2, d, D) / 100).toFixed(2));
      const list = await roster(p.id, E);
      const remove = await w.api.post('endorse/item', w.demo, { id: e.id, kind: 'remove', insured_id: list[0].id });
      expect(remove.body.data.item.premium).toBe((-proRata(P2, d, D) / 100).toFixed(2));
      expect(remove.body.data.endorsement.premium_delta).toBe('0.00');
      const again = await w.api.post('endorse/item', w.demo, { id: e.id, kind: 'remove', insured_id: list[0].id });
      expect(again.status).toBe(400);
      const both = await w.api.post('endorse/item', w.demo, {
        id: e.id,
        kind: 'correct',
        insured_id: list[1].id,
        name: '改名',
        id_no: person(2),
      });
      expect(both.status).toBe(400);
      expect(both.body.data.field).toBe('id_no');
      const bothZh = await w.api.post(
        'endorse/item',
        w.demo,
        { id: e.id, kind: 'correct', insured_id: list[1].id, name: '改名', id_no: person(2) },
        'zh-cn',
      );
      expect(bothZh.body.data.errors.id_no).toContain('替换');
      const badId = await w.api.post(
        'endorse/item',
        w.demo,
        { id: e.id, kind: 'add', name: '错号', id_no: '110105194912310021', occupation_class: 2 },
        'zh-cn',
      );
      expect(badId.status).toBe(400);
      expect(badId.body.data.errors.id_no).toContain('GB 11643');
      const dup = await w.api.post('endorse/item', w.demo, {
        id: e.id,
        kind: 'add',
        name: '重复',
        id_no: list[2] && (await fullId(p.id, list[2].id)),
        occupation_class: 2,
      });
      expect(dup.status).toBe(400);
      expect(dup.body.data.field).toBe('id_no');
      const cls = await w.api.post('endorse/item', w.demo, { id: e.id, kind: 'correct', insured_id: list[1].id, occupation_class: 4 });
      expect(cls.status).toBe(200);
      const P4 = Number(
        (await w.api.get('endorse/policies', w.demo)).body.data.list
          .find((x: { id: number }) => x.id === p.id)
          .premiums['4'].replace('.', ''),
      );
      expect(cls.body.data.item.premium).toBe(((proRata(P4, d, D) - proRata(P2, d, D)) / 100).toFixed(2));
      const fix = await w.api.post('endorse/item', w.demo, { id: e.id, kind: 'correct', insured_id: list[2].id, name: '更正名' });
      expect(fix.body.data.item.premium).toBe('0.00');
      const tooOld = await w.api.post('endorse/item', w.demo, {
        id: e.id,
        kind: 'add',
        name: '老员工',
        id_no: makeResidentId('1940-01-01', 11),
        occupation_class: 2,
      });
      expect(tooOld.status).toBe(400);
      const others = await w.api.post('endorse/item', w.manager, { id: e.id, kind: 'remove', insured_id: list[3].id });
      expect(others.status).toBe(403); // no Add rule at all
      const detail = await w.api.get(`endorse/detail?id=${e.id}`, w.demo);
      expect(detail.body.data.items).toHaveLength(4);
      expect(detail.body.data.actions).toEqual(['edit', 'submit', 'cancel']);
      expect((await w.api.get(`endorse/detail?id=${e.id}`, w.manager)).status).toBe(404);
      const del = await w.api.post('endorse/itemDelete', w.demo, { id: e.id, item_id: add.body.data.item.id });
      expect(del.body.data.endorsement.premium_delta).toBe(((-proRata(P2, d, D) + proRata(P4, d, D) - proRata(P2, d, D)) / 100).toFixed(2));
    });

    async function fullId(orderId: number, insuredId: number): Promise<string> {
      const [r] = await w.db.sql`SELECT id_no FROM order_insured WHERE id = ${insuredId} AND order_id = ${orderId}`;
      return String(r.id_no);
    }

    test('submit debits once, short balance is 400 balance with required/available; approve numbers, changes the roster, renders the notice', async () => {
      const p = await placePolicy(w.db, w.demoId, { people: 5 });
      const E = addDays(w.today, 1);
      const e = await draft(p.id, E);
      await w.api.post('endorse/item', w.demo, { id: e.id, kind: 'add', name: '甲员工', id_no: person(3), occupation_class: 2 });
      await w.api.post('endorse/item', w.demo, { id: e.id, kind: 'add', name: '乙员工', id_no: person(4), occupation_class: 2 });
      const before = await roster(p.id, E);
      await w.api.post('endorse/item', w.demo, { id: e.id, kind: 'remove', insured_id: before[0].id });
      const money = await balance(w.demoId);
      // Short balance first: take the money away, then give it back.
      await w.db.sql`UPDATE "user" SET money = 100 WHERE id = ${w.demoId}`;
      const short = await w.api.post('endorse/submit', w.demo, { id: e.id });
      expect(short.status).toBe(400);
      expect(short.body.data.field).toBe('balance');
      expect(short.body.data.available).toBe('1.00');
      expect(Number(short.body.data.required)).toBeGreaterThan(0);
      await w.db.sql`UPDATE "user" SET money = ${money} WHERE id = ${w.demoId}`;
      const subs = await Promise.all([1, 2, 3].map(() => w.api.post('endorse/submit', w.demo, { id: e.id })));
      expect(subs.filter((r) => r.status === 200)).toHaveLength(1);
      expect(subs.filter((r) => r.status === 409)).toHaveLength(2);
      const [charged] = await w.db.sql`SELECT premium_delta, charged FROM endorsement WHERE id = ${e.id}`;
      expect(num(charged.charged)).toBe(num(charged.premium_delta));
      expect(await balance(w.demoId)).toBe(money - num(charged.charged));
      const entries = await w.db.sql`SELECT COUNT(*) AS n FROM user_money_log WHERE reference = ${e.apply_no}`;
      expect(num(entries[0].n)).toBe(1);

      const approvals = await Promise.all(
        Array.from({ length: 10 }, () => w.api.post('operator/endorse/approve', w.operator, { id: e.id, note: 'ok' })),
      );
      expect(approvals.filter((r) => r.status === 200)).toHaveLength(1);
      expect(approvals.filter((r) => r.status === 409)).toHaveLength(9);
      const detail = await w.api.get(`endorse/detail?id=${e.id}`, w.demo);
      expect(detail.body.data.endorsement.status).toBe('approved');
      expect(detail.body.data.endorsement.endorse_no).toBe(`${p.policyNo}-E01`);
      expect(detail.body.data.timeline.map((x: { to: string }) => x.to)).toEqual(['draft', 'submitted', 'approved']);
      const after = await roster(p.id, E);
      expect(after).toHaveLength(before.length + 1);
      expect(after.some((r) => r.id === before[0].id)).toBe(false);
      expect((await roster(p.id, w.today)).some((r) => r.id === before[0].id)).toBe(true);
      const ended = (await w.db.sql`SELECT active_to FROM order_insured WHERE id = ${before[0].id}`)[0];
      expect(String(ended.active_to)).toBe(w.today);
      // The order's lists show the headcount from E on (5 + 2 − 1), not the one bought.
      const listed = await w.api.get('order/list?type=guzhu&limit=50', w.demo);
      expect(listed.body.data.list.find((o: { id: number }) => o.id === p.id)?.insured_count).toBe(6);
      const notice = await w.api.get(`endorse/notice?id=${e.id}`, w.demo);
      expect(notice.status).toBe(200);
      expect(notice.headers.get('content-type')).toBe('application/pdf');
      expect(new TextDecoder().decode(notice.bytes?.subarray(0, 5))).toBe('%PDF-');
      expect(await balance(w.demoId)).toBe(money - num(charged.charged));
    });

    test('a negative delta is credited once on approval; 10 parallel approvals: one refund, one number, one roster change', async () => {
      const p = await placePolicy(w.db, w.demoId, { people: 6 });
      const E = addDays(w.today, 2);
      const e = await draft(p.id, E);
      const list = await roster(p.id, E);
      await w.api.post('endorse/item', w.demo, { id: e.id, kind: 'remove', insured_id: list[0].id });
      await w.api.post('endorse/item', w.demo, { id: e.id, kind: 'remove', insured_id: list[1].id });
      const sub = await w.api.post('endorse/submit', w.demo, { id: e.id });
      expect(sub.status).toBe(200);
      const money = await balance(w.demoId);
      const approvals = await Promise.all(
        Array.from({ length: 10 }, () => w.api.post('operator/endorse/approve', w.operator, { id: e.id })),
      );
      expect(approvals.filter((r) => r.status === 200)).toHaveLength(1);
      const [row] = await w.db.sql`SELECT premium_delta, refunded, endorse_no FROM endorsement WHERE id = ${e.id}`;
      expect(num(row.refunded)).toBe(-num(row.premium_delta));
      expect(await balance(w.demoId)).toBe(money + num(row.refunded));
      const refunds = await w.db.sql`SELECT COUNT(*) AS n FROM user_money_log WHERE request_id = ${`endorse-${e.id}-refund`}`;
      expect(num(refunds[0].n)).toBe(1);
      expect(await roster(p.id, E)).toHaveLength(4);
      // a removal refunds no more than the person's premium for the period
      expect(-num(row.premium_delta)).toBeLessThanOrEqual(2 * p.perPerson);
    });

    test('a class change splits the row at E; a name fix edits it', async () => {
      const p = await placePolicy(w.db, w.demoId, { people: 4 });
      const E = addDays(w.today, 3);
      const e = await draft(p.id, E);
      const list = await roster(p.id, E);
      await w.api.post('endorse/item', w.demo, { id: e.id, kind: 'correct', insured_id: list[0].id, occupation_class: 3 });
      await w.api.post('endorse/item', w.demo, { id: e.id, kind: 'correct', insured_id: list[1].id, name: '新名字' });
      expect((await w.api.post('endorse/submit', w.demo, { id: e.id })).status).toBe(200);
      expect((await w.api.post('operator/endorse/approve', w.operator, { id: e.id })).status).toBe(200);
      const onE = await roster(p.id, E);
      const beforeE = await roster(p.id, addDays(E, -1));
      expect(onE.find((r) => r.name === list[0].name)?.class).toBe(3);
      expect(beforeE.find((r) => r.name === list[0].name)?.class).toBe(2);
      expect(onE.some((r) => r.name === '新名字')).toBe(true);
      expect(beforeE.some((r) => r.name === '新名字')).toBe(true);
    });

    test('every transition from every state', async () => {
      const states = ['draft', 'submitted', 'approved', 'rejected', 'cancelled'] as const;
      const actions = [
        ['submit', (id: number) => w.api.post('endorse/submit', w.demo, { id })],
        ['approve', (id: number) => w.api.post('operator/endorse/approve', w.operator, { id })],
        ['reject', (id: number) => w.api.post('operator/endorse/reject', w.operator, { id, reason: 'no' })],
        ['cancel', (id: number) => w.api.post('endorse/cancel', w.demo, { id, reason: 'changed my mind' })],
      ] as const;
      const allowed: Record<string, string[]> = { draft: ['submit', 'cancel'], submitted: ['approve', 'reject', 'cancel'] };
      const p = await placePolicy(w.db, w.demoId, { people: 5 });
      for (const state of states) {
        for (const [name, act] of actions) {
          const e = await draft(p.id, addDays(w.today, 1));
          const list = await roster(p.id, addDays(w.today, 1));
          await w.api.post('endorse/item', w.demo, { id: e.id, kind: 'add', name: '状态员工', id_no: person(50 + n), occupation_class: 2 });
          void list;
          if (state !== 'draft') expect((await w.api.post('endorse/submit', w.demo, { id: e.id })).status).toBe(200);
          if (state === 'approved') expect((await w.api.post('operator/endorse/approve', w.operator, { id: e.id })).status).toBe(200);
          if (state === 'rejected')
            expect((await w.api.post('operator/endorse/reject', w.operator, { id: e.id, reason: 'x' })).status).toBe(200);
          if (state === 'cancelled') expect((await w.api.post('endorse/cancel', w.demo, { id: e.id })).status).toBe(200);
          const money = await balance(w.demoId);
          const r = await act(e.id);
          const ok = (allowed[state] ?? []).includes(name);
          expect([state, name, r.status]).toEqual([state, name, ok ? 200 : 409]);
          if (!ok) {
            expect(r.body.message).toBe(`The endorsement is ${state}; this action is not possible`);
            expect(await balance(w.demoId)).toBe(money);
          }
          const [row] = await w.db.sql`SELECT status, charged, refunded FROM endorsement WHERE id = ${e.id}`;
          // money moved once: whatever was charged is refunded exactly when it ended without approval
          if (['rejected', 'cancelled'].includes(String(row.status))) expect(num(row.refunded)).toBe(num(row.charged));
          // leave no open endorsement behind for the next round
          if (row.status === 'draft' || row.status === 'submitted') await w.api.post('endorse/cancel', w.demo, { id: e.id });
        }
      }
      const zh = await w.api.post(
        'endorse/submit',
        w.demo,
        { id: (await w.db.sql`SELECT id FROM endorsement WHERE status = 'cancelled' LIMIT 1`)[0].id },
        'zh-cn',
      );
      expect(zh.body.message).toBe('批改申请当前为“已撤销”，无法执行此操作');
    }, 60_000);

    test('the sandbox insurer approves at once, rejects SANDBOX-REJECT (refund), leaves ID fixes to operators', async () => {
      await setInsurer(w.db, 'sandbox');
      try {
        const p = await placePolicy(w.db, w.demoId, { people: 5 });
        const E = addDays(w.today, 1);
        const e = await draft(p.id, E);
        await w.api.post('endorse/item', w.demo, { id: e.id, kind: 'add', name: '沙箱员工', id_no: person(80), occupation_class: 2 });
        const sub = await w.api.post('endorse/submit', w.demo, { id: e.id });
        expect(sub.body.data.endorsement.status).toBe('approved');
        const money = await balance(w.demoId);
        const r = await draft(p.id, E, 'please SANDBOX-REJECT');
        await w.api.post('endorse/item', w.demo, { id: r.id, kind: 'add', name: '拒绝员工', id_no: person(81), occupation_class: 2 });
        const rejected = await w.api.post('endorse/submit', w.demo, { id: r.id });
        expect(rejected.body.data.endorsement.status).toBe('rejected');
        expect(await balance(w.demoId)).toBe(money);
        const f = await draft(p.id, E);
        const list = await roster(p.id, E);
        await w.api.post('endorse/item', w.demo, { id: f.id, kind: 'correct', insured_id: list[0].id, id_no: person(82, '1985-03-03') });
        const fix = await w.api.post('endorse/submit', w.demo, { id: f.id });
        expect(fix.body.data.endorsement.status).toBe('submitted');
        const queue = await w.api.get('operator/endorse/list?status=submitted', w.operator);
        expect(queue.body.data.list.some((x: { id: number; has_id_fix: boolean }) => x.id === f.id && x.has_id_fix)).toBe(true);
        expect((await w.api.post('operator/endorse/approve', w.operator, { id: f.id })).status).toBe(200);
      } finally {
        await setInsurer(w.db, 'manual');
      }
    });

    test('list filters and paging; roster as of a date; others’ ids 404', async () => {
      const all = await w.api.get('endorse/list?limit=100', w.demo);
      expect(all.status).toBe(200);
      expect(all.body.data.total).toBeGreaterThan(5);
      const approved = await w.api.get('endorse/list?status=approved&limit=100', w.demo);
      expect(approved.body.data.list.every((x: { status: string }) => x.status === 'approved')).toBe(true);
      const removes = await w.api.get('endorse/list?kind=remove&limit=100', w.demo);
      expect(removes.body.data.list.every((x: { counts: { remove: number } }) => x.counts.remove > 0)).toBe(true);
      const paged = await w.api.get('endorse/list?limit=10&page=2', w.demo);
      expect(paged.body.data.list.length).toBeLessThanOrEqual(10);
      expect((await w.api.get('endorse/list?limit=101', w.demo)).status).toBe(400);
      expect((await w.api.get('endorse/list', w.manager)).body.data.total).toBe(0);
      expect((await w.api.get(`endorse/roster?order_id=${policy.id}`, w.manager)).status).toBe(404);
      const first = all.body.data.list[0];
      expect(Object.keys(first).sort()).toEqual(
        [
          'apply_no',
          'counts',
          'created_at',
          'effective_date',
          'endorse_no',
          'id',
          'in_force',
          'policy_no',
          'premium_delta',
          'status',
          'withdrawn',
        ].sort(),
      );
    });

    test('import: a CSV and an XLSX add every row, a bad row refuses the whole file with its row number (en, zh-cn), an unreadable file is refused', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'endorse-import-'));
      const previous = getStorage();
      setStorage(new LocalStorage(dir));
      try {
        const store = (name: string, mime: string, bytes: Uint8Array) =>
          storeServerFile(w.db, getStorage(), { userId: w.demoId, topic: 'insured', name, mime, bytes });
        const p = await placePolicy(w.db, w.demoId, { people: 4 });
        const e = await draft(p.id, addDays(w.today, 3));
        const csv = await store(
          'add.csv',
          'text/csv',
          new TextEncoder().encode(`\uFEFF姓名,身份证号,职业类别\r\n赵一,${person(11)},1\r\n钱二,${person(12)},2\r\n`),
        );
        const a = await w.api.post('endorse/import', w.demo, { id: e.id, file_id: csv.id });
        expect(a.status).toBe(200);
        expect(a.body.data.added).toBe(2);
        const xlsx = await store(
          'add.xlsx',
          'application/zip',
          toXlsx([
            ['姓名', '身份证号', '职业类别'],
            ['孙三', person(13), '3'],
          ]),
        );
        const b = await w.api.post('endorse/import', w.demo, { id: e.id, file_id: xlsx.id });
        expect(b.status).toBe(200);
        expect(b.body.data.added).toBe(1);
        const detail = await w.api.get(`endorse/detail?id=${e.id}`, w.demo);
        expect(detail.body.data.items.map((i: { kind: string }) => i.kind)).toEqual(['add', 'add', 'add']);

        const bad = await store(
          'bad.csv',
          'text/csv',
          new TextEncoder().encode(`姓名,身份证号,职业类别\n李四,${person(14)},1\n周五,${person(15).slice(0, 17)}X,1\n`),
        );
        for (const [lang, text] of [
          ['en', 'rows with errors'],
          ['zh-cn', '行错误'],
        ]) {
          const r = await w.api.post('endorse/import', w.demo, { id: e.id, file_id: bad.id }, lang);
          expect(r.status).toBe(400);
          expect(r.body.message).toContain(text);
          expect(r.body.data.rows.map((x: { row: number; field: string }) => [x.row, x.field])).toEqual([[3, 'id_no']]);
          expect(r.body.data.rows[0].message).toContain(lang === 'en' ? 'ID number' : '身份证');
        }
        const junk = await store('junk.xlsx', 'application/zip', new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9]));
        const j = await w.api.post('endorse/import', w.demo, { id: e.id, file_id: junk.id }, 'zh-cn');
        expect(j.status).toBe(400);
        expect(j.body.message).toBe('无法读取该文件，请上传 CSV 或 XLSX 文件');
        // A PDF is refused for its kind, never read as CSV.
        const pdf = await store('roster.pdf', 'application/pdf', new TextEncoder().encode(`%PDF-1.4\n${'1 0 obj\n'.repeat(700)}%%EOF\n`));
        const asPdf = await w.api.post('endorse/import', w.demo, { id: e.id, file_id: pdf.id }, 'en');
        expect([asPdf.status, asPdf.body.code, asPdf.body.data?.field]).toEqual([415, 415001, 'file_id']);
        expect(asPdf.body.message).toBe('This file is not a spreadsheet: upload a CSV or XLSX file');
        // All or nothing: the refused files added nobody.
        expect((await w.api.get(`endorse/detail?id=${e.id}`, w.demo)).body.data.items).toHaveLength(3);
      } finally {
        setStorage(previous);
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
