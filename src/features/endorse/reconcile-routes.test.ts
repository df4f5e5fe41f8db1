/**
 * POST endorse/reconcile (a staff list compared with the roster) and endorse/reconcile/apply (the
 * ticked proposals → one draft), through the real API on each engine.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { listInsured, type OrderRecord, toXlsx } from '~/features/orders';
import { makeResidentId } from '~/lib/cn-id';
import { createApi } from '~/server/api';
import { engines, type TestDatabase } from '../../../tests/support/test-db';
import { apiClient, ledgerSeededDatabase, placePolicy, setInsurer, userId } from '../../../tests/support/endorse-kit';
import { siteToday } from './model';
import { addDays } from './premium';

const ORIGIN = 'http://localhost';

for (const engine of engines()) {
  describe(`roster reconciliation on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let app: ReturnType<typeof createApi>;
    let demo: string;
    let demoId: number;
    let managerId: number;
    let today: string;
    let policy: OrderRecord;
    let people: { id: number; name: string; idNo: string; cls: number }[];
    let n = 0;
    const rid = () => `rec-${Date.now()}-${++n}-${Math.random().toString(36).slice(2, 8)}`;

    async function upload(orderId: number, file: { name: string; bytes: Uint8Array | string }, lang = 'en', token = demo) {
      const form = new FormData();
      form.set('order_id', String(orderId));
      form.set('file', new File([file.bytes as BlobPart], file.name));
      const res = await app.request(`${ORIGIN}/userapi/v1/endorse/reconcile`, {
        method: 'POST',
        headers: { 'think-lang': lang, origin: ORIGIN, 'ba-user-token': token },
        body: form,
      });
      return { status: res.status, body: await res.json() };
    }
    const csv = (lines: (string | number)[][]) => `\uFEFF姓名,身份证号,职业类别\r\n${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;

    beforeAll(async () => {
      t = await ledgerSeededDatabase(engine);
      api = apiClient(t.db);
      app = createApi({ getDb: () => t.db });
      await setInsurer(t.db, 'manual');
      demo = await api.login('demo', 'Demo#2026');
      demoId = await userId(t.db, 'demo');
      managerId = await userId(t.db, 'manager');
      today = await siteToday(t.db);
      policy = await placePolicy(t.db, demoId, { people: 12, class: 2 });
      const { list } = await listInsured(t.db, policy.id, { asOf: today, limit: 100 });
      people = list.map((r) => ({ id: r.id, name: r.name, idNo: r.idNo, cls: r.class }));
    }, 60_000);
    afterAll(async () => {
      await t?.drop();
    });

    test("someone else's policy is 404; a file that is not a sheet is 415; an unreadable or empty list is 400 in both languages", async () => {
      const theirs = await placePolicy(t.db, managerId, { people: 3 });
      expect((await upload(theirs.id, { name: 'a.csv', bytes: csv([]) })).status).toBe(404);
      const pdf = await upload(policy.id, { name: 'a.pdf', bytes: '%PDF-1.4\n' });
      expect(pdf.status).toBe(415);
      const empty = await upload(policy.id, { name: 'a.csv', bytes: csv([]) });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('The file has no rows to import');
      const zh = await upload(policy.id, { name: 'a.xlsx', bytes: new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0, 0]) }, 'zh-cn');
      expect(zh.status).toBe(400);
      expect(zh.body.message).toBe('无法读取该文件，请上传 CSV 或 XLSX 文件');
      const none = await app.request(`${ORIGIN}/userapi/v1/endorse/reconcile`, {
        method: 'POST',
        headers: { 'think-lang': 'zh-cn', origin: ORIGIN, 'ba-user-token': demo },
        body: (() => {
          const f = new FormData();
          f.set('order_id', String(policy.id));
          return f;
        })(),
      });
      expect(none.status).toBe(400);
      expect((await none.json()).message).toBe('请上传人员名单文件（CSV 或 XLSX）');
      expect(
        (await api.post('endorse/reconcile/apply', demo, { request_id: rid(), order_id: 999999, effective_date: today, remove: [1] }))
          .status,
      ).toBe(404);
    });

    test('bad rows are listed with their row numbers and messages, and nothing is proposed', async () => {
      const bad = `${people[0].idNo.slice(0, 17)}${people[0].idNo[17] === '0' ? '1' : '0'}`;
      for (const [lang, message] of [
        ['en', 'Invalid ID number'],
        ['zh-cn', '身份证号'],
      ] as const) {
        const r = await upload(
          policy.id,
          {
            name: 'staff.csv',
            bytes: csv([
              [people[1].name, people[1].idNo, 2],
              ['王五', bad, 2],
            ]),
          },
          lang,
        );
        expect(r.status).toBe(200);
        expect(r.body.data.removals).toEqual([]);
        expect(r.body.data.errors).toHaveLength(1);
        expect(r.body.data.errors[0].row).toBe(3);
        expect(r.body.data.errors[0].field).toBe('id_no');
        expect(r.body.data.errors[0].message).toContain(message);
      }
    });

    test('an XLSX list: leavers, joiners and changes proposed; apply makes the right draft once per request id', async () => {
      const joiners = [makeResidentId('1992-04-05', 501), makeResidentId('1987-11-23', 502)];
      const kept = people.slice(3); // people[0..2] left
      const rows = kept.map((p, i) => {
        if (i === 0) return [`${p.name}改`, p.idNo.toLowerCase(), String(p.cls)]; // name changed (and a lower-case x is the same ID)
        if (i === 1) return [p.name, p.idNo, String(p.cls === 3 ? 4 : 3)]; // class changed
        if (i === 2) return [`${p.name}新`, p.idNo, String(p.cls === 1 ? 2 : 1)]; // both
        return [p.name, p.idNo, i % 2 ? '' : String(p.cls)];
      });
      rows.push(['新员工甲', joiners[0], '2'], ['新员工乙', joiners[1], '']);
      const r = await upload(policy.id, { name: 'staff.xlsx', bytes: toXlsx([['姓名', '身份证号', '职业类别'], ...rows]) });
      expect(r.status).toBe(200);
      const d = r.body.data;
      expect(d.errors).toEqual([]);
      // The plan's default lead time (one day) sets the first day the draft may take effect.
      expect(d.effective_date).toBe(addDays(today, 1));
      expect(d.removals.map((x: { insured_id: number }) => x.insured_id).sort()).toEqual(
        people
          .slice(0, 3)
          .map((p) => p.id)
          .sort(),
      );
      expect(d.removals[0].id_no_masked).toContain('********');
      expect(d.additions.map((x: { id_no: string; occupation_class: number | null }) => [x.id_no, x.occupation_class])).toEqual([
        [joiners[0], 2],
        [joiners[1], null],
      ]);
      expect(d.corrections.map((c: { insured_id: number; changes: string[] }) => [c.insured_id, c.changes])).toEqual([
        [kept[0].id, ['name']],
        [kept[1].id, ['class']],
        [kept[2].id, ['name', 'class']],
      ]);

      const body = {
        request_id: rid(),
        order_id: policy.id,
        effective_date: d.effective_date,
        remove: d.removals.map((x: { insured_id: number }) => x.insured_id),
        add: d.additions.map((x: { name: string; id_no: string; occupation_class: number | null }) => ({
          name: x.name,
          id_no: x.id_no,
          occupation_class: x.occupation_class ?? 2,
        })),
        correct: d.corrections.map((c: { insured_id: number; id_no: string; name: string; occupation_class: number }) => ({
          insured_id: c.insured_id,
          id_no: c.id_no,
          name: c.name,
          occupation_class: c.occupation_class,
        })),
      };
      const made = await api.post('endorse/reconcile/apply', demo, body, 'zh-cn');
      expect(made.status).toBe(200);
      expect(made.body.message).toBe('已根据人员名单创建批改草稿');
      expect(made.body.data.items).toBe(8);
      const again = await api.post('endorse/reconcile/apply', demo, body);
      expect(again.body.data.endorsement.id).toBe(made.body.data.endorsement.id);
      const detail = await api.get(`endorse/detail?id=${made.body.data.endorsement.id}`, demo);
      const items = detail.body.data.items as { kind: string }[];
      const kinds = items.map((i) => i.kind).sort();
      expect(kinds).toEqual(['add', 'add', 'correct', 'correct', 'remove', 'remove', 'remove', 'replace']);
      expect(detail.body.data.endorsement.status).toBe('draft');

      // The policy now has an open endorsement: a second reconciliation says so, and applying is a 409 naming it.
      const open = await api.post('endorse/reconcile/apply', demo, { ...body, request_id: rid() });
      expect(open.status).toBe(409);
      expect(open.body.data.open_id).toBe(made.body.data.endorsement.id);
      const shown = await upload(policy.id, { name: 'staff.xlsx', bytes: toXlsx(rows) });
      expect(shown.body.data.open_id).toBe(made.body.data.endorsement.id);
      expect((await api.post('endorse/cancel', demo, { id: made.body.data.endorsement.id })).status).toBe(200);
    });

    test('nothing half-written: a failing proposal leaves no draft and names itself', async () => {
      const [{ n: before }] = await t.db.sql`SELECT COUNT(*) AS n FROM endorsement WHERE order_id = ${policy.id}`;
      const r = await api.post('endorse/reconcile/apply', demo, {
        request_id: rid(),
        order_id: policy.id,
        effective_date: today,
        remove: [people[0].id],
        add: [{ name: '已在保', id_no: people[1].idNo, occupation_class: 2 }],
      });
      expect(r.status).toBe(400);
      expect(r.body.data.proposal).toBe('add');
      expect(r.body.data.index).toBe(0);
      const [{ n: after }] = await t.db.sql`SELECT COUNT(*) AS n FROM endorsement WHERE order_id = ${policy.id}`;
      expect(Number(after)).toBe(Number(before));
      const none = await api.post('endorse/reconcile/apply', demo, { request_id: rid(), order_id: policy.id, effective_date: today });
      expect(none.status).toBe(400);
    });
  });
}
