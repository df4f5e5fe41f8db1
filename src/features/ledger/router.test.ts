import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Envelope } from '~/features/_shared/envelope';
import { createApi } from '~/server/api';
import { num } from '~/server/db/client';
import { fenToYuan } from '~/lib/money';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { changeBalance } from './service';

const ORIGIN = 'http://localhost';

for (const engine of engines()) {
  describe(`GET /userapi/v1/account/{balance,integral} on ${engine.name}`, () => {
    let t: TestDatabase;
    let app: ReturnType<typeof createApi>;
    let demo: string;
    let manager: string;

    // biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
    async function get(path: string, token?: string, lang = 'en'): Promise<{ status: number; body: Envelope<any> }> {
      const headers: Record<string, string> = { 'think-lang': lang };
      if (token) headers['ba-user-token'] = token;
      const res = await app.request(`${ORIGIN}/userapi/v1/${path}`, { headers });
      return { status: res.status, body: await res.json() };
    }
    async function login(account: string, password: string): Promise<string> {
      const res = await app.request(`${ORIGIN}/userapi/v1/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ account, password }),
      });
      const body = (await res.json()) as Envelope<{ userInfo: { token: string } }>;
      return body.data.userInfo.token;
    }

    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
      app = createApi({ getDb: () => t.db });
      demo = await login('demo', 'Demo#2026');
      manager = await login('manager', 'Manager#2026');
    }, 60_000);
    afterAll(async () => {
      await t.drop();
    });

    test('a guest hears 401 before anything else', async () => {
      expect((await get('account/balance')).status).toBe(401);
      expect((await get('account/integral?limit=7')).status).toBe(401);
    });

    test('balance: own entries newest first, money as yuan strings, total and sum', async () => {
      // Other areas' demo seeders add entries of their own (team allocations…): read the ledger's by reference.
      const r = await get('account/balance?limit=100', demo);
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(200001);
      const { list, total, sum } = r.body.data;
      expect(total).toBe(list.length);
      expect(total).toBeGreaterThanOrEqual(8);
      const [u] = await t.db.sql`SELECT money FROM "user" WHERE username = 'demo'`;
      expect(sum).toBe(fenToYuan(num(u.money)));
      const times = list.map((e: { created_at: number }) => e.created_at);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(list.find((e: { reference: string }) => e.reference === 'SEAL-2026-00093')).toMatchObject({
        amount: '-120.00',
        kind: 'payment',
        memo: 'Document sealing fee (SEAL-2026-00093)',
      });
      // The same entry, rendered for a Chinese reader: entries keep data, not prose.
      const zh = (await get('account/balance?limit=100', demo, 'zh-cn')).body.data.list;
      expect(zh.find((e: { reference: string }) => e.reference === 'SEAL-2026-00093').memo).toBe('文件签章服务费（SEAL-2026-00093）');
      expect(Object.keys(list[0]).sort()).toEqual(['after', 'amount', 'before', 'created_at', 'id', 'kind', 'memo', 'params', 'reference']);
      expect(list.at(-1)).toMatchObject({ kind: 'adjust', memo: 'Opening balance', before: '0.00' });
      const mine = await get('account/balance?limit=100', manager);
      expect(mine.body.data.list.every((e: { id: number }) => !list.some((d: { id: number }) => d.id === e.id))).toBe(true);
      expect(mine.body.data.list.find((e: { memo: string }) => e.memo === 'Opening balance')).toMatchObject({
        kind: 'adjust',
        amount: '500.00',
        before: '0.00',
      });
    });

    test('integral: points as integers; kind and page filters', async () => {
      const r = await get('account/integral?kind=allocation&limit=20', demo);
      expect(r.body.data.total).toBe(3);
      expect(r.body.data.sum).toBe(326);
      expect(r.body.data.list.map((e: { amount: number }) => e.amount)).toEqual([98, 42, 186]);
      const p2 = await get('account/integral?page=2&limit=10', demo);
      expect(p2.body.data.list).toEqual([]);
      expect(p2.body.data.total).toBe(5);
    });

    test('a date range counts whole days in the site time zone', async () => {
      const [u] = await t.db.sql`SELECT id FROM "user" WHERE username = 'manager'`;
      const at = Date.UTC(2025, 0, 1, 16, 30) / 1000; // 2025-01-02 00:30 in Shanghai
      await changeBalance(t.db, { userId: num(u.id), amount: 100, kind: 'refund', at });
      expect((await get('account/balance?start=2025-01-02&end=2025-01-02', manager)).body.data.total).toBe(1);
      expect((await get('account/balance?start=2025-01-01&end=2025-01-01', manager)).body.data.total).toBe(0);
    });

    test('CSV export: BOM, headers in the request language, formula-safe text cells, own rows and filters only', async () => {
      const [u] = await t.db.sql`SELECT id FROM "user" WHERE username = 'manager'`;
      await changeBalance(t.db, { userId: num(u.id), amount: 250, kind: 'refund', memo: '=HYPERLINK("http://x")', reference: '@ref,1' });
      const fetchCsv = async (path: string, token?: string, lang = 'zh-cn') => {
        const headers: Record<string, string> = { 'think-lang': lang };
        if (token) headers['ba-user-token'] = token;
        return app.request(`${ORIGIN}/userapi/v1/${path}`, { headers });
      };
      expect((await fetchCsv('account/balance/export')).status).toBe(401);
      const res = await fetchCsv('account/balance/export', manager);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toContain('attachment');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder()
        .decode(bytes)
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe('时间（Asia/Shanghai）,类型,变动金额（元）,变动前余额（元）,变动后余额（元）,说明,关联单号');
      const row = lines.find((l) => l.includes('HYPERLINK'))!;
      expect(row).toContain(',退款,2.50,');
      expect(row).toContain(`,"'=HYPERLINK(""http://x"")","'@ref,1"`);
      expect(lines.length - 1).toBe((await get('account/balance?limit=100', manager)).body.data.total);
      const en = await (await fetchCsv('account/balance/export?kind=refund', manager, 'en')).text();
      expect(en.split('\r\n')[0]).toBe(
        '\uFEFFTime (Asia/Shanghai),Kind,Amount (CNY),Balance before (CNY),Balance after (CNY),Details,Reference',
      );
      // The page's zone (the browser's, from its cookie) is the CSV's too, and the heading names it.
      const utc = await app.request(`${ORIGIN}/userapi/v1/account/balance/export`, {
        headers: { 'think-lang': 'en', 'ba-user-token': demo, cookie: 'ba-tz=UTC' },
      });
      const utcLines = (await utc.text())
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(utcLines[0].startsWith('Time (UTC),')).toBe(true);
      const newest = (await get('account/balance?limit=10', demo)).body.data.list[0];
      expect(utcLines[1].startsWith(new Date(newest.created_at * 1000).toISOString().slice(0, 19).replace('T', ' '))).toBe(true);
      // No Chinese ledger prose in an English CSV (a member's own note, such as a team memo, is data).
      for (const word of ['保费', '退费', '分配给子账号', '主账号', '充值', '期初余额'])
        expect(utcLines.some((l) => l.includes(word))).toBe(false);
      expect(
        en
          .trimEnd()
          .split('\r\n')
          .slice(1)
          .every((l) => l.includes(',Refund,')),
      ).toBe(true);
      const points = await (await fetchCsv('account/integral/export?start=2026-02-01&end=2026-01-01', demo)).json();
      expect(points.message).toBe('结束日期不能早于开始日期');
    });

    test('bad queries answer 400 with the field, in the request language', async () => {
      const limit = await get('account/balance?limit=101', demo);
      expect(limit.status).toBe(400);
      expect(limit.body.message).toBe('The page size must be a whole number from 1 to 100');
      const range = await get('account/balance?start=2026-02-01&end=2026-01-01', demo, 'zh-cn');
      expect(range.status).toBe(400);
      expect(range.body.data.field).toBe('end');
      expect(range.body.message).toBe('结束日期不能早于开始日期');
      expect((await get('account/integral?kind=bogus', demo)).status).toBe(400);
      expect((await get('account/balance?start=2026-13-01', demo)).status).toBe(400);
    });
  });
}
