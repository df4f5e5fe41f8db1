/**
 * The sealing API end to end on both engines: seals (checks, cap, review transitions), PDF checks,
 * previews, jobs (idempotency, limits, retries), stamping (PDFium sees red where seals go),
 * downloads, voiding and public verification.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '~/features/_shared/envelope';
import { getStorage, LocalStorage, setStorage } from '~/features/upload';
import { createApi } from '~/server/api';
import { listAudit } from '~/server/audit';
import { nowSeconds, num } from '~/server/db/client';
import { ACCESS_TTL, issueToken } from '~/server/session';
import { setConfigValue } from '~/server/site-config';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { DEMO_CODE } from './demo';
import { verifyCode } from './files';
import { claimJob, drainJobs, settleJobs } from './job-runner';
import { drawSealPng } from './seal-art';
import { crossPageRuns, mmToPt, readSealCode } from './stamp';
import {
  circleBox,
  inkPixels,
  jpegImage,
  makePdf,
  maskOverlap,
  opaquePng,
  redMask,
  redPixels,
  rgbaPng,
} from '../../../tests/support/sealing';

const ORIGIN = 'http://localhost';
// PDFium renders and PDF stamping take seconds on a loaded 2-CPU machine.
setDefaultTimeout(30_000);
// biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
type Reply = { status: number; body: Envelope<any>; res: Response };

for (const engine of engines()) {
  describe(`sealing API on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof createApi>;
    let root: string;
    const tok: Record<string, string> = {};
    const ids: Record<string, number> = {};
    let sealPng: Uint8Array<ArrayBuffer>;
    let ipSeq = 1;

    async function call(method: string, path: string, token?: string, body?: unknown, lang = 'en', ip = '10.0.0.1'): Promise<Reply> {
      const headers: Record<string, string> = { 'think-lang': lang, origin: ORIGIN };
      if (token) headers['ba-user-token'] = token;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await api.request(
        `${ORIGIN}/userapi/v1/${path}`,
        { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
        { requestIP: () => ({ address: ip }) },
      );
      const type = res.headers.get('content-type') ?? '';
      return { status: res.status, body: type.includes('json') ? await res.json() : null, res };
    }
    const get = (path: string, token?: string, lang = 'en') => call('GET', path, token, undefined, lang);
    const post = (path: string, token: string | undefined, body: unknown, lang = 'en') => call('POST', path, token, body, lang);

    async function upload(token: string, name: string, bytes: Uint8Array<ArrayBuffer>, topic: string): Promise<number> {
      const form = new FormData();
      form.append('file', new File([bytes], name));
      form.append('topic', topic);
      const res = await api.request(`${ORIGIN}/userapi/v1/index/upload`, {
        method: 'POST',
        body: form,
        headers: { 'ba-user-token': token, origin: ORIGIN },
      });
      const body = (await res.json()) as Envelope<{ file: { id: number } }>;
      if (res.status !== 200) throw new Error(`upload failed: ${JSON.stringify(body)}`);
      return body.data.file.id;
    }
    async function addMember(username: string, parentId: number | null = null): Promise<number> {
      const [g] = await t.db.sql`SELECT id FROM user_group WHERE code = 'default'`;
      const now = Math.floor(Date.now() / 1000);
      const [u] = await t.db.sql`INSERT INTO "user" (group_id, username, password_hash, join_time, created_at, updated_at, parent_id)
        VALUES (${num(g.id)}, ${username}, ${'x'}, ${now}, ${now}, ${now}, ${parentId}) RETURNING id`;
      return num(u.id);
    }
    const verifyIp = () => `10.9.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;
    const verify = async (query: string) => call('GET', `seal/verify?${query}`, undefined, undefined, 'en', verifyIp());
    async function verifyFile(bytes: Uint8Array<ArrayBuffer>, ip = verifyIp()): Promise<Reply> {
      const form = new FormData();
      form.append('file', new File([bytes], 'copy.pdf'));
      const res = await api.request(
        `${ORIGIN}/userapi/v1/seal/verify/file`,
        { method: 'POST', body: form, headers: { origin: ORIGIN } },
        {
          requestIP: () => ({ address: ip }),
        },
      );
      return { status: res.status, body: await res.json(), res };
    }
    let shared: number | undefined;
    /** An approved seal of `other` (one shared seal unless `fresh`: a member holds at most 5). */
    async function approvedSeal(fresh = false): Promise<number> {
      if (shared && !fresh) return shared;
      const r = await post('seal/generate', tok.other, { company_name: '杭州测试建设有限公司', kind: 'official' });
      expect(r.status).toBe(200);
      const a = await post('operator/seal/approve', tok.operator, { id: r.body.data.seal.id });
      expect(a.status).toBe(200);
      if (!fresh) shared = r.body.data.seal.id;
      return r.body.data.seal.id;
    }
    async function sealAndWait(
      token: string,
      body: Record<string, unknown>,
    ): Promise<{ job: Record<string, unknown>; file: Record<string, unknown> }> {
      const r = await post('seal/file/seal', token, body);
      expect(r.status).toBe(200);
      await settleJobs(t.db);
      const j = await get(`seal/job?id=${r.body.data.job.id}`, token);
      expect(j.body.data.job.status).toBe('done');
      const d = await get(`seal/file/detail?id=${j.body.data.job.sealed_file_id}`, token);
      return { job: j.body.data.job, file: d.body.data.file };
    }

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'sealing-'));
      setStorage(new LocalStorage(root));
      t = await freshDatabase(engine, { seed: true });
      api = createApi({ getDb: () => t.db });
      for (const name of ['demo', 'manager', 'operator']) {
        const [u] = await t.db.sql`SELECT id FROM "user" WHERE username = ${name}`;
        ids[name] = num(u.id);
      }
      ids.other = await addMember('sealer2');
      ids.sub = await addMember('demo-site', ids.demo);
      for (const [name, id] of Object.entries(ids)) tok[name] = (await issueToken(t.db, 'access', id, ACCESS_TTL)).token;
      sealPng = new Uint8Array(await drawSealPng({ companyName: '杭州测试建设有限公司' }));
    }, 60_000);
    afterAll(async () => {
      await settleJobs(t.db);
      setStorage(null);
      await t.drop();
      rmSync(root, { recursive: true, force: true });
    });

    test('seed: demo has an approved 公章, a pending 合同专用章 and a roster sealed as DEMX-SEAL-2468 that verifies valid', async () => {
      const seals = await get('seal/list', tok.demo);
      expect(seals.body.data.list.map((s: { name: string; status: string; source: string }) => [s.name, s.status, s.source])).toEqual([
        ['合同专用章', 'pending', 'generated'],
        ['公章', 'approved', 'generated'],
      ]);
      const files = await get('seal/file/list', tok.demo);
      expect(files.body.data.total).toBe(1);
      const f = files.body.data.list[0];
      expect(f).toMatchObject({
        code: 'DEMX-SEAL-2468',
        name: '员工花名册-2026.pdf',
        pages: 3,
        seal_name: '公章',
        stamp_count: 1,
        cross_page: true,
        status: 'sealed',
      });
      const dl = await get(`seal/file/download?id=${f.id}`, tok.demo);
      const bytes = new Uint8Array(await dl.res.arrayBuffer());
      expect(new Bun.CryptoHasher('sha256').update(bytes).digest('hex')).toBe(f.sha256);
      const v = await verify(`sha256=${f.sha256}&code=demx-seal-2468`);
      expect(v.body.data.result).toBe('valid');
      expect(v.body.data.file).toMatchObject({
        code: 'DEMX-SEAL-2468',
        company_name: '上海示例科技有限公司',
        seal_name: '公章',
        seal_status: 'approved',
        pages: 3,
      });
      expect(JSON.stringify(v.body.data)).not.toContain('demo');
      expect((await verify('code=DEMXSEAL2468')).body.data.result).toBe('sealed');
      expect((await verifyFile(new Uint8Array(bytes))).body.data.result).toBe('valid');
      expect(DEMO_CODE).toBe('DEMXSEAL2468');
    });

    test('seal/add: PNG checks in both languages, 415 for other images, 404 for another member’s file', async () => {
      const cases: [string, Uint8Array<ArrayBuffer>][] = [
        ['opaque.png', opaquePng(400, 400)],
        ['solid.png', rgbaPng(400, 400, 0.05)],
        ['small.png', rgbaPng(150, 150, 0.5)],
        ['wide.png', rgbaPng(600, 300, 0.5)],
      ];
      for (const [name, bytes] of cases) {
        const id = await upload(tok.other, name, bytes, 'seal');
        const en = await post('seal/add', tok.other, { name: '公章', kind: 'official', company_name: '杭州测试建设有限公司', file_id: id });
        expect([name, en.status, en.body.message, en.body.data.field]).toEqual([
          name,
          400,
          'The seal must be a PNG with a transparent background',
          'file_id',
        ]);
        const zh = await post(
          'seal/add',
          tok.other,
          { name: '公章', kind: 'official', company_name: '杭州测试建设有限公司', file_id: id },
          'zh-cn',
        );
        expect(zh.body.message).toBe('印章必须是透明背景的 PNG 图片');
      }
      const jpg = await upload(tok.other, 'seal.jpg', await jpegImage(400, 400), 'seal');
      const r415 = await post('seal/add', tok.other, {
        name: '公章',
        kind: 'official',
        company_name: '杭州测试建设有限公司',
        file_id: jpg,
      });
      expect([r415.status, r415.body.message]).toEqual([415, 'The seal image must be a PNG file']);
      const mine = await upload(tok.other, 'seal.png', sealPng, 'seal');
      const stolen = await post('seal/add', tok.demo, {
        name: '公章',
        kind: 'official',
        company_name: '上海示例科技有限公司',
        file_id: mine,
      });
      expect(stolen.status).toBe(404);
      const bad = await post('seal/add', tok.other, { name: '', kind: 'seal', company_name: 'x', diameter_mm: 80, file_id: mine }, 'zh-cn');
      expect(bad.status).toBe(400);
      expect(bad.body.data.errors).toMatchObject({
        name: '印章名称为 1–30 个字符',
        kind: '印章类型只能是公章、合同专用章、财务专用章或其他',
        diameter_mm: '印章直径为 30–60 毫米',
      });
      const ok = await post('seal/add', tok.other, {
        name: '合同章',
        kind: 'contract',
        company_name: '杭州测试建设有限公司',
        diameter_mm: 42,
        file_id: mine,
      });
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe('The seal was sent for review');
      expect(ok.body.data.seal).toMatchObject({ name: '合同章', kind: 'contract', status: 'pending', source: 'upload' });
      expect(Object.keys(ok.body.data.seal)).toEqual(expect.arrayContaining(['id', 'name', 'kind', 'status', 'source', 'created_at']));
    });

    test('at most 5 pending or approved seals (409); delete only pending or rejected; a sub-account cannot add', async () => {
      const made: number[] = [];
      const have = (await get('seal/list', tok.other)).body.data.list.filter((s: { status: string }) =>
        ['pending', 'approved'].includes(s.status),
      ).length;
      for (let i = have; i < 5; i++) {
        const r = await post('seal/generate', tok.other, { company_name: '杭州测试建设有限公司', kind: 'other', inner_text: `章${i}` });
        expect(r.status).toBe(200);
        made.push(r.body.data.seal.id);
      }
      const sixth = await post('seal/generate', tok.other, { company_name: '杭州测试建设有限公司', kind: 'other' });
      expect([sixth.status, sixth.body.message]).toEqual([409, 'At most 5 seals may be pending or approved']);
      expect((await post('seal/generate', tok.other, { company_name: '杭州测试建设有限公司', kind: 'other' }, 'zh-cn')).body.message).toBe(
        '待审核和已通过的印章最多 5 个',
      );
      // Approve one, then it cannot be deleted; pending ones can.
      await post('operator/seal/approve', tok.operator, { id: made[0] });
      const del = await post('seal/delete', tok.other, { id: made[0] });
      expect([del.status, del.body.message]).toEqual([409, 'Only pending or rejected seals can be deleted']);
      await post('operator/seal/revoke', tok.operator, { id: made[0], reason: 'test' });
      for (const id of made.slice(1)) expect((await post('seal/delete', tok.other, { id })).status).toBe(200);
      expect((await post('seal/delete', tok.demo, { id: made[0] })).status).toBe(404);
      const sub = await post('seal/generate', tok.sub, { company_name: '上海示例科技有限公司', kind: 'official' });
      expect([sub.status, sub.body.message]).toEqual([403, "A sub-account seals with its owner's seals and cannot add seals"]);
    });

    test('seal image: PNG, private and no-store, for the owner and operator/seals holders only', async () => {
      const [seal] = (await get('seal/list', tok.demo)).body.data.list;
      const own = await get(`seal/image?id=${seal.id}`, tok.demo);
      expect(own.status).toBe(200);
      expect(own.res.headers.get('content-type')).toBe('image/png');
      expect(own.res.headers.get('cache-control')).toContain('no-store');
      expect((await get(`seal/image?id=${seal.id}`, tok.operator)).status).toBe(200);
      expect((await get(`operator/seal/image?id=${seal.id}`, tok.operator)).status).toBe(200);
      expect((await get(`seal/image?id=${seal.id}`, tok.sub)).status).toBe(200);
      expect((await get(`seal/image?id=${seal.id}`, tok.other)).status).toBe(404);
      expect((await get(`seal/image?id=${seal.id}`, tok.manager)).status).toBe(403);
      expect((await get(`operator/seal/image?id=${seal.id}`, tok.demo)).status).toBe(403);
      expect((await get(`seal/image?id=${seal.id}`)).status).toBe(401);
    });

    test('operator review: pending oldest first; approve/reject/revoke are conditional and audited; wrong state 409', async () => {
      const list = await get('operator/seal/list', tok.operator);
      expect(list.status).toBe(200);
      const created = list.body.data.list.map((s: { created_at: number; id: number }) => [s.created_at, s.id]);
      expect(created).toEqual([...created].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
      expect(list.body.data.list.every((s: { status: string }) => s.status === 'pending')).toBe(true);
      expect((await get('operator/seal/list', tok.demo)).status).toBe(403);
      const g = await post('seal/generate', tok.other, { company_name: '杭州测试建设有限公司', kind: 'finance' });
      const id = g.body.data.seal.id;
      expect((await post('operator/seal/approve', tok.demo, { id })).status).toBe(403);
      const rej = await post('operator/seal/reject', tok.operator, { id, reason: '图片不清晰' });
      expect([rej.status, rej.body.data.seal.status]).toEqual([200, 'rejected']);
      const again = await post('operator/seal/approve', tok.operator, { id });
      expect([again.status, again.body.message, again.body.data.status]).toEqual([
        409,
        'This seal is rejected; that cannot be done now',
        'rejected',
      ]);
      expect((await post('operator/seal/approve', tok.operator, { id }, 'zh-cn')).body.message).toBe(
        '该印章当前状态为「已驳回」，不能执行此操作',
      );
      expect((await post('operator/seal/revoke', tok.operator, { id, reason: 'x' })).status).toBe(409);
      expect((await post('operator/seal/reject', tok.operator, { id: 999_999, reason: 'x' })).status).toBe(404);
      expect((await post('operator/seal/reject', tok.operator, { id, reason: '' })).body.data.field).toBe('reason');
      const audit = await listAudit(t.db, { userId: ids.operator, limit: 20 });
      expect(audit.some((a) => a.action === 'seal.reject' && a.detail.seal_id === id)).toBe(true);
      expect((await get(`operator/seal/detail?id=${id}`, tok.operator)).body.data.seal).toMatchObject({
        id,
        status: 'rejected',
        reason: '图片不清晰',
      });
      expect((await post('seal/delete', tok.other, { id })).status).toBe(200);
    });

    test('inspect: pages, size, sha256 and page sizes; encrypted, broken, too long, too large; another’s file 404', async () => {
      const pdf = await makePdf(3);
      const id = await upload(tok.other, 'doc.pdf', pdf, 'sealfile');
      const r = await post('seal/file/inspect', tok.other, { file_id: id });
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({
        pages: 3,
        size: pdf.byteLength,
        sha256: new Bun.CryptoHasher('sha256').update(pdf).digest('hex'),
        page_sizes: [
          { w: 595.28, h: 841.89 },
          { w: 595.28, h: 841.89 },
          { w: 595.28, h: 841.89 },
        ],
      });
      expect((await post('seal/file/inspect', tok.demo, { file_id: id })).status).toBe(404);
      const enc = await upload(tok.other, 'locked.pdf', await makePdf(1, { encrypt: true }), 'sealfile');
      const e1 = await post('seal/file/inspect', tok.other, { file_id: enc });
      expect([e1.status, e1.body.message]).toEqual([400, 'This PDF is password-protected; remove the password and upload it again']);
      expect((await post('seal/file/inspect', tok.other, { file_id: enc }, 'zh-cn')).body.message).toBe(
        '此 PDF 设有密码，请去除密码后重新上传',
      );
      const broken = await upload(
        tok.other,
        'broken.pdf',
        new Uint8Array(new TextEncoder().encode('%PDF-1.7\nthis is not a pdf at all\n')),
        'sealfile',
      );
      const b1 = await post('seal/file/inspect', tok.other, { file_id: broken });
      expect([b1.status, b1.body.message]).toEqual([400, 'This file is not a valid PDF or is damaged']);
      expect((await post('seal/file/inspect', tok.other, { file_id: broken }, 'zh-cn')).body.message).toBe('此文件不是有效的 PDF 或已损坏');
      await setConfigValue(t.db, 'seal', { maxPdfBytes: 20 * 1024 * 1024, maxPages: 2 });
      const long = await post('seal/file/inspect', tok.other, { file_id: id });
      expect([long.status, long.body.data.pages, long.body.data.max]).toEqual([400, 3, 2]);
      expect(long.body.message).toBe('This PDF has 3 pages; at most 2 can be sealed');
      await setConfigValue(t.db, 'seal', { maxPdfBytes: 1000, maxPages: 300 });
      const big = await post('seal/file/inspect', tok.other, { file_id: id });
      expect(big.status).toBe(413);
      await setConfigValue(t.db, 'seal', { maxPdfBytes: 20 * 1024 * 1024, maxPages: 300 });
    });

    test('preview: a PNG of the page at the asked width, cached (ETag, 304); width out of range 400', async () => {
      const id = await upload(tok.other, 'prev.pdf', await makePdf(2), 'sealfile');
      const r = await get(`seal/file/preview?file_id=${id}&page=2&width=300`, tok.other);
      expect(r.status).toBe(200);
      expect(r.res.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await r.res.arrayBuffer());
      expect(new DataView(bytes.buffer).getUint32(16)).toBe(300);
      const etag = r.res.headers.get('etag') ?? '';
      const again = await api.request(`${ORIGIN}/userapi/v1/seal/file/preview?file_id=${id}&page=2&width=300`, {
        headers: { 'ba-user-token': tok.other, 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
      expect((await get(`seal/file/preview?file_id=${id}&page=2&width=100`, tok.other)).status).toBe(400);
      expect((await get(`seal/file/preview?file_id=${id}&page=3&width=300`, tok.other)).status).toBe(400);
      expect((await get(`seal/file/preview?file_id=${id}&page=1&width=300`, tok.demo)).status).toBe(404);
    });

    test('sealing checks: seal not approved 409 {status}; placements off the page, missing, none; cross-page needs 2 pages', async () => {
      const pdf = await upload(tok.other, 'checks.pdf', await makePdf(2), 'sealfile');
      const one = await upload(tok.other, 'one.pdf', await makePdf(1), 'sealfile');
      const g = await post('seal/generate', tok.other, {
        company_name: '杭州测试建设有限公司',
        kind: 'contract',
        inner_text: '合同专用章',
      });
      const pending = g.body.data.seal.id;
      const base = { request_id: 'checks-0001', file_id: pdf, seal_id: pending, stamps: [{ page: 1, x: 0.5, y: 0.5 }] };
      const p = await post('seal/file/seal', tok.other, base);
      expect([p.status, p.body.data.status, p.body.message]).toEqual([
        409,
        'pending',
        'This seal is pending and cannot be used for sealing',
      ]);
      expect((await post('seal/file/seal', tok.other, base, 'zh-cn')).body.message).toBe('该印章当前状态为「待审核」，不能用于盖章');
      const seal = await approvedSeal();
      const off = await post('seal/file/seal', tok.other, {
        ...base,
        request_id: 'checks-0002',
        seal_id: seal,
        stamps: [{ page: 1, x: 0.99, y: 0.5 }],
      });
      expect([off.status, off.body.message]).toEqual([400, 'The seal must lie fully on the page']);
      const missing = await post('seal/file/seal', tok.other, {
        ...base,
        request_id: 'checks-0003',
        seal_id: seal,
        stamps: [{ page: 3, x: 0.5, y: 0.5 }],
      });
      expect([missing.status, missing.body.message]).toEqual([400, 'Page 3 does not exist']);
      const none = await post('seal/file/seal', tok.other, { ...base, request_id: 'checks-0004', seal_id: seal, stamps: [] }, 'zh-cn');
      expect([none.status, none.body.message]).toEqual([400, '请至少放置一个印章（指定页、每页或骑缝章）']);
      const cross = await post('seal/file/seal', tok.other, {
        request_id: 'checks-0005',
        file_id: one,
        seal_id: seal,
        cross_page: { y: 0.5 },
      });
      expect([cross.status, cross.body.message]).toEqual([400, 'A cross-page seal needs at least 2 pages']);
      expect((await post('seal/file/seal', tok.demo, { ...base, request_id: 'checks-0006', seal_id: seal })).status).toBe(404);
      const demoSeal = (await get('seal/list', tok.demo)).body.data.list.find((s: { status: string }) => s.status === 'approved').id;
      expect((await post('seal/file/seal', tok.other, { ...base, request_id: 'checks-0007', seal_id: demoSeal })).status).toBe(404);
    });

    test('10 parallel seals with one request_id make one job and one file; another body with it is 409', async () => {
      const seal = await approvedSeal();
      const file = await upload(tok.other, 'parallel.pdf', await makePdf(2), 'sealfile');
      const body = { request_id: 'parallel-req-01', file_id: file, seal_id: seal, stamps: [{ page: 1, x: 0.5, y: 0.5 }] };
      const replies = await Promise.all(Array.from({ length: 10 }, () => post('seal/file/seal', tok.other, body)));
      expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(new Set(replies.map((r) => r.body.data.job.id)).size).toBe(1);
      await settleJobs(t.db);
      const [{ n }] = await t.db.sql`SELECT COUNT(*) AS n FROM sealed_file WHERE job_id = ${replies[0].body.data.job.id}`;
      expect(num(n)).toBe(1);
      const [{ m }] = await t.db.sql`SELECT COUNT(*) AS m FROM seal_job WHERE request_id = 'parallel-req-01'`;
      expect(num(m)).toBe(1);
      const other = await post('seal/file/seal', tok.other, { ...body, stamps: [{ page: 2, x: 0.5, y: 0.5 }] });
      expect([other.status, other.body.message]).toEqual([409, 'This request_id was already used for a different request']);
      const same = await post('seal/file/seal', tok.other, body);
      expect([same.body.data.job.id, same.body.data.job.status]).toEqual([replies[0].body.data.job.id, 'done']);
      expect((await get(`seal/job?id=${same.body.data.job.id}`, tok.demo)).status).toBe(404);
    });

    test('stamps, every page and cross-page: PDFium sees seal red in every circle and strip; the margin line and /SealCode', async () => {
      const seal = await approvedSeal();
      const W = 595.28;
      const H = 841.89;
      const file = await upload(tok.other, 'report.pdf', await makePdf(5), 'sealfile');
      const { job, file: sealed } = await sealAndWait(tok.other, {
        request_id: 'stamp-all-0001',
        file_id: file,
        seal_id: seal,
        stamps: [{ page: 2, x: 0.3, y: 0.25 }],
        every_page: { x: 0.5, y: 0.8 },
        cross_page: { y: 0.45 },
      });
      expect(job).toMatchObject({ status: 'done', progress: 100, pages_done: 5, pages_total: 5 });
      expect(sealed).toMatchObject({ pages: 5, stamp_count: 6, cross_page: true, status: 'sealed', name: 'report.pdf' });
      expect(String(sealed.code)).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      const dl = await get(`seal/file/download?id=${sealed.id}`, tok.other);
      expect(dl.res.headers.get('content-disposition')).toContain('report-sealed.pdf');
      const bytes = new Uint8Array(await dl.res.arrayBuffer());
      expect(new Bun.CryptoHasher('sha256').update(bytes).digest('hex')).toBe(String(sealed.sha256));
      expect(await redPixels(bytes, 1, circleBox(0.3, 0.25, W, H))).toBeGreaterThan(500);
      for (let p = 0; p < 5; p++) expect(await redPixels(bytes, p, circleBox(0.5, 0.8, W, H))).toBeGreaterThan(500);
      expect(await redPixels(bytes, 0, circleBox(0.3, 0.25, W, H))).toBe(0);
      const d = mmToPt(40);
      const runs = crossPageRuns(5);
      expect(runs).toEqual([0, 1, 2, 3, 4].map((i) => ({ k: 5, i })));
      for (let p = 0; p < 5; p++) {
        const w = d / 5;
        const strip = { x0: W - w + 1, y0: 0.45 * H - d / 2, x1: W, y1: 0.45 * H + d / 2 };
        expect(await redPixels(bytes, p, strip)).toBeGreaterThan(20);
        // Nothing of the seal left of the strip (the rest of it is clipped away).
        expect(await redPixels(bytes, p, { x0: W - d - 20, y0: 0.45 * H - d / 2, x1: W - w - 2, y1: 0.45 * H + d / 2 })).toBe(0);
      }
      expect(await readSealCode(bytes)).toBe(String(sealed.code));
      const v = await verify(`code=${String(sealed.code).toLowerCase().replaceAll('-', '')}&sha256=${sealed.sha256}`);
      expect(v.body.data.result).toBe('valid');
    });

    test('rotated pages (/Rotate 90, 270, 180 with a CropBox): seals, strips and the margin line land where the preview shows them, upright', async () => {
      const seal = await approvedSeal();
      const A = 595.28;
      const B = 841.89;
      const pdf = await makePdf(4, { rotate: [90, 270, 180, 0], crop: [null, null, [40, 30, A, B], null] });
      const file = await upload(tok.other, 'landscape.pdf', pdf, 'sealfile');
      const sizes = (await post('seal/file/inspect', tok.other, { file_id: file })).body.data.page_sizes as { w: number; h: number }[];
      // The sizes the member places on are the pages as shown: turned, and only the CropBox.
      expect(sizes).toEqual([
        { w: B, h: A },
        { w: B, h: A },
        { w: A, h: B },
        { w: A, h: B },
      ]);
      const stamps = [
        { page: 1, x: 0.2, y: 0.3 },
        { page: 2, x: 0.75, y: 0.35 },
        { page: 3, x: 0.3, y: 0.2 },
        { page: 4, x: 0.3, y: 0.2 },
      ];
      const { file: sealed } = await sealAndWait(tok.other, {
        request_id: 'stamp-rotated-01',
        file_id: file,
        seal_id: seal,
        stamps,
        cross_page: { y: 0.5 },
      });
      const bytes = new Uint8Array(await (await get(`seal/file/download?id=${sealed.id}`, tok.other)).res.arrayBuffer());
      const d = mmToPt(40);
      // Page 4 is unturned: its seal is how an upright seal looks at this size.
      const upright = await redMask(bytes, 3, circleBox(0.3, 0.2, A, B), A);
      expect(upright.bits.filter(Boolean).length).toBeGreaterThan(500);
      for (const s of stamps) {
        const { w: W, h: H } = sizes[s.page - 1];
        const at = circleBox(s.x, s.y, W, H);
        expect(await redPixels(bytes, s.page - 1, at, W)).toBeGreaterThan(500);
        // Not turned with the page: the same picture as the upright one.
        expect(maskOverlap(await redMask(bytes, s.page - 1, at, W), upright)).toBeGreaterThan(0.9);
        // Nothing at the point-mirrored spot (where a half-turn mistake would put it).
        expect(await redPixels(bytes, s.page - 1, circleBox(1 - s.x, 1 - s.y, W, H), W)).toBe(0);
        // The cross-page strip at the shown right edge, the verification line along the shown bottom.
        const w = d / 4;
        const strip = { x0: W - w + 1, y0: 0.5 * H - d / 2, x1: W, y1: 0.5 * H + d / 2 };
        expect(await redPixels(bytes, s.page - 1, strip, W)).toBeGreaterThan(20);
        expect(await inkPixels(bytes, s.page - 1, { x0: W * 0.2, y0: H - 14, x1: W * 0.8, y1: H - 4 }, W)).toBeGreaterThan(200);
        expect(await inkPixels(bytes, s.page - 1, { x0: 0, y0: H * 0.2, x1: 14, y1: H * 0.8 }, W)).toBe(0);
      }
    });

    test('cross-page runs are 2–20 pages, as even as possible', () => {
      expect(crossPageRuns(1)).toEqual([]);
      const sizes = (n: number) => {
        const runs = crossPageRuns(n);
        return runs.filter((r) => r.i === 0).map((r) => r.k);
      };
      expect(sizes(2)).toEqual([2]);
      expect(sizes(20)).toEqual([20]);
      expect(sizes(21)).toEqual([11, 10]);
      expect(sizes(50)).toEqual([17, 17, 16]);
      expect(sizes(300)).toEqual(Array(15).fill(20));
    });

    test('a re-saved copy is altered; voiding makes the code voided; a revoked seal still verifies its earlier files', async () => {
      const seal = await approvedSeal(true);
      const file = await upload(tok.other, 'contract.pdf', await makePdf(2), 'sealfile');
      const { file: sealed } = await sealAndWait(tok.other, {
        request_id: 'alter-void-01',
        file_id: file,
        seal_id: seal,
        stamps: [{ page: 2, x: 0.7, y: 0.7 }],
      });
      const dl = await get(`seal/file/download?id=${sealed.id}`, tok.other);
      const bytes = new Uint8Array(await dl.res.arrayBuffer());
      const { PDFDocument } = await import('@cantoo/pdf-lib');
      const doc = await PDFDocument.load(bytes);
      doc.setTitle('edited');
      const copy = new Uint8Array(await doc.save());
      const altered = await verifyFile(copy);
      expect(altered.body.data.result).toBe('altered');
      expect(altered.body.data.file.sha256).toBe(sealed.sha256);
      expect((await verifyFile(bytes)).body.data.result).toBe('valid');
      expect((await verify('code=ABCD-EFGH-JKLM')).body.data).toEqual({ result: 'not_found', file: null });
      await post('operator/seal/revoke', tok.operator, { id: seal, reason: '印章遗失' });
      const after = await verify(`code=${sealed.code}&sha256=${sealed.sha256}`);
      expect([after.body.data.result, after.body.data.file.seal_status]).toEqual(['valid', 'revoked']);
      const again = await post('seal/file/seal', tok.other, {
        request_id: 'alter-void-02',
        file_id: file,
        seal_id: seal,
        stamps: [{ page: 1, x: 0.5, y: 0.5 }],
      });
      expect([again.status, again.body.data.status]).toEqual([409, 'revoked']);
      expect((await post('seal/file/void', tok.demo, { id: sealed.id, reason: 'x' })).status).toBe(404);
      const v = await post('seal/file/void', tok.other, { id: sealed.id, reason: '合同作废' });
      expect([v.status, v.body.data.file.status, v.body.message]).toEqual([200, 'voided', 'The file was voided']);
      const v2 = await post('seal/file/void', tok.other, { id: sealed.id, reason: '合同作废' }, 'zh-cn');
      expect([v2.status, v2.body.message]).toEqual([409, '该文件已作废']);
      expect((await verify(`code=${sealed.code}`)).body.data.result).toBe('voided');
      expect((await verify(`code=${sealed.code}&sha256=${sealed.sha256}`)).body.data.result).toBe('voided');
      const list = await get('seal/file/list?status=voided', tok.other);
      expect(list.body.data.list.map((f: { id: number }) => f.id)).toEqual([sealed.id]);
    });

    test('others’ ids are 404; the manager gets 403 everywhere but verify; a main account sees its sub-account’s files', async () => {
      const [demoFile] = (await get('seal/file/list', tok.demo)).body.data.list;
      for (const path of [`seal/file/detail?id=${demoFile.id}`, `seal/file/download?id=${demoFile.id}`])
        expect((await get(path, tok.other)).status).toBe(404);
      for (const path of ['seal/list', 'seal/file/list', `seal/file/detail?id=${demoFile.id}`])
        expect((await get(path, tok.manager)).status).toBe(403);
      expect((await post('seal/generate', tok.manager, { company_name: '某某公司', kind: 'official' })).status).toBe(403);
      expect((await post('seal/file/inspect', tok.manager, { file_id: 1 })).status).toBe(403);
      const m = await call('GET', 'seal/verify?code=DEMX-SEAL-2468', tok.manager, undefined, 'en', verifyIp());
      expect(m.status).toBe(200);
      // The sub-account seals with the owner's approved seal; the owner sees the file.
      const official = (await get('seal/list', tok.sub)).body.data.list.find((s: { status: string }) => s.status === 'approved');
      const file = await upload(tok.sub, 'site.pdf', await makePdf(2), 'sealfile');
      const { file: sealed } = await sealAndWait(tok.sub, {
        request_id: 'sub-account-01',
        file_id: file,
        seal_id: official.id,
        cross_page: { y: 0.5 },
      });
      const ownerList = await get('seal/file/list?keyword=site', tok.demo);
      expect(ownerList.body.data.list.map((f: { id: number }) => f.id)).toEqual([sealed.id]);
      expect((await get(`seal/file/detail?id=${demoFile.id}`, tok.sub)).status).toBe(404);
    });

    test('at most 10 open jobs per member (429); a silent job is retried, then failed after 3 attempts', async () => {
      const seal = await approvedSeal();
      const file = await upload(tok.other, 'limit.pdf', await makePdf(1), 'sealfile');
      const now = Math.floor(Date.now() / 1000);
      // Ten open jobs claimed by a live "other instance" (fresh heartbeat).
      for (let i = 0; i < 10; i++) {
        await t.db
          .sql`INSERT INTO seal_job (user_id, request_id, body_hash, input, status, attempts, heartbeat_at, pages_total, created_at, updated_at)
          VALUES (${ids.other}, ${`open-${i}`}, 'x', ${JSON.stringify({ file_id: file, seal_id: seal, stamps: [{ page: 1, x: 0.5, y: 0.5 }], every_page: null, cross_page: null })},
            'running', 1, ${now + 3600}, 1, ${now}, ${now})`;
      }
      const r = await post('seal/file/seal', tok.other, {
        request_id: 'eleventh-01',
        file_id: file,
        seal_id: seal,
        stamps: [{ page: 1, x: 0.5, y: 0.5 }],
      });
      expect([r.status, r.body.message]).toEqual([429, 'You already have 10 sealing jobs in progress; wait for them to finish']);
      // Silent for over 60 s: the next claim takes it over and finishes it.
      await t.db.sql`UPDATE seal_job SET heartbeat_at = ${now - 61} WHERE request_id = 'open-0'`;
      await settleJobs(t.db);
      expect(await drainJobs(t.db, getStorage())).toBe(1);
      const [done] = await t.db.sql`SELECT status, attempts, sealed_file_id FROM seal_job WHERE request_id = 'open-0'`;
      expect([done.status, num(done.attempts)]).toEqual(['done', 2]);
      // Third attempt gone silent: failed, nothing stored.
      await t.db.sql`UPDATE seal_job SET heartbeat_at = ${now - 61}, attempts = 3 WHERE request_id = 'open-1'`;
      expect(await claimJob(t.db, now)).toBeNull();
      await drainJobs(t.db, getStorage());
      const [failed] = await t.db.sql`SELECT status, error, sealed_file_id FROM seal_job WHERE request_id = 'open-1'`;
      expect([failed.status, failed.error, failed.sealed_file_id]).toEqual(['failed', 'sealing.jobSilent', null]);
      await t.db.sql`DELETE FROM seal_job WHERE request_id LIKE 'open-%' AND status = 'running'`;
    });

    /** Runs `fn` with SEAL_VERIFY_PER_MINUTE unset (the default, 30) at the start of a fresh minute. */
    async function atDefaultLimit(fn: () => Promise<void>): Promise<void> {
      const saved = process.env.SEAL_VERIFY_PER_MINUTE;
      delete process.env.SEAL_VERIFY_PER_MINUTE;
      try {
        // Start early in a one-minute window so it cannot roll over mid-test.
        while (nowSeconds() % 60 > 45) await Bun.sleep(500);
        await fn();
      } finally {
        if (saved !== undefined) process.env.SEAL_VERIFY_PER_MINUTE = saved;
      }
    }

    test('verify: 30 checks a minute per IP by code, hash or file, then 429 with the wait in both languages; another IP is unaffected', async () => {
      await atDefaultLimit(async () => {
        const ip = '10.77.0.1';
        const check = (query: string, lang = 'en', from = ip) => call('GET', `seal/verify?${query}`, undefined, undefined, lang, from);
        const roster = await get('seal/file/list?keyword=DEMX-SEAL-2468', tok.demo);
        const sha = roster.body.data.list[0].sha256;
        // One count for every kind of check: 28 by code, one by code + hash, one by the file.
        for (let i = 0; i < 28; i++) expect((await check('code=DEMX-SEAL-2468')).body.data.result).toBe('sealed');
        expect((await check(`code=demxseal2468&sha256=${sha}`)).body.data.result).toBe('valid');
        const file = await verifyFile(new Uint8Array(await makePdf(1)), ip);
        expect([file.status, file.body.data.result]).toEqual([200, 'not_found']);
        const en = await check('code=DEMX-SEAL-2468');
        expect([en.status, en.body.code, en.body.data]).toEqual([429, 429001, null]);
        expect(en.body.message).toMatch(/^Too many verification checks from your network; please try again in \d+ seconds$/);
        const wait = Number(en.res.headers.get('retry-after'));
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(60);
        const zh = await check(`code=DEMX-SEAL-2468&sha256=${sha}`, 'zh-cn');
        expect([zh.status, zh.body.message]).toEqual([429, expect.stringMatching(/^验证查询过于频繁，请 \d+ 秒后再试$/)]);
        const upload = await verifyFile(new Uint8Array(await makePdf(1)), ip);
        expect(upload.status).toBe(429);
        // Another address still checks; bad input is 400 (counted, but not limited yet).
        expect((await check('code=DEMX-SEAL-2468', 'en', '10.77.0.2')).body.data.result).toBe('sealed');
        expect((await check('', 'en', '10.77.0.2')).status).toBe(400);
        expect((await check('code=X&sha256=zz', 'en', '10.77.0.2')).body.data.field).toBe('sha256');
      });
    });

    test('verify: the /verify page’s lookup (verifyCode) and the API share one count per IP', async () => {
      await atDefaultLimit(async () => {
        const ip = '10.77.1.1';
        // 30 lookups the way the page makes them, then the API from that address is refused…
        for (let i = 0; i < 30; i++) expect((await verifyCode(t.db, ip, 'DEMX-SEAL-2468')).result).toBe('sealed');
        expect((await call('GET', 'seal/verify?code=DEMX-SEAL-2468', undefined, undefined, 'en', ip)).status).toBe(429);
        // …and 30 API checks leave the page's lookup refused with the same error.
        const other = '10.77.1.2';
        for (let i = 0; i < 30; i++)
          expect((await call('GET', 'seal/verify?code=DEMX-SEAL-2468', undefined, undefined, 'en', other)).status).toBe(200);
        const refused = await verifyCode(t.db, other, 'DEMX-SEAL-2468').catch((err: unknown) => err);
        expect(refused).toMatchObject({ key: 'sealing.verifyTooMany', status: 429, params: { seconds: expect.any(Number) } });
      });
    });
  });
}
