/**
 * Proof of cover through the API (`app.request()` on a real database, both engines): issuing,
 * listing, the PDF, revoking, owner checks, the day and people rules, and the public check — which
 * follows a REAL endorsement (drafted, submitted and approved through the endorse area's API) from
 * "covered" to "no longer covered since …", says "revoked", answers a guessed code "not found" no
 * faster than a real one, limits each IP, and never shows a full ID number.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { OrderRecord } from '~/features/orders';
import { addDays, siteToday } from '~/features/orders';
import { createApi } from '~/server/api';
import { num } from '~/server/db/client';
import { apiClient, ledgerSeededDatabase, placePolicy, setInsurer, userId } from '../../../tests/support/endorse-kit';
import { requestApi } from '../../../tests/support/api-client';
import { engines, type TestDatabase } from '../../../tests/support/test-db';
import { certificateCode, findVisibleCertificate } from './certificates';
import { certificateDocument } from './pdf';

let ipSeq = 0;

for (const engine of engines()) {
  describe(`proof of cover on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let app: ReturnType<typeof createApi>;
    let demo: string;
    let manager: string;
    let operator: string;
    let demoId: number;
    let today: string;
    let policy: OrderRecord;
    let n = 0;
    const rid = () => `cover-${Date.now()}-${++n}-${Math.random().toString(36).slice(2, 8)}`;
    const previousTrust = process.env.TRUST_PROXY;

    /** The public check from its own client address (so the per-IP limit of one test is its own). */
    async function verify(code: string, ip = `198.51.100.${++ipSeq % 250}`, lang = 'en') {
      const res = await requestApi(app, 'GET', `cover/verify?code=${encodeURIComponent(code)}`, {
        lang,
        headers: { 'x-forwarded-for': ip },
      });
      return { status: res.status, body: await res.json() };
    }
    async function roster(orderId: number) {
      const r = await api.get(`order/insured?id=${orderId}&as_of=${today}&limit=100`, demo);
      return r.body.data.list as { id: number; name: string; id_no_masked: string }[];
    }
    async function issue(body: Record<string, unknown>, token = demo, lang = 'en') {
      return api.post('cover/create', token, { request_id: rid(), ...body }, lang);
    }
    async function codeOf(id: number) {
      const found = await findVisibleCertificate(t.db, demoId, id);
      return certificateCode(t.db, found?.certificate ?? { codeNonce: '' });
    }
    async function fullIds(orderId: number) {
      const rows = await t.db.sql`SELECT id, id_no FROM order_insured WHERE order_id = ${orderId}`;
      return new Map<number, string>(rows.map((r: { id: unknown; id_no: unknown }) => [num(r.id), String(r.id_no)]));
    }

    beforeAll(async () => {
      process.env.TRUST_PROXY = '1';
      t = await ledgerSeededDatabase(engine);
      api = apiClient(t.db);
      app = createApi({ getDb: () => t.db });
      await setInsurer(t.db, 'manual');
      demo = await api.login('demo', 'Demo#2026');
      manager = await api.login('manager', 'Manager#2026');
      operator = await api.login('operator', 'Operator#2026');
      demoId = await userId(t.db, 'demo');
      today = await siteToday(t.db);
      policy = await placePolicy(t.db, demoId, { people: 5 });
    }, 60_000);
    afterAll(async () => {
      if (previousTrust === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = previousTrust;
      await t?.drop();
    });

    test('issue (default today, everyone covered), idempotent by request_id; list; PDF; revoke once', async () => {
      expect((await api.post('cover/create', undefined, { request_id: rid(), order_id: policy.id })).status).toBe(401);
      const request_id = rid();
      const a = await api.post('cover/create', demo, { request_id, order_id: policy.id });
      expect(a.status).toBe(200);
      const cert = a.body.data.certificate;
      expect(cert).toMatchObject({ order_id: policy.id, day: today, people_count: 5, status: 'valid' });
      expect(cert.people[0].id_masked).toMatch(/^\d{3}\*{11}[\dX]{4}$/);
      const b = await api.post('cover/create', demo, { request_id, order_id: policy.id });
      expect(b.body.data.certificate.id).toBe(cert.id);

      const list = await api.get(`cover/list?order_id=${policy.id}`, demo);
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBe(1);
      expect(list.body.data.list[0].id).toBe(cert.id);

      const pdf = await api.get(`cover/pdf?id=${cert.id}`, demo);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(new TextDecoder().decode(pdf.bytes?.subarray(0, 5))).toBe('%PDF-');
      // Downloaded again: a PDF again (the code is derived, not stored).
      expect((await api.get(`cover/pdf?id=${cert.id}`, demo)).status).toBe(200);

      const revoked = await api.post('cover/revoke', demo, { id: cert.id });
      expect(revoked.status).toBe(200);
      expect(revoked.body.data.certificate.status).toBe('revoked');
      expect((await api.post('cover/revoke', demo, { id: cert.id })).status).toBe(409);
      expect((await api.get(`cover/list?order_id=${policy.id}`, demo)).body.data.list[0].status).toBe('revoked');
    });

    test('someone else’s policy or certificate is 404 (create, list, pdf, revoke)', async () => {
      const cert = (await issue({ order_id: policy.id })).body.data.certificate;
      expect((await issue({ order_id: policy.id }, manager)).status).toBe(404);
      expect((await api.get(`cover/list?order_id=${policy.id}`, manager)).status).toBe(404);
      expect((await api.get(`cover/pdf?id=${cert.id}`, manager)).status).toBe(404);
      expect((await api.post('cover/revoke', manager, { id: cert.id })).status).toBe(404);
      expect((await api.get('cover/pdf?id=99999999', demo)).status).toBe(404);
      const unpaid = await placePolicy(t.db, demoId, { start: 5, status: 'unpaid', people: 3 });
      expect((await issue({ order_id: unpaid.id })).status).toBe(409);
    });

    test('a day outside the period is 400 day; a person not covered that day is 400 insured_ids (both languages)', async () => {
      const before = await issue({ order_id: policy.id, day: addDays(policy.startDate, -1) });
      expect(before.status).toBe(400);
      expect(before.body.data.field).toBe('day');
      expect(before.body.message).toContain(policy.startDate);
      const after = await issue({ order_id: policy.id, day: addDays(policy.endDate, 1) }, demo, 'zh-cn');
      expect(after.status).toBe(400);
      expect(after.body.message).toContain('保险期间');

      // A person added from tomorrow on is not covered today: a certificate for today cannot show them.
      const other = await placePolicy(t.db, demoId, { people: 3 });
      const [late] = await t.db.sql`SELECT * FROM order_insured WHERE order_id = ${other.id} ORDER BY id LIMIT 1`;
      await t.db.sql`UPDATE order_insured SET active_from = ${addDays(today, 1)} WHERE id = ${late.id}`;
      const r = await issue({ order_id: other.id, insured_ids: [num(late.id)] });
      expect(r.status).toBe(400);
      expect(r.body.data.field).toBe('insured_ids');
      expect(r.body.message).toBe(`1 of the people chosen are not covered on ${today}; no certificate can show them`);
      const zh = await issue({ order_id: other.id, insured_ids: [num(late.id)] }, demo, 'zh-cn');
      expect(zh.body.message).toContain('不在保');
      // Tomorrow it can, and "everyone" today leaves them out.
      expect((await issue({ order_id: other.id, insured_ids: [num(late.id)], day: addDays(today, 1) })).status).toBe(200);
      expect((await issue({ order_id: other.id })).body.data.certificate.people_count).toBe(2);
    });

    test('verify: covered today → after an approved endorsement removes one, "no longer covered since"; masked IDs only', async () => {
      const p = await placePolicy(t.db, demoId, { people: 4 });
      const people = await roster(p.id);
      const picked = people.slice(0, 2).map((x) => x.id);
      const cert = (await issue({ order_id: p.id, insured_ids: picked })).body.data.certificate;
      const code = await codeOf(cert.id);
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

      const first = await verify(code.toLowerCase().replaceAll('-', ' '));
      expect(first.status).toBe(200);
      expect(first.body.data.result).toBe('valid');
      const c = first.body.data.certificate;
      expect(c).toMatchObject({ policy_no: p.policyNo, day: today, start_date: p.startDate, end_date: p.endDate });
      expect(c.people.map((x: { insured_id: number }) => x.insured_id)).toEqual(picked);
      expect(c.people.every((x: { covered: boolean }) => x.covered)).toBe(true);

      // The real endorsement: remove the first person from today, submit, the operator approves. The
      // plan lets a change take effect today (its lead time is 0; the default is the next day).
      await t.db
        .sql`UPDATE product_plan SET rules = ${JSON.stringify({ lead_time: { severity: 'error', value: 0 } })} WHERE id = ${p.planId}`;
      const draft = await api.post('endorse/create', demo, { request_id: rid(), order_id: p.id, effective_date: today });
      expect(draft.status).toBe(200);
      const e = draft.body.data.endorsement;
      expect((await api.post('endorse/item', demo, { id: e.id, kind: 'remove', insured_id: picked[0] })).status).toBe(200);
      expect((await api.post('endorse/submit', demo, { id: e.id })).status).toBe(200);
      expect((await api.post('operator/endorse/approve', operator, { id: e.id })).status).toBe(200);

      const after = await verify(code);
      const [gone, kept] = after.body.data.certificate.people;
      expect(gone).toMatchObject({ insured_id: picked[0], covered: false, since: today });
      expect(kept).toMatchObject({ insured_id: picked[1], covered: true, since: '' });
      // A person the certificate did not list never shows.
      expect(after.body.data.certificate.people).toHaveLength(2);

      // No full ID number anywhere: not in the check's answer, not in the PDF's text.
      const ids = await fullIds(p.id);
      const json = JSON.stringify(after.body);
      for (const full of ids.values()) expect(json).not.toContain(full);
      const found = await findVisibleCertificate(t.db, demoId, cert.id);
      if (!found) throw new Error('certificate missing');
      for (const locale of ['zh-cn', 'en'] as const) {
        const doc = await certificateDocument(found.certificate, found.order, code, locale, 'Asia/Shanghai');
        const text = doc.drawn.join('\n');
        expect(text).toContain(code);
        expect(text).toContain(p.policyNo as string);
        expect(text).toContain(`/verify/cover?code=${code}`);
        for (const id of picked) expect(text).toContain(found.certificate.people.find((x) => x.insured_id === id)?.id_masked as string);
        for (const full of ids.values()) expect(text).not.toContain(full);
      }
      // Stored: the hash, never the code.
      const [row] = await t.db.sql`SELECT * FROM cover_certificate WHERE id = ${cert.id}`;
      expect(JSON.stringify(row)).not.toContain(code.replaceAll('-', ''));
    }, 30_000);

    test('revoked says so (and lists nobody); a guessed code is not found, no faster than a real one', async () => {
      const cert = (await issue({ order_id: policy.id })).body.data.certificate;
      const code = await codeOf(cert.id);
      await api.post('cover/revoke', demo, { id: cert.id });
      const t0 = performance.now();
      const revoked = await verify(code);
      const real = performance.now() - t0;
      expect(revoked.body.data.result).toBe('revoked');
      expect(revoked.body.data.certificate.revoked_at).toBeGreaterThan(0);
      expect(revoked.body.data.certificate.people).toEqual([]);
      const t1 = performance.now();
      const guessed = await verify('ZZZZ-ZZZZ-ZZZZ');
      const fake = performance.now() - t1;
      expect(guessed.status).toBe(200);
      expect(guessed.body.data).toEqual({ result: 'not_found', certificate: null });
      expect(real).toBeGreaterThanOrEqual(295);
      expect(fake).toBeGreaterThanOrEqual(295);
      expect((await verify('')).status).toBe(400);
    });

    test('the check is limited per IP: 30 a minute, then 429 in the request’s language; another IP is unaffected', async () => {
      while ((Date.now() / 1000) % 60 > 45) await Bun.sleep(500);
      const ip = `203.0.113.${engine.name === 'sqlite' ? 31 : 32}`;
      const replies = await Promise.all(Array.from({ length: 30 }, () => verify('ABCD-EFGH-JKMN', ip)));
      expect(replies.every((r) => r.status === 200)).toBe(true);
      const over = await verify('ABCD-EFGH-JKMN', ip);
      expect(over.status).toBe(429);
      expect(over.body.message).toMatch(/^Too many checks/);
      const zh = await verify('ABCD-EFGH-JKMN', ip, 'zh-cn');
      expect(zh.body.message).toContain('查询过于频繁');
      expect((await verify('ABCD-EFGH-JKMN', `203.0.113.${engine.name === 'sqlite' ? 41 : 42}`)).status).toBe(200);
    }, 60_000);
  });
}
