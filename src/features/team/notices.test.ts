/**
 * Allocation notices (issue #30) through the real API on both engines: the sub-account reads that
 * the main account allocated money to it or took some back, with its balance after, in both
 * languages, linking to its balance page; the main account (who acted) and nobody else gets one.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { fen } from '~/lib/format';
import { num } from '~/server/db/client';
import type { apiClient } from '../../../tests/support/api-client';
import { noticeAccounts, noticeMark, oneNotice, recipients } from '../../../tests/support/notices';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';

setDefaultTimeout(30_000);

for (const engine of engines()) {
  describe(`allocation notices on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let tokens: Record<string, string>;
    let ids: Record<string, number>;
    let n = 0;
    const balance = async (id: number) => num((await t.db.sql`SELECT money FROM "user" WHERE id = ${id}`)[0].money);
    const move = (direction: 'allocate' | 'reclaim', amount: string) =>
      api.post('team/allocate', tokens.demo, {
        id: ids.demo_site1,
        direction,
        amount,
        memo: '',
        request_id: `notice-${engine.name}-${++n}`,
      });

    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
      ({ api, ids, tokens } = await noticeAccounts(t.db, [], ['demo', 'demo_site1']));
    }, 120_000);
    afterAll(() => t.drop());

    test('allocated: the sub-account reads the amount and its balance after', async () => {
      const mark = await noticeMark(t.db);
      expect((await move('allocate', '300.25')).status).toBe(200);
      expect(await recipients(t.db, mark, 'allocation_received')).toEqual([ids.demo_site1]);
      expect(num((await t.db.sql`SELECT COUNT(*) AS n FROM notification WHERE id > ${mark}`)[0].n)).toBe(1);
      const after = await balance(ids.demo_site1);
      const en = await oneNotice(api, tokens.demo_site1, mark, 'en', '/user/account/balance');
      expect(en.title).toBe('Received ¥300.25');
      expect(en.body).toBe(`The main account 演示会员 allocated ¥300.25 to your account. Your balance is now ${fen(after)}.`);
      const zh = await oneNotice(api, tokens.demo_site1, mark, 'zh-cn', '/user/account/balance');
      expect(zh.title).toBe('收到划拨 ¥300.25');
      expect(zh.body).toContain(`当前余额 ${fen(after)}`);
    });

    test('reclaimed: the sub-account reads what was taken back; a replay notifies nobody', async () => {
      const mark = await noticeMark(t.db);
      expect((await move('reclaim', '100')).status).toBe(200);
      expect(await recipients(t.db, mark, 'allocation_reclaimed')).toEqual([ids.demo_site1]);
      const en = await oneNotice(api, tokens.demo_site1, mark, 'en', '/user/account/balance');
      expect(en.title).toBe('¥100.00 taken back');
      expect(en.body).toContain('The main account 演示会员 took back ¥100.00 from your account.');
      expect((await oneNotice(api, tokens.demo_site1, mark, 'zh-cn', '/user/account/balance')).title).toBe('主账号收回 ¥100.00');
      const again = await noticeMark(t.db);
      const replay = await api.post('team/allocate', tokens.demo, {
        id: ids.demo_site1,
        direction: 'reclaim',
        amount: '100',
        memo: '',
        request_id: `notice-${engine.name}-${n}`,
      });
      expect(replay.status).toBe(200);
      expect(await recipients(t.db, again, 'allocation_reclaimed')).toEqual([]);
    });
  });
}
