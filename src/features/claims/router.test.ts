import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '~/features/_shared/envelope';
import { seedLedgerDemo } from '~/features/ledger';
import { rememberLocale } from '~/features/notifications';
import { addDays, demoOrder, type DemoOrderSpec, endInsured, insertInsured, listInsured, type OrderRecord } from '~/features/orders';
import { LocalStorage, setStorage, storeServerFile, getStorage } from '~/features/upload';
import { makeResidentId } from '~/lib/cn-id';
import { createApi } from '~/server/api';
import { num, nowSeconds } from '~/server/db/client';
import { ensureDatabase } from '~/server/db/seed';
import { getSiteConfig } from '~/server/site-config';
import { testOutbox } from '../../../tests/support/outbox';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { addDocument } from './documents';
import type { Actor } from './model';
import { reportClaim } from './report';
import { type ClaimStatus, type ClaimType, requiredDocuments } from './schemas';
import { approve, markPaid, reject, requestDocuments, startReview, withdraw } from './transitions';

const ORIGIN = 'http://localhost';
const HOLDER = { name: '测试建设有限公司', credit_code: '', contact: '王测试', mobile: '13800138000', email: '', address: '' };
// biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
type Reply = { status: number; body: Envelope<any>; text: string; headers: Headers };

for (const engine of engines()) {
  describe(`claims on ${engine.name}`, () => {
    let t: TestDatabase;
    let app: ReturnType<typeof createApi>;
    let root: string;
    const outbox = testOutbox();
    const ids: Record<string, number> = {};
    const tokens: Record<string, string> = {};
    let today = '';
    let tz = '';
    let named: OrderRecord; // guzhu, named list, effective from 60 days ago
    let headcount: OrderRecord; // tuanyi by headcount (no list), effective from 30 days ago
    let surrendered: OrderRecord;
    let people: { id: number; name: string; idNo: string }[] = [];
    let member: Actor;
    let operator: Actor;
    let seq = 0;

    async function call(method: 'GET' | 'POST', path: string, who?: string, body?: unknown, lang = 'en'): Promise<Reply> {
      const headers: Record<string, string> = { 'think-lang': lang, origin: ORIGIN };
      if (who) headers['ba-user-token'] = tokens[who];
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await app.request(`${ORIGIN}/userapi/v1/${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: Envelope<unknown>;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { code: 0, message: '', data: null, time: 0 };
      }
      return { status: res.status, body: parsed, text, headers: res.headers };
    }
    const get = (path: string, who?: string, lang?: string) => call('GET', path, who, undefined, lang);
    const post = (path: string, who: string | undefined, body: unknown, lang?: string) => call('POST', path, who, body, lang);

    async function login(account: string, password: string): Promise<string> {
      const r = await post('user/login', undefined, { account, password });
      return r.body.data.userInfo.token;
    }
    const count = async (table: string) => num((await t.db.sql`SELECT COUNT(*) AS n FROM ${t.db.sql(table)}`)[0].n);
    async function file(userId = ids.demo): Promise<number> {
      const row = await storeServerFile(t.db, getStorage(), {
        userId,
        topic: 'claim',
        name: `doc-${++seq}.pdf`,
        mime: 'application/pdf',
        bytes: new TextEncoder().encode(`%PDF-1.4 test ${seq} ${Math.random()}`),
      });
      return row.id;
    }
    /** A claim's API body on the named policy for one insured row (place, description: filler). */
    const namedClaim = (request: string, insured_id: number, accident_date: string, type = 'injury', estimated_amount = '10') => ({
      request_id: `req-${request}-${engine.name}`,
      order_id: named.id,
      insured_id,
      type,
      accident_date,
      accident_place: 'x',
      description: 'x',
      estimated_amount,
    });
    /** A fresh claim on the named policy (its own person and day, so the open-claim rule never trips). */
    async function newClaim(opts: { docs?: boolean; type?: ClaimType } = {}): Promise<number> {
      const k = ++seq;
      const person = people[k % 5]; // people[5] leaves the list in a test below
      const { claim } = await reportClaim(
        t.db,
        member,
        {
          request_id: `req-claim-${k}-${engine.name}`,
          order_id: named.id,
          insured_id: person.id,
          insured_name: '',
          insured_id_no: '',
          type: opts.type ?? 'injury',
          accident_date: addDays(today, -(1 + (Math.floor(k / 5) % 55))),
          accident_place: '工地',
          description: '测试事故',
          hospital: '',
          estimated_amount: 500_000,
        },
        tz,
      );
      if (opts.docs !== false) {
        for (const d of requiredDocuments(claim.type, 'guzhu', true).filter((d) => d.required)) {
          await addDocument(t.db, member, [ids.demo], { id: claim.id, kind: d.kind, file_id: await file() });
        }
      }
      return claim.id;
    }
    const quiet = { mail: false };
    /** A claim brought to `state` through the domain functions. */
    async function inState(state: ClaimStatus): Promise<number> {
      const id = await newClaim();
      if (state === 'reported') return id;
      if (state === 'withdrawn') {
        await withdraw(t.db, member, [ids.demo], { id, reason: 'no longer needed' }, quiet);
        return id;
      }
      await startReview(t.db, operator, id, quiet);
      if (state === 'reviewing') return id;
      if (state === 'need_documents') {
        await requestDocuments(t.db, operator, { id, kinds: ['invoices'], note: 'more invoices' }, quiet);
        return id;
      }
      if (state === 'rejected') {
        await reject(t.db, operator, { id, reason: 'not covered' }, quiet);
        return id;
      }
      await approve(t.db, operator, { id, approved_amount: 100_000, note: '' }, quiet);
      if (state === 'approved') return id;
      await markPaid(t.db, operator, { id, payment_ref: 'REF-0001', paid_at: today }, tz, quiet);
      return id;
    }
    const statusOf = async (id: number) => String((await t.db.sql`SELECT status FROM claim WHERE id = ${id}`)[0].status);

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'claims-'));
      setStorage(new LocalStorage(root));
      outbox.open();
      t = await freshDatabase(engine);
      // Only the areas claims build on (ledger for payments, orders for policies).
      await ensureDatabase(t.db, { demo: true, demoSeeders: [seedLedgerDemo] });
      app = createApi({ getDb: () => t.db });
      for (const r of await t.db.sql`SELECT id, username FROM "user"`) ids[String(r.username)] = num(r.id);
      // Another company with the member pages ('*'), to prove owner checks.
      const [g] = await t.db.sql`SELECT id FROM user_group WHERE code = 'default'`;
      const hash = await Bun.password.hash('Other#2026');
      const [o] = await t.db.sql`INSERT INTO "user" (group_id, username, email, password_hash, status, join_time, created_at, updated_at)
        VALUES (${num(g.id)}, 'other', 'other@example.com', ${hash}, 'enable', ${nowSeconds()}, 0, 0) RETURNING id`;
      ids.other = num(o.id);
      tokens.demo = await login('demo', 'Demo#2026');
      tokens.manager = await login('manager', 'Manager#2026');
      tokens.operator = await login('operator', 'Operator#2026');
      tokens.other = await login('other', 'Other#2026');
      tz = (await getSiteConfig(t.db)).site.timezone;
      const now = nowSeconds();
      const { todayIn } = await import('~/features/orders');
      today = todayIn(tz);
      let tick = now - 20 * 3600;
      const clock = () => (tick += 60);
      const make = (spec: DemoOrderSpec, key: string) =>
        demoOrder(t.db, ids.demo, spec, { now, today, clock, key: `${key}-${engine.name}`, holder: HOLDER });
      named = await make({ product: 'guzhu', plan: 0, class: 1, months: 12, start: -60, people: 6, status: 'effective' }, 'c1');
      headcount = await make({ product: 'tuanyi', plan: 2, class: 1, months: 12, start: -30, people: 20, status: 'effective' }, 'c2');
      surrendered = await make(
        { product: 'guzhu', plan: 0, class: 1, months: 12, start: -90, people: 3, status: 'surrendered', surrender: -5 },
        'c3',
      );
      people = (await listInsured(t.db, named.id, { limit: 100 })).list.map((r) => ({ id: r.id, name: r.name, idNo: r.idNo }));
      member = { userId: ids.demo, name: 'demo', role: 'member' };
      operator = { userId: ids.operator, name: 'operator', role: 'operator' };
    }, 60_000);
    afterAll(async () => {
      outbox.close();
      setStorage(null);
      rmSync(root, { recursive: true, force: true });
      await t.drop();
    });

    test('guest 401; manager 403 on every claim endpoint; members 403 on the operator ones', async () => {
      expect((await get('claim/list')).status).toBe(401);
      const memberGets = [
        'claim/list',
        'claim/detail?id=1',
        'claim/policies?accident_date=2026-01-01',
        'claim/insured?order_id=1&accident_date=2026-01-01',
        'claim/requirements?order_id=1&type=injury',
        'claim/export',
        'claim/file?id=1&document_id=1',
      ];
      const memberPosts = ['claim/add', 'claim/document', 'claim/documentDelete', 'claim/resubmit', 'claim/withdraw'];
      const operatorGets = ['operator/claim/list', 'operator/claim/detail?id=1', 'operator/claim/file?id=1&document_id=1'];
      const operatorPosts = [
        'operator/claim/startReview',
        'operator/claim/requestDocuments',
        'operator/claim/approve',
        'operator/claim/reject',
        'operator/claim/markPaid',
      ];
      for (const p of [...memberGets, ...operatorGets]) expect([p, (await get(p, 'manager')).status]).toEqual([p, 403]);
      for (const p of [...memberPosts, ...operatorPosts]) expect([p, (await post(p, 'manager', { id: 1 })).status]).toEqual([p, 403]);
      for (const p of operatorGets) expect([p, (await get(p, 'demo')).status]).toEqual([p, 403]);
      for (const p of operatorPosts) expect([p, (await post(p, 'demo', { id: 1 })).status]).toEqual([p, 403]);
    });

    test('report wizard lookups: eligible policies, insured on the day (masked), required documents', async () => {
      const day = addDays(today, -10);
      const r = await get(`claim/policies?accident_date=${day}`, 'demo');
      expect(r.status).toBe(200);
      const orderIds = r.body.data.list.map((p: { order_id: number }) => p.order_id);
      expect(orderIds).toContain(named.id);
      expect(orderIds).toContain(headcount.id);
      expect(orderIds).not.toContain(surrendered.id);
      expect(r.body.data.list.find((p: { order_id: number }) => p.order_id === named.id)).toMatchObject({
        type: 'guzhu',
        named: true,
        start: named.startDate,
      });
      expect(
        (await get(`claim/policies?accident_date=${addDays(today, -45)}`, 'demo')).body.data.list.map(
          (p: { order_id: number }) => p.order_id,
        ),
      ).not.toContain(headcount.id);
      const ins = await get(`claim/insured?order_id=${named.id}&accident_date=${day}&limit=5`, 'demo');
      expect(ins.body.data.total).toBe(6);
      expect(ins.body.data.list[0].id_no_masked).toMatch(/^\d{6}\*{8}[\dX]{4}$/);
      expect((await get(`claim/insured?order_id=${named.id}&accident_date=${day}`, 'other')).status).toBe(404);
      const req = await get(`claim/requirements?order_id=${headcount.id}&type=death`, 'demo');
      expect(req.body.data.documents.map((d: { kind: string; required: boolean }) => `${d.kind}${d.required ? '*' : ''}`)).toEqual([
        'claim_form*',
        'accident_report*',
        'id_copy*',
        'bank_account*',
        'death_certificate*',
        'household_cancellation*',
        'beneficiary_relation*',
        'employment_proof*',
        'other',
      ]);
      const zh = await get(`claim/requirements?order_id=${named.id}&type=injury`, 'demo', 'zh-cn');
      expect(zh.body.data.documents[0]).toEqual({ kind: 'claim_form', label: '理赔申请书（签字盖章）', required: true });
    });

    test('add: every field is checked in both languages, and nothing is written on an error', async () => {
      const before = await count('claim');
      const events = await count('claim_event');
      const p = people[0];
      const good = {
        request_id: `req-valid-${engine.name}`,
        order_id: named.id,
        insured_id: p.id,
        type: 'injury',
        accident_date: addDays(today, -3),
        accident_place: '3 号楼',
        description: '坠落',
        hospital: '',
        estimated_amount: '1234.50',
      };
      const cases: [Record<string, unknown>, string, string, string, number?][] = [
        [{ estimated_amount: '0' }, 'estimated_amount', 'The amount must be', '金额应为'],
        [{ estimated_amount: '1.234' }, 'estimated_amount', 'The amount must be', '金额应为'],
        [{ estimated_amount: '10000000.01' }, 'estimated_amount', 'The amount must be', '金额应为'],
        [{ estimated_amount: 'abc' }, 'estimated_amount', 'The amount must be', '金额应为'],
        [{ accident_date: '2026-02-30' }, 'accident_date', 'Enter the accident date', '请填写出险日期'],
        [{ accident_date: addDays(today, 1) }, 'accident_date', 'cannot be after today', '不能晚于今天'],
        [{ accident_date: addDays(today, -61) }, 'accident_date', 'outside the policy', '不在保单保障期间'],
        [{ type: 'flood' }, 'type', 'Choose the type', '请选择出险类型'],
        [{ accident_place: '' }, 'accident_place', 'Enter where', '请填写出险地点'],
        [{ description: ' ' }, 'description', 'Describe what happened', '请填写事故经过'],
        [{ insured_id: '' }, 'insured_id', 'named list', '具名清单'],
        [{ request_id: 'x' }, 'request_id', 'Invalid request id', '请求编号无效'],
        [{ insured_id_no: '110101199003070000' }, 'insured_id_no', 'valid 18-character', '身份证号码'],
      ];
      for (const [change, field, en, zh] of cases) {
        for (const [lang, text] of [
          ['en', en],
          ['zh-cn', zh],
        ]) {
          const r = await post('claim/add', 'demo', { ...good, ...change }, lang);
          expect([field, r.status, r.body.data?.field]).toEqual([field, 400, field]);
          expect(r.body.message).toContain(text);
        }
      }
      // Occupational disease only on guzhu; no list → name and ID number.
      const onHeadcount = {
        ...good,
        order_id: headcount.id,
        insured_id: '',
        insured_name: '李四',
        insured_id_no: makeResidentId('1990-03-07', 11),
      };
      expect((await post('claim/add', 'demo', { ...onHeadcount, type: 'occupational_disease' })).body.data.field).toBe('type');
      expect((await post('claim/add', 'demo', { ...onHeadcount, insured_name: '' })).body.data.field).toBe('insured_name');
      expect((await post('claim/add', 'demo', { ...onHeadcount, insured_id_no: '' })).body.data.field).toBe('insured_id_no');
      // A policy that is not the member's, or surrendered: 404 / 400.
      expect((await post('claim/add', 'other', good)).status).toBe(404);
      const gone = await post('claim/add', 'demo', { ...good, order_id: surrendered.id, accident_date: addDays(today, -20) });
      expect([gone.status, gone.body.data.field]).toEqual([400, 'order_id']);
      expect(await count('claim')).toBe(before);
      expect(await count('claim_event')).toBe(events);
    });

    test('add: an insured row removed before, or added after, the accident is refused on insured_id', async () => {
      const removed = people[5];
      await t.db.sql.begin((tx) => endInsured(tx, named.id, addDays(today, -20), [removed.id]));
      const r = await post('claim/add', 'demo', namedClaim('removed', removed.id, addDays(today, -10)));
      expect([r.status, r.body.data.field]).toEqual([400, 'insured_id']);
      expect(r.body.message).toBe('The person was not on the insured list on the accident date');
      await t.db.sql.begin((tx) =>
        insertInsured(
          tx,
          named.id,
          [{ name: '新员工', id_no: makeResidentId('1995-05-05', 21), gender: 1, birthday: '1995-05-05', class: 1 }],
          {
            activeFrom: addDays(today, -5),
            activeTo: named.endDate,
          },
        ),
      );
      const [late] = await t.db.sql`SELECT id FROM order_insured WHERE order_id = ${named.id} AND name = '新员工'`;
      const r2 = await post('claim/add', 'demo', namedClaim('late', num(late.id), addDays(today, -10)), 'zh-cn');
      expect([r2.status, r2.body.data.field, r2.body.message]).toEqual([400, 'insured_id', '出险人在出险日期不在保障名单内']);
      // Removed after the accident: still covered that day.
      const r3 = await post('claim/add', 'demo', namedClaim('covered', removed.id, addDays(today, -25), 'death'));
      expect(r3.status).toBe(200);
    });

    test('add: a claim in fen with a CL number; the same request id gives the same claim; a second open claim is 409', async () => {
      const body = {
        request_id: `req-ok-${engine.name}`,
        order_id: headcount.id,
        insured_name: '李四',
        insured_id_no: makeResidentId('1990-03-07', 11),
        type: 'injury',
        accident_date: addDays(today, -2),
        accident_place: '仓库',
        description: '扭伤',
        hospital: '',
        estimated_amount: '1234.5',
      };
      const r = await post('claim/add', 'demo', body);
      expect(r.status).toBe(200);
      expect(r.body.data.claim).toMatchObject({ status: 'reported' });
      expect(r.body.data.claim.claim_no).toMatch(new RegExp(`^CL${today.replaceAll('-', '')}\\d{6}$`));
      const [row] = await t.db.sql`SELECT estimated_amount, named FROM claim WHERE id = ${r.body.data.claim.id}`;
      expect([num(row.estimated_amount), num(row.named)]).toEqual([123_450, 0]);
      const again = await post('claim/add', 'demo', body);
      expect(again.body.data.claim).toEqual(r.body.data.claim);
      const dup = await post('claim/add', 'demo', { ...body, request_id: `req-dup-${engine.name}` });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toBe('An open claim for this person, date and type already exists');
      // Once withdrawn, the same accident may be reported again.
      await withdraw(t.db, member, [ids.demo], { id: r.body.data.claim.id, reason: 'mistake' }, quiet);
      expect((await post('claim/add', 'demo', { ...body, request_id: `req-dup-${engine.name}` })).status).toBe(200);
    });

    test('10 parallel adds with one request id make one claim', async () => {
      const before = await count('claim');
      const body = namedClaim('par', people[1].id, addDays(today, -4), 'disability', '99.99');
      const replies = await Promise.all(Array.from({ length: 10 }, () => post('claim/add', 'demo', body)));
      expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(new Set(replies.map((r) => r.body.data.claim.id)).size).toBe(1);
      expect(await count('claim')).toBe(before + 1);
    });

    test('documents: own claim uploads only, kinds of the checklist, only while reported or need_documents', async () => {
      const id = await newClaim({ docs: false });
      const mine = await file();
      const theirs = await file(ids.other);
      expect((await post('claim/document', 'demo', { id, kind: 'claim_form', file_id: theirs })).status).toBe(404);
      expect((await post('claim/document', 'other', { id, kind: 'claim_form', file_id: theirs })).status).toBe(404);
      const wrongKind = await post('claim/document', 'demo', { id, kind: 'death_certificate', file_id: mine });
      expect([wrongKind.status, wrongKind.body.data.field]).toEqual([400, 'kind']);
      const added = await post('claim/document', 'demo', { id, kind: 'claim_form', file_id: mine });
      expect(added.status).toBe(200);
      const detail = await get(`claim/detail?id=${id}`, 'demo');
      const form = detail.body.data.documents.find((d: { kind: string }) => d.kind === 'claim_form');
      expect(form).toMatchObject({ label: 'Claim form (signed and sealed)', required: true, requested: false });
      expect(form.files).toHaveLength(1);
      // The file is read through the claim: the member and operators, nobody else.
      const url = String(form.files[0].url).replace('/userapi/v1/', '');
      const bytes = await get(url, 'demo');
      expect(bytes.status).toBe(200);
      expect(bytes.text).toContain('%PDF-1.4 test');
      expect((await get(url, 'other')).status).toBe(404);
      expect((await get(url.replace('claim/file', 'operator/claim/file'), 'operator')).status).toBe(200);
      expect((await post('claim/documentDelete', 'other', { id, document_id: added.body.data.document_id })).status).toBe(404);
      expect((await post('claim/documentDelete', 'demo', { id, document_id: added.body.data.document_id })).status).toBe(200);
      expect((await get(`claim/detail?id=${id}`, 'demo')).body.data.documents[0].files).toHaveLength(0);
      // At most 20 files per kind.
      for (let i = 0; i < 20; i++)
        expect((await post('claim/document', 'demo', { id, kind: 'other', file_id: await file() })).status).toBe(200);
      const over = await post('claim/document', 'demo', { id, kind: 'other', file_id: await file() });
      expect([over.status, over.body.data.field]).toEqual([400, 'file_id']);
      // Not in reviewing.
      await startReview(t.db, operator, id, quiet);
      const late = await post('claim/document', 'demo', { id, kind: 'claim_form', file_id: mine });
      expect([late.status, late.body.message]).toEqual([409, 'The claim is reviewing; this action is not possible']);
    });

    test('every transition from every state: allowed ones move it, the rest are 409 with nothing written', async () => {
      const states: ClaimStatus[] = ['reported', 'reviewing', 'need_documents', 'approved', 'paid', 'rejected', 'withdrawn'];
      const actions: [string, 'operator' | 'demo', (id: number) => Record<string, unknown>][] = [
        ['operator/claim/startReview', 'operator', (id) => ({ id })],
        ['operator/claim/requestDocuments', 'operator', (id) => ({ id, kinds: ['invoices'], note: 'please' })],
        ['operator/claim/approve', 'operator', (id) => ({ id, approved_amount: '1000.00', note: '' })],
        ['operator/claim/reject', 'operator', (id) => ({ id, reason: 'no' })],
        ['operator/claim/markPaid', 'operator', (id) => ({ id, payment_ref: 'REF-9999', paid_at: today })],
        ['claim/resubmit', 'demo', (id) => ({ id, note: '' })],
        ['claim/withdraw', 'demo', (id) => ({ id, reason: 'changed my mind' })],
      ];
      const allowed: Record<ClaimStatus, Record<string, ClaimStatus>> = {
        reported: { 'operator/claim/startReview': 'reviewing', 'claim/withdraw': 'withdrawn' },
        reviewing: {
          'operator/claim/requestDocuments': 'need_documents',
          'operator/claim/approve': 'approved',
          'operator/claim/reject': 'rejected',
          'claim/withdraw': 'withdrawn',
        },
        need_documents: { 'claim/resubmit': 'reviewing', 'claim/withdraw': 'withdrawn' },
        approved: { 'operator/claim/markPaid': 'paid' },
        paid: {},
        rejected: {},
        withdrawn: {},
      };
      for (const state of states) {
        const held = await inState(state);
        for (const [path, who, body] of actions) {
          const target = allowed[state][path];
          if (target) {
            const id = await inState(state);
            if (path === 'claim/resubmit') await addDocument(t.db, member, [ids.demo], { id, kind: 'invoices', file_id: await file() });
            const r = await post(path, who, body(id));
            expect([state, path, r.status]).toEqual([state, path, 200]);
            expect(await statusOf(id)).toBe(target);
            const [ev] = await t.db.sql`SELECT * FROM claim_event WHERE claim_id = ${id} ORDER BY id DESC LIMIT 1`;
            expect([ev.from_status, ev.to_status, ev.role]).toEqual([state, target, who === 'demo' ? 'member' : 'operator']);
          } else {
            const events = await count('claim_event');
            const audits = await count('audit_log');
            const notes = await count('notification');
            const r = await post(path, who, body(held));
            expect([state, path, r.status, r.body.message]).toEqual([
              state,
              path,
              409,
              `The claim is ${state}; this action is not possible`,
            ]);
            expect([await count('claim_event'), await count('audit_log'), await count('notification')]).toEqual([events, audits, notes]);
            expect(await statusOf(held)).toBe(state);
          }
        }
      }
      const zh = await post('operator/claim/startReview', 'operator', { id: await inState('paid') }, 'zh-cn');
      expect(zh.body.message).toBe('该理赔当前状态为「已赔付」，无法执行此操作');
    }, 120_000);

    test('resubmit needs every required and requested kind (data.missing); approve needs the required ones and the plan limit', async () => {
      const id = await inState('need_documents');
      const r = await post('claim/resubmit', 'demo', { id, note: '' });
      expect([r.status, r.body.data]).toEqual([400, { field: 'documents', missing: ['invoices'] }]);
      expect(r.body.message).toBe('Documents still missing: Medical invoices');
      const detail = await get(`claim/detail?id=${id}`, 'demo');
      expect(detail.body.data.claim.request_note).toBe('more invoices');
      expect(detail.body.data.documents.find((d: { kind: string }) => d.kind === 'invoices')).toMatchObject({ requested: true });
      expect(detail.body.data.actions).toEqual(['document', 'documentDelete', 'resubmit', 'withdraw']);
      await addDocument(t.db, member, [ids.demo], { id, kind: 'invoices', file_id: await file() });
      expect((await post('claim/resubmit', 'demo', { id, note: 'added' })).status).toBe(200);
      // Approve: over the plan's per-person limit (basic guzhu: 500 000.00), then within it.
      const over = await post('operator/claim/approve', 'operator', { id, approved_amount: '500000.01', note: '' });
      expect([over.status, over.body.data.field]).toEqual([400, 'approved_amount']);
      expect(over.body.message).toContain('500000.00');
      const bare = await newClaim({ docs: false });
      await startReview(t.db, operator, bare, quiet);
      const missing = await post('operator/claim/approve', 'operator', { id: bare, approved_amount: '10', note: '' });
      expect(missing.status).toBe(400);
      expect(missing.body.data.missing).toEqual([
        'claim_form',
        'accident_report',
        'id_copy',
        'bank_account',
        'medical_records',
        'invoices',
        'employment_proof',
      ]);
      const okay = await post('operator/claim/approve', 'operator', { id, approved_amount: '8600', note: 'ok' });
      expect(okay.status).toBe(200);
      expect((await get(`claim/detail?id=${id}`, 'demo')).body.data.claim.approved_amount).toBe('8600.00');
      const paid = await post('operator/claim/markPaid', 'operator', { id, payment_ref: 'X', paid_at: today });
      expect([paid.status, paid.body.data.field]).toEqual([400, 'payment_ref']);
      const future = await post('operator/claim/markPaid', 'operator', { id, payment_ref: 'ICBC-001', paid_at: addDays(today, 1) });
      expect([future.status, future.body.data.field]).toEqual([400, 'paid_at']);
    });

    test('10 parallel approve/reject: exactly one wins, one event', async () => {
      const id = await inState('reviewing');
      const replies = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2
            ? post('operator/claim/approve', 'operator', { id, approved_amount: '100', note: '' })
            : post('operator/claim/reject', 'operator', { id, reason: 'no' }),
        ),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 409)).toHaveLength(9);
      const evs = await t.db.sql`SELECT to_status FROM claim_event WHERE claim_id = ${id} AND from_status = 'reviewing'`;
      expect(evs).toHaveLength(1);
    });

    test('one e-mail per operator transition, in the language saved for the member, after the commit', async () => {
      await rememberLocale(t.db, ids.demo, 'en');
      const before = outbox.all('demo@example.com').length;
      const id = await newClaim();
      for (const [path, body] of [
        ['operator/claim/startReview', { id }],
        ['operator/claim/requestDocuments', { id, kinds: ['invoices'], note: 'need the invoices' }],
      ] as const) {
        expect((await post(path, 'operator', body, 'zh-cn')).status).toBe(200);
      }
      await addDocument(t.db, member, [ids.demo], { id, kind: 'invoices', file_id: await file() });
      expect((await post('claim/resubmit', 'demo', { id, note: '' })).status).toBe(200); // a member's own step: no e-mail
      expect((await post('operator/claim/approve', 'operator', { id, approved_amount: '100', note: '' }, 'zh-cn')).status).toBe(200);
      expect((await post('operator/claim/markPaid', 'operator', { id, payment_ref: 'ICBC-7788', paid_at: today }, 'zh-cn')).status).toBe(
        200,
      );
      const mails = outbox.all('demo@example.com').slice(0, outbox.all('demo@example.com').length - before);
      expect(mails).toHaveLength(4);
      expect(mails.every((m) => m.event === 'claim_status')).toBe(true);
      const [{ claim_no }] = await t.db.sql`SELECT claim_no FROM claim WHERE id = ${id}`;
      expect(mails.map((m) => m.subject.split(' - ')[0]).sort()).toEqual(
        ['Approved', 'Documents needed', 'Paid', 'Reviewing'].map((s) => `Claim ${claim_no}: ${s}`).sort(),
      );
      expect(mails.find((m) => m.subject.includes('Documents needed'))?.text).toContain('need the invoices');
      expect(mails[0].text).toContain(`/user/claim/detail?id=${id}`);
    });

    test('notifications: list in the reader language, unread count, mark read; the bell data', async () => {
      const list = await get('notification/list?limit=5', 'demo', 'zh-cn');
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBeGreaterThan(0);
      const first = list.body.data.list[0];
      expect(Object.keys(first).sort()).toEqual(['body', 'created_at', 'id', 'link', 'read', 'title']);
      expect(first.title).toMatch(/^理赔 CL\d{14}：/);
      const en = await get('notification/list?limit=5', 'demo', 'en');
      expect(en.body.data.list[0].title).toMatch(/^Claim CL\d{14}: /);
      const unread = list.body.data.unread;
      expect(unread).toBeGreaterThan(0);
      expect((await get('notification/list?unread=1&limit=100', 'demo')).body.data.total).toBe(unread);
      const one = await post('notification/read', 'demo', { ids: [first.id] });
      expect(one.body.data.unread).toBe(unread - (first.read ? 0 : 1));
      // Another member's ids are ignored.
      expect((await post('notification/read', 'other', { ids: [first.id] })).body.data.unread).toBe(0);
      expect((await post('notification/read', 'demo', { all: true })).body.data).toEqual({ unread: 0 });
      expect((await post('notification/read', 'demo', { ids: [] })).status).toBe(400);
      expect((await get('notification/list')).status).toBe(401);
      // Operators hear of members' reports.
      expect((await get('notification/list?unread=1', 'operator')).body.data.total).toBeGreaterThan(0);
    });

    test('lists: team scope, filters, paging; another member sees none and 404s', async () => {
      const mine = await get('claim/list?limit=100', 'demo');
      expect(mine.status).toBe(200);
      expect(mine.body.data.total).toBeGreaterThan(10);
      expect(Object.keys(mine.body.data.list[0]).sort()).toEqual(
        [
          'accident_date',
          'approved_amount',
          'claim_no',
          'created_at',
          'estimated_amount',
          'id',
          'insured_name',
          'policy_no',
          'status',
          'type',
        ].sort(),
      );
      const paid = await get('claim/list?status=paid&limit=100', 'demo');
      expect(paid.body.data.list.every((c: { status: string }) => c.status === 'paid')).toBe(true);
      const kw = mine.body.data.list[0].claim_no;
      expect((await get(`claim/list?keyword=${kw}`, 'demo')).body.data.total).toBe(1);
      expect((await get(`claim/list?start=${today}&end=${today}&limit=100`, 'demo')).body.data.total).toBe(mine.body.data.total);
      expect((await get(`claim/list?start=${addDays(today, -3)}&end=${addDays(today, -2)}`, 'demo')).body.data.total).toBe(0);
      expect((await get('claim/list?status=lost', 'demo')).status).toBe(400);
      expect((await get('claim/list?limit=101', 'demo')).status).toBe(400);
      expect((await get('claim/list', 'other')).body.data).toEqual({ list: [], total: 0 });
      expect((await get(`claim/detail?id=${mine.body.data.list[0].id}`, 'other')).status).toBe(404);
      expect((await get('claim/detail?id=99999999', 'demo')).status).toBe(404);
      expect((await post('claim/withdraw', 'other', { id: mine.body.data.list[0].id, reason: 'x' })).status).toBe(404);
      // The operator queue: open claims oldest first, counts per status.
      const queue = await get('operator/claim/list?limit=100', 'operator');
      expect(queue.status).toBe(200);
      const statuses = new Set(queue.body.data.list.map((c: { status: string }) => c.status));
      for (const s of ['paid', 'rejected', 'withdrawn']) expect(statuses.has(s)).toBe(false);
      const times = queue.body.data.list.map((c: { created_at: number; id: number }) => c.created_at * 1e7 + c.id);
      expect(times).toEqual([...times].sort((a: number, b: number) => a - b));
      expect(queue.body.data.counts.paid).toBeGreaterThan(0);
      expect(Object.keys(queue.body.data.counts).sort()).toEqual([
        'approved',
        'need_documents',
        'paid',
        'rejected',
        'reported',
        'reviewing',
        'withdrawn',
      ]);
      const detail = await get(`operator/claim/detail?id=${queue.body.data.list[0].id}`, 'operator');
      expect(detail.status).toBe(200);
      expect(detail.body.data.documents[0].files[0]?.url ?? '/userapi/v1/operator/claim/file').toContain('/operator/claim/file');
    });

    test('export: CSV with a BOM, formula-safe cells, the list filters, behind claim/list/export', async () => {
      await reportClaim(
        t.db,
        member,
        {
          request_id: `req-formula-${engine.name}`,
          order_id: headcount.id,
          insured_id: '',
          insured_name: '=HYPERLINK("x")',
          insured_id_no: makeResidentId('1988-08-08', 33),
          type: 'injury',
          accident_date: addDays(today, -1),
          accident_place: 'x',
          description: 'x',
          hospital: '',
          estimated_amount: 100,
        },
        tz,
      );
      const r = await get('claim/export?keyword=HYPERLINK', 'demo', 'zh-cn');
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/csv');
      expect(r.text.charCodeAt(0)).toBe(0xfeff);
      const lines = r.text.slice(1).trim().split('\r\n');
      expect(lines[0]).toBe('"理赔编号","状态","出险类型","保单号","出险人","出险日期","预估金额（元）","核定金额（元）","报案时间"');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('"\'=HYPERLINK(""x"")"');
      expect(lines[1]).toContain('"已报案"');
      expect((await get('claim/export', 'manager')).status).toBe(403);
      expect((await get('claim/export')).status).toBe(401);
    });
  });
}

for (const engine of engines()) {
  describe(`claims demo data and team scope on ${engine.name}`, () => {
    let t: TestDatabase;
    let root: string;
    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'claims-demo-'));
      setStorage(new LocalStorage(root));
      t = await freshDatabase(engine);
      const { seedOrdersDemo } = await import('~/features/orders');
      const { seedClaimsDemo } = await import('./demo');
      await ensureDatabase(t.db, { demo: true, demoSeeders: [seedLedgerDemo, seedOrdersDemo, seedClaimsDemo] });
    }, 90_000);
    afterAll(async () => {
      setStorage(null);
      rmSync(root, { recursive: true, force: true });
      await t.drop();
    });

    test('seven demo claims, one per status, with matching timelines and documents, and 2 unread notifications', async () => {
      const [demo] = await t.db.sql`SELECT id FROM "user" WHERE username = 'demo'`;
      const rows = await t.db.sql`SELECT * FROM claim WHERE user_id = ${num(demo.id)} ORDER BY id`;
      expect(rows.map((r: { status: string }) => r.status).sort()).toEqual(
        ['approved', 'need_documents', 'paid', 'rejected', 'reported', 'reviewing', 'withdrawn'].sort(),
      );
      expect(new Set(rows.map((r: { policy_type: string }) => r.policy_type))).toEqual(new Set(['guzhu', 'tuanyi']));
      const by = (s: string) => rows.find((r: { status: string }) => r.status === s);
      expect(JSON.parse(by('need_documents').requested_kinds)).toEqual(['invoices']);
      expect(by('need_documents').request_note).not.toBe('');
      expect(num(by('approved').approved_amount)).toBe(860_000);
      expect(by('paid').payment_ref).not.toBe('');
      expect(by('rejected').reason).not.toBe('');
      for (const r of rows) {
        const [last] = await t.db.sql`SELECT to_status FROM claim_event WHERE claim_id = ${r.id} ORDER BY id DESC LIMIT 1`;
        expect(last.to_status).toBe(r.status);
        const [docs] = await t.db.sql`SELECT COUNT(*) AS n FROM claim_document WHERE claim_id = ${r.id}`;
        expect(num(docs.n)).toBeGreaterThanOrEqual(2);
      }
      // The claims seeder leaves its two newest claim notices unread (the orders seeded here notify too).
      const [unread] = await t.db
        .sql`SELECT COUNT(*) AS n FROM notification WHERE user_id = ${num(demo.id)} AND kind = 'claim_status' AND read_at IS NULL`;
      expect(num(unread.n)).toBe(2);
    });

    test("a main account sees its sub-accounts' claims; a sub-account only its own", async () => {
      const { listClaims, claimDetail } = await import('./queries');
      const { visibleUserIds } = await import('~/server/members');
      const [demo] = await t.db.sql`SELECT id, group_id FROM "user" WHERE username = 'demo'`;
      const demoId = num(demo.id);
      const [sub] = await t.db.sql`INSERT INTO "user" (group_id, username, password_hash, status, join_time, parent_id)
        VALUES (${num(demo.group_id)}, 'claims_sub', 'x', 'enable', ${nowSeconds()}, ${demoId}) RETURNING id`;
      const subId = num(sub.id);
      const [one] = await t.db.sql`SELECT * FROM claim WHERE user_id = ${demoId} ORDER BY id LIMIT 1`;
      const [copy] = await t.db
        .sql`INSERT INTO claim (claim_no, user_id, order_id, policy_no, policy_type, named, insured_name, insured_id_no,
          type, accident_date, estimated_amount, status, created_at, updated_at)
        VALUES ('CL20260101999999', ${subId}, ${one.order_id}, ${one.policy_no}, ${one.policy_type}, 1, '子账号员工', ${one.insured_id_no},
          'injury', ${one.accident_date}, 100, 'reported', ${nowSeconds()}, ${nowSeconds()}) RETURNING id`;
      const q = { status: '', type: '', keyword: '', start: '', end: '', page: 1, limit: 100 } as const;
      const tz = 'Asia/Shanghai';
      const owner = await listClaims(t.db, await visibleUserIds(t.db, demoId), { ...q }, tz);
      expect(owner.list.map((c) => c.claim_no)).toContain('CL20260101999999');
      const mine = await listClaims(t.db, await visibleUserIds(t.db, subId), { ...q }, tz);
      expect(mine.list.map((c) => c.claim_no)).toEqual(['CL20260101999999']);
      await expect(claimDetail(t.db, await visibleUserIds(t.db, subId), num(one.id), 'en', { role: 'member' })).rejects.toThrow(
        'notFoundRecord',
      );
      expect((await claimDetail(t.db, await visibleUserIds(t.db, demoId), num(copy.id), 'en', { role: 'member' })).claim.claim_no).toBe(
        'CL20260101999999',
      );
    });
  });
}
