/**
 * One API convention everywhere (#26): not-found, codes ↔ status, lists, dates, the closed centre.
 * Driven through `app.request()` on the seeded demo database, SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '../../src/features/_shared/envelope';
import { getStorage, LocalStorage, setStorage, storeServerFile } from '../../src/features/upload';
import { insurerFor, insurerSettings } from '../../src/features/insurer';
import { createApi } from '../../src/server/api';
import { openDb } from '../../src/server/db/client';
import { engines, freshDatabase, type TestDatabase } from '../support/test-db';

const ORIGIN = 'http://localhost';

// biome-ignore lint/suspicious/noExplicitAny: replies are read loosely, field by field
type Reply = { status: number; body: Envelope<any> };

for (const engine of engines()) {
  describe(`API conventions on ${engine.name}`, () => {
    let t: TestDatabase;
    let app: ReturnType<typeof createApi>;
    const tokens: Record<string, string> = {};

    async function call(path: string, init: { as?: string; json?: unknown; lang?: string } = {}): Promise<Reply> {
      const headers = new Headers({ origin: ORIGIN });
      if (init.as) headers.set('ba-user-token', tokens[init.as]);
      if (init.lang) headers.set('think-lang', init.lang);
      let body: string | undefined;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      const res = await app.request(`${ORIGIN}/userapi/v1/${path}`, { method: body ? 'POST' : 'GET', headers, body });
      const text = await res.text();
      return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : { code: -1, message: text, data: null, time: 0 } };
    }

    async function login(account: string, password: string) {
      const r = await call('user/login', { json: { account, password } });
      expect(r.body.code).toBe(200001);
      tokens[account] = r.body.data.userInfo.token;
    }

    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
      app = createApi({ getDb: () => t.db });
      await login('demo', 'Demo#2026');
      await login('manager', 'Manager#2026');
      await login('operator', 'Operator#2026');
    });
    afterAll(async () => {
      await t.drop();
    });

    test('a missing record answers 404, 404001 "Record not found" from every detail endpoint, both languages', async () => {
      const paths = [
        'order/detail?id=999999',
        'order/insured?id=999999',
        'order/policy?id=999999',
        'invoice/detail?id=999999',
        'endorse/detail?id=999999',
        'claim/detail?id=999999',
        'team/detail?id=999999',
      ];
      for (const path of paths) {
        const en = await call(path, { as: 'demo', lang: 'en' });
        expect({ path, status: en.status, code: en.body.code, message: en.body.message }).toEqual({
          path,
          status: 404,
          code: 404001,
          message: 'Record not found',
        });
        const zh = await call(path, { as: 'demo' });
        expect({ path, code: zh.body.code, brace: /[{}]/.test(zh.body.message) }).toEqual({ path, code: 404001, brace: false });
      }
    });

    test("someone else's order answers exactly like a missing one", async () => {
      const own = await call('order/list?type=guzhu&limit=1', { as: 'manager' });
      expect(own.body.code).toBe(200001);
      const id = own.body.data.list[0]?.id;
      expect(id).toBeGreaterThan(0);
      const other = await call(`order/detail?id=${id}`, { as: 'operator', lang: 'en' });
      expect([other.status, other.body.code, other.body.message]).toEqual([404, 404001, 'Record not found']);
    });

    test('refusals carry the code of their status (captcha check, e-mail and SMS codes)', async () => {
      const replies = [
        await call('index/checkClickCaptcha', { json: { id: 'nope', info: '1,1;100;100' } }),
        await call('ems/send', { json: { email: 'a@example.com', event: 'user_register', captchaId: 'nope', captchaInfo: '1,1;100;100' } }),
        await call('sms/send', { json: { mobile: '13800000000', template_code: 'user_register', captchaId: 'nope', captchaInfo: '1,1' } }),
      ];
      for (const r of replies) {
        expect(r.status).toBeGreaterThanOrEqual(400);
        expect(Math.floor(r.body.code / 1000)).toBe(r.status);
      }
    });

    /** Every list endpoint, with the query it needs besides page and limit. */
    const LISTS: [string, string][] = [
      ['account/balance', 'demo'],
      ['account/integral', 'demo'],
      ['order/list?type=guzhu', 'demo'],
      ['claim/list', 'demo'],
      ['endorse/list', 'demo'],
      ['invoice/list', 'demo'],
      ['team/list', 'demo'],
      ['team/allocations', 'demo'],
      ['notification/list', 'demo'],
      ['seal/file/list', 'demo'],
      ['operator/seal/list', 'operator'],
      ['operator/member/list', 'operator'],
      ['operator/audit/list', 'operator'],
      ['operator/claim/list', 'operator'],
      ['operator/endorse/list', 'operator'],
      ['operator/invoice/list', 'operator'],
      ['operator/topup/list', 'operator'],
      ['operator/order/queue', 'operator'],
    ];
    const withQuery = (path: string, q: string) => `${path}${path.includes('?') ? '&' : '?'}${q}`;

    test('one list convention: limit 1–100 everywhere, one message, default 20', async () => {
      for (const [path, who] of LISTS) {
        for (const limit of [1, 5, 100]) {
          const r = await call(withQuery(path, `limit=${limit}`), { as: who });
          expect({ path, limit, status: r.status }).toEqual({ path, limit, status: 200 });
          expect({ path, limit, within: r.body.data.list.length <= limit }).toEqual({ path, limit, within: true });
          expect(typeof r.body.data.total).toBe('number');
        }
        for (const limit of ['0', '101', 'x', '-1', '2.5']) {
          const en = await call(withQuery(path, `limit=${limit}`), { as: who, lang: 'en' });
          expect({ path, limit, status: en.status, code: en.body.code, field: en.body.data?.field, message: en.body.message }).toEqual({
            path,
            limit,
            status: 400,
            code: 400001,
            field: 'limit',
            message: 'The page size must be a whole number from 1 to 100',
          });
        }
        const zh = await call(withQuery(path, 'page=0'), { as: who });
        expect({ path, status: zh.status, message: zh.body.message }).toEqual({ path, status: 400, message: '页码必须是不小于 1 的整数' });
      }
      const all = await call('account/balance?limit=100', { as: 'demo' });
      const dflt = await call('account/balance', { as: 'demo' });
      expect(dflt.body.data.list.length).toBe(Math.min(20, all.body.data.total));
    });

    test('a page beyond the last, however large, is an empty list with the real total', async () => {
      for (const [path, who] of LISTS) {
        const first = await call(path, { as: who });
        for (const page of ['100000', '99999999999999999999']) {
          const r = await call(withQuery(path, `page=${page}`), { as: who });
          expect({ path, page, status: r.status, list: r.body.data?.list, total: r.body.data?.total }).toEqual({
            path,
            page,
            status: 200,
            list: [],
            total: first.body.data.total,
          });
        }
      }
    });

    /** Every endpoint with a date range, as the issue lists them (and their neighbours). */
    const RANGES: [string, string][] = [
      ['account/balance', 'demo'],
      ['account/integral', 'demo'],
      ['account/balance/export', 'demo'],
      ['account/integral/export', 'demo'],
      ['team/allocations', 'demo'],
      ['claim/list', 'demo'],
      ['claim/export', 'demo'],
      ['order/list?type=guzhu', 'demo'],
      ['endorse/list', 'demo'],
      ['seal/file/list', 'demo'],
      ['operator/member/list', 'operator'],
      ['operator/audit/list', 'operator'],
      ['operator/audit/export', 'operator'],
      ['operator/claim/list', 'operator'],
    ];

    test('one date convention: 1900-01-01 … 2999-12-31, real days, start ≤ end → 400 naming the field', async () => {
      for (const [path, who] of RANGES) {
        const edge = await call(withQuery(path, 'start=1900-01-01&end=2999-12-31'), { as: who });
        expect({ path, status: edge.status }).toEqual({ path, status: 200 });
        for (const [q, field] of [
          ['end=9999-12-31', 'end'],
          ['end=3000-01-01', 'end'],
          ['start=1899-12-31', 'start'],
          ['start=0000-01-01', 'start'],
          ['start=2026-02-30', 'start'],
          ['end=2026-13-01', 'end'],
          ['start=2026-03-01&end=2026-02-01', 'end'],
        ]) {
          const r = await call(withQuery(path, q), { as: who, lang: 'en' });
          expect({ path, q, status: r.status, code: r.body.code, field: r.body.data?.field }).toEqual({
            path,
            q,
            status: 400,
            code: 400001,
            field,
          });
          expect(r.body.message).not.toMatch(/[{}]/);
        }
      }
    });

    test('files are checked by their content: a PDF given as an insured sheet is 415, never parsed', async () => {
      const previous = getStorage();
      const dir = mkdtempSync(join(tmpdir(), 'conventions-files-'));
      setStorage(new LocalStorage(dir));
      try {
        const [demo] = await t.db.sql`SELECT id FROM "user" WHERE username = 'demo'`;
        const pdf = await storeServerFile(t.db, getStorage(), {
          userId: Number(demo.id),
          topic: 'insured',
          name: 'people.csv',
          mime: 'text/csv',
          bytes: new TextEncoder().encode(`%PDF-1.4\n${'1 0 obj\n'.repeat(700)}%%EOF\n`),
        });
        for (const lang of ['en', 'zh-cn']) {
          const r = await call('order/importInsured', { as: 'demo', lang, json: { file_id: pdf.id } });
          expect([r.status, r.body.code, r.body.data?.field]).toEqual([415, 415001, 'file_id']);
          expect(r.body.message).toBe(
            lang === 'en' ? 'This file is not a spreadsheet: upload a CSV or XLSX file' : '文件不是表格：请上传 CSV 或 XLSX 文件',
          );
        }
      } finally {
        setStorage(previous);
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test("a menu rule's title and English title, as the operator edits them, are what members' menus show next request", async () => {
      type Node = { id: number; name: string; title: string; title_en: string; children?: Node[]; [k: string]: unknown };
      const tree = (await call('operator/rule/tree', { as: 'operator' })).body.data.tree as Node[];
      const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
      const integral = flat(tree).find((n) => n.name === 'account/integral');
      expect(integral).toBeDefined();
      const { children: _c, operator: _o, ...fields } = integral as Node;
      const saved = await call('operator/rule/save', {
        as: 'operator',
        json: { ...fields, pid: fields.pid ?? 0, title: '积分账户', title_en: 'Reward points', grant_groups: [] },
      });
      expect([saved.status, saved.body.message]).toEqual([200, saved.body.message]);
      const menuTitles = async (lang: string) => {
        const r = await call('index/index?requiredLogin=1', { as: 'demo', lang });
        return JSON.stringify(r.body.data.menus);
      };
      expect(await menuTitles('en')).toContain('"Reward points"');
      expect(await menuTitles('en')).not.toContain('"Integral"');
      expect(await menuTitles('zh-cn')).toContain('"积分账户"');
    });

    test("the insurer's mode, sandbox delay and refusal marker are operator settings: validated, audited, live on another instance", async () => {
      const other = openDb(t.url); // a second instance on the same database
      try {
        const before = await call('operator/settings', { as: 'operator' });
        expect(before.body.data.settings).toMatchObject({ 'insurer.mode': 'sandbox', 'insurer.refuseMarker': 'SANDBOX-REFUSE' });
        expect(insurerFor(await insurerSettings(other, {}))).not.toBeNull();
        const version = before.body.data.version;
        for (const [changes, field] of [
          [{ 'insurer.mode': 'auto' }, 'insurer.mode'],
          [{ 'insurer.underwriteDelaySeconds': 3601 }, 'insurer.underwriteDelaySeconds'],
          [{ 'insurer.underwriteDelaySeconds': -1 }, 'insurer.underwriteDelaySeconds'],
          [{ 'insurer.refuseMarker': 'a b' }, 'insurer.refuseMarker'],
        ] as const) {
          const bad = await call('operator/settings', { as: 'operator', json: { version, changes }, lang: 'en' });
          expect({ changes, status: bad.status, field: bad.body.data?.field }).toEqual({ changes, status: 400, field });
        }
        const saved = await call('operator/settings', {
          as: 'operator',
          json: { version, changes: { 'insurer.mode': 'manual', 'insurer.underwriteDelaySeconds': 0, 'insurer.refuseMarker': 'NO-COVER' } },
        });
        expect(saved.status).toBe(200);
        const live = await insurerSettings(other, { INSURER_MODE: 'sandbox' });
        expect(live).toEqual({ mode: 'manual', underwriteDelaySeconds: 0, refuseMarker: 'NO-COVER' });
        expect(insurerFor(live)).toBeNull();
        const audit = await call('operator/audit/list?action=operator.settings.save', { as: 'operator' });
        expect(audit.body.data.list[0].detail).toMatchObject({ after: { 'insurer.mode': 'manual', 'insurer.refuseMarker': 'NO-COVER' } });
        const back = await call('operator/settings', {
          as: 'operator',
          json: { version: version + 1, changes: { 'insurer.mode': 'sandbox' } },
        });
        expect(back.status).toBe(200);
        const sandbox = insurerFor(await insurerSettings(other, {}));
        const holder = {
          orderNo: 'X',
          product: 'guzhu',
          planName: 'p',
          creditCode: '',
          premium: 1,
          insuredCount: 1,
          startDate: '',
          endDate: '',
        };
        expect(await sandbox?.underwrite({ ...holder, holderName: 'Acme NO-COVER Ltd' })).toMatchObject({ accepted: false });
        expect(await sandbox?.underwrite({ ...holder, holderName: 'Acme SANDBOX-REFUSE Ltd' })).toEqual({ accepted: true });
      } finally {
        await other.close();
      }
    });
  });
}
