/**
 * Seal notices (issue #30) through the real API on both engines: a new seal reaches only the staff
 * whose group lists `operator/seals`; the company reads that it was approved or rejected (with the
 * reason) and, later, revoked (with the reason), in both languages, linking to the seal centre;
 * nobody else does.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStorage, LocalStorage, setStorage } from '~/features/upload';
import { num } from '~/server/db/client';
import type { apiClient } from '../../../tests/support/api-client';
import { noticeAccounts, noticeMark, oneNotice, recipients } from '../../../tests/support/notices';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';

setDefaultTimeout(30_000);

for (const engine of engines()) {
  describe(`seal notices on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let root: string;
    const previous = getStorage();
    let tokens: Record<string, string>;
    let ids: Record<string, number>;
    const generate = async (inner: string) => {
      const r = await api.post('seal/generate', tokens.demo, { company_name: '上海示例科技有限公司', kind: 'other', inner_text: inner });
      expect(r.status).toBe(200);
      return num(r.body.data.seal.id);
    };

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'seal-notices-'));
      setStorage(new LocalStorage(root));
      t = await freshDatabase(engine, { seed: true });
      ({ api, ids, tokens } = await noticeAccounts(
        t.db,
        [
          { username: 'sealer', password: 'Sealer#2026', rules: ['operator', 'operator/seals', 'operator/seals/review'] },
          { username: 'cashier', password: 'Cashier#2026', rules: ['operator', 'operator/topups'] },
        ],
        ['demo', 'operator', 'sealer'],
      ));
      // Room for two new seals (a company holds at most five live ones).
      await t.db.sql`DELETE FROM seal WHERE user_id = ${ids.demo} AND status = 'pending'`;
      await t.db
        .sql`UPDATE seal SET status = 'revoked' WHERE user_id = ${ids.demo} AND status = 'approved' AND id NOT IN (SELECT MIN(id) FROM seal WHERE user_id = ${ids.demo})`;
    }, 120_000);
    afterAll(async () => {
      setStorage(previous);
      rmSync(root, { recursive: true, force: true });
      await t.drop();
    });

    test('a new seal is work for the seal reviewers only; approved, the company reads it', async () => {
      let mark = await noticeMark(t.db);
      const id = await generate('合同章甲');
      expect(await recipients(t.db, mark, 'work_queued')).toEqual([ids.operator, ids.sealer].sort((a, b) => a - b));
      const work = await oneNotice(api, tokens.sealer, mark, 'en', '/user/operator/seals');
      expect(work).toMatchObject({ title: 'New in Seal review', body: '合同章甲 is waiting for you in Seal review.' });
      expect((await oneNotice(api, tokens.operator, mark, 'zh-cn', '/user/operator/seals')).title).toBe('新的待办：印章审核');

      mark = await noticeMark(t.db);
      expect((await api.post('operator/seal/approve', tokens.sealer, { id })).status).toBe(200);
      expect(await recipients(t.db, mark, 'seal_approved')).toEqual([ids.demo]);
      const en = await oneNotice(api, tokens.demo, mark, 'en', '/user/file/sealfile');
      expect(en).toMatchObject({
        title: 'Seal "合同章甲" approved',
        body: 'Your seal "合同章甲" was approved; you can now stamp documents with it in the seal centre.',
      });
      expect((await oneNotice(api, tokens.demo, mark, 'zh-cn', '/user/file/sealfile')).title).toBe('印章“合同章甲”已通过审核');
    });

    test('rejected: the company reads the reason, and nobody else hears of it', async () => {
      const id = await generate('合同章乙');
      const mark = await noticeMark(t.db);
      expect((await api.post('operator/seal/reject', tokens.operator, { id, reason: 'Image is blurred' })).status).toBe(200);
      expect(await recipients(t.db, mark, 'seal_rejected')).toEqual([ids.demo]);
      const en = await oneNotice(api, tokens.demo, mark, 'en', '/user/file/sealfile');
      expect(en.title).toBe('Seal "合同章乙" rejected');
      expect(en.body).toBe('Your seal "合同章乙" was rejected: Image is blurred. Upload or generate it again as asked.');
      expect((await oneNotice(api, tokens.demo, mark, 'zh-cn', '/user/file/sealfile')).body).toContain('原因：Image is blurred');
      const manager = await api.login('manager', 'Manager#2026');
      const theirs = (await api.get('notification/list?limit=50', manager)).body.data.list as { id: number }[];
      expect(theirs.filter((x) => x.id > mark)).toEqual([]);
    });

    test('revoked after approval: the company reads that it can no longer stamp with it, and why', async () => {
      const id = await generate('合同章丙');
      expect((await api.post('operator/seal/approve', tokens.sealer, { id })).status).toBe(200);
      const mark = await noticeMark(t.db);
      expect((await api.post('operator/seal/revoke', tokens.sealer, { id, reason: 'Company name changed' })).status).toBe(200);
      expect(await recipients(t.db, mark, 'seal_revoked')).toEqual([ids.demo]);
      const en = await oneNotice(api, tokens.demo, mark, 'en', '/user/file/sealfile');
      expect(en.title).toBe('Seal "合同章丙" revoked');
      expect(en.body).toStartWith('Your seal "合同章丙" was revoked: Company name changed. It can no longer stamp documents;');
      const zh = await oneNotice(api, tokens.demo, mark, 'zh-cn', '/user/file/sealfile');
      expect([zh.title, zh.body.includes('原因：Company name changed')]).toEqual(['印章“合同章丙”已被吊销', true]);
    });
  });
}
