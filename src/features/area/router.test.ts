import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Envelope } from '~/features/_shared/envelope';
import { createApi } from '~/server/api';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import type { AreaOption } from './service';

interface Reply {
  res: Response;
  body: Envelope<AreaOption[] | { field?: string; errors?: Record<string, string> } | null>;
}

for (const engine of engines()) {
  describe(`GET /userapi/v1/index/area on ${engine.name}`, () => {
    let t: TestDatabase;
    let app: ReturnType<typeof createApi>;

    async function area(query = '', headers: Record<string, string> = {}): Promise<Reply> {
      const res = await app.request(`http://localhost/userapi/v1/index/area${query}`, { headers });
      return { res, body: (await res.json()) as Reply['body'] };
    }
    const list = (r: Reply) => r.body.data as AreaOption[];

    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
      app = createApi({ getDb: () => t.db });
    });
    afterAll(async () => {
      await t.drop();
    });

    test('no code: the provinces, public and cacheable for a day, no login needed', async () => {
      const r = await area();
      expect(r.res.status).toBe(200);
      expect(r.body.code).toBe(200001);
      expect(r.res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(r.res.headers.getSetCookie()).toEqual([]);
      expect(list(r)).toContainEqual({ value: '110000', label: '北京市' });
      expect(list(r)).toContainEqual({ value: '440000', label: '广东省' });
      expect(list(r).length).toBe(34);
      // The reference client sends empty codes for "not chosen".
      expect(list(await area('?province=&city='))).toEqual(list(r));
    });

    test('Beijing: one city of its own name, then its districts', async () => {
      const cities = list(await area('?province=110000'));
      expect(cities).toEqual([{ value: '110100', label: '北京市' }]);
      const districts = list(await area('?province=110000&city=110100'));
      expect(districts).toContainEqual({ value: '110101', label: '东城区' });
      expect(districts).toContainEqual({ value: '110108', label: '海淀区' });
    });

    test('Guangdong → Shenzhen → Nanshan', async () => {
      const cities = list(await area('?province=440000'));
      expect(cities).toContainEqual({ value: '440300', label: '深圳市' });
      expect(cities).toContainEqual({ value: '440100', label: '广州市' });
      const r = await area('?province=440000&city=440300');
      expect(r.res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(list(r)).toContainEqual({ value: '440305', label: '南山区' });
      expect(list(r).every((d) => d.value.startsWith('4403'))).toBe(true);
    });

    test('names stay Chinese in English (the data has no English names)', async () => {
      const r = await area('?province=440000&city=440300', { 'think-lang': 'en' });
      expect(list(r)).toContainEqual({ value: '440305', label: '南山区' });
    });

    test('a well-formed code that names nothing: 200 and an empty list', async () => {
      for (const q of ['?province=990000', '?province=440300', '?province=440000&city=440399', '?province=110000&city=440300']) {
        const r = await area(q);
        expect(r.res.status).toBe(200);
        expect(r.body.code).toBe(200001);
        expect(r.body.data).toEqual([]);
      }
    });

    test('a malformed code: 400 naming the field, in the request language', async () => {
      const r = await area('?province=44000', { 'think-lang': 'en' });
      expect(r.res.status).toBe(400);
      expect(r.body.code).toBe(400001);
      expect(r.body.data).toEqual({ field: 'province', errors: { province: 'Please choose a valid region (a 6-digit division code)' } });
      expect(r.res.headers.get('cache-control')).toBeNull();

      const zh = await area('?province=440000&city=abc');
      expect(zh.res.status).toBe(400);
      expect(zh.body.message).toBe('请选择正确的地区（6 位行政区划代码）');
      expect((zh.body.data as { field: string }).field).toBe('city');

      const nested = await area('?province[a]=1');
      expect(nested.res.status).toBe(400);
      expect((nested.body.data as { field: string }).field).toBe('province');
    });

    test('a city without its province: 400 on province', async () => {
      const r = await area('?city=440300', { 'think-lang': 'en' });
      expect(r.res.status).toBe(400);
      expect(r.body.message).toBe('Please choose the province first');
      expect((r.body.data as { field: string }).field).toBe('province');
    });
  });
}
