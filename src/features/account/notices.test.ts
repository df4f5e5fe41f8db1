/**
 * Top-up notices (issue #30) through the real API on both engines: the operators who check top-ups
 * hear of a new request (and only they), the member hears that it was credited or rejected, in the
 * reader's language, linking to the balance page; nobody else hears of it.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { num } from '~/server/db/client';
import type { apiClient } from '../../../tests/support/api-client';
import { noticeAccounts, noticeMark, oneNotice, recipients } from '../../../tests/support/notices';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { getStorage, LocalStorage, setStorage, storeServerFile } from '../upload';

setDefaultTimeout(30_000);

const PDF = new TextEncoder().encode('%PDF-1.4 slip');

for (const engine of engines()) {
  describe(`top-up notices on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let root: string;
    let ids: Record<string, number>;
    let tokens: Record<string, string>;

    async function request(paymentRef: string, amount: string): Promise<number> {
      const slip = await storeServerFile(t.db, getStorage(), {
        userId: ids.demo,
        topic: 'topup',
        name: 'slip.pdf',
        mime: 'application/pdf',
        bytes: PDF,
      });
      const r = await api.post('account/topup', tokens.demo, { amount, payment_ref: paymentRef, slip: slip.id });
      expect(r.status).toBe(200);
      return num(r.body.data.topup.id);
    }

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'topup-notices-'));
      setStorage(new LocalStorage(root));
      t = await freshDatabase(engine, { seed: true });
      ({ api, ids, tokens } = await noticeAccounts(
        t.db,
        [
          { username: 'cashier', password: 'Cashier#2026', rules: ['operator', 'operator/topups', 'operator/topups/confirm'] },
          { username: 'clerk', password: 'Clerk#2026', rules: ['operator', 'operator/invoices'] },
        ],
        ['demo', 'operator', 'cashier'],
      ));
    }, 120_000);
    afterAll(async () => {
      setStorage(null);
      rmSync(root, { recursive: true, force: true });
      await t.drop();
    });

    test('a new top-up reaches the staff who check top-ups, and nobody else', async () => {
      const mark = await noticeMark(t.db);
      await request('BANK-NEW-1', '1234.50');
      expect(await recipients(t.db, mark, 'work_queued')).toEqual([ids.operator, ids.cashier].sort((a, b) => a - b));
      const en = await oneNotice(api, tokens.cashier, mark, 'en', '/user/operator/topups');
      expect(en.title).toBe('New in Top-ups');
      expect(en.body).toBe('BANK-NEW-1 is waiting for you in Top-ups.');
      const zh = await oneNotice(api, tokens.operator, mark, 'zh-cn', '/user/operator/topups');
      expect(zh.title).toBe('新的待办：充值审核');
      expect(zh.body).toContain('BANK-NEW-1');
    });

    test('confirmed: the member reads topup_credited with the amount, in both languages', async () => {
      const id = await request('BANK-OK-1', '1234.50');
      const mark = await noticeMark(t.db);
      expect((await api.post('operator/topup/confirm', tokens.cashier, { id })).status).toBe(200);
      expect(await recipients(t.db, mark, 'topup_credited')).toEqual([ids.demo]);
      expect((await recipients(t.db, mark, 'work_queued')).length).toBe(0);
      const en = await oneNotice(api, tokens.demo, mark, 'en', '/user/account/balance');
      expect(en.title).toBe('Top-up credited');
      expect(en.body).toBe('Your top-up of ¥1,234.50 (payment reference BANK-OK-1) was confirmed and added to your balance.');
      const zh = await oneNotice(api, tokens.demo, mark, 'zh-cn', '/user/account/balance');
      expect(zh.title).toBe('充值已到账');
      expect(zh.body).toContain('您的充值 ¥1,234.50（付款流水号 BANK-OK-1）已确认');
      // Confirming again is a replay: no second notice.
      const again = await noticeMark(t.db);
      await api.post('operator/topup/confirm', tokens.cashier, { id });
      expect(await recipients(t.db, again, 'topup_credited')).toEqual([]);
    });

    test('rejected: the member reads topup_rejected with the reason', async () => {
      const id = await request('BANK-NO-1', '88');
      const mark = await noticeMark(t.db);
      expect((await api.post('operator/topup/reject', tokens.operator, { id, reason: 'Slip unreadable' })).status).toBe(200);
      expect(await recipients(t.db, mark, 'topup_rejected')).toEqual([ids.demo]);
      const en = await oneNotice(api, tokens.demo, mark, 'en', '/user/account/balance');
      expect(en.title).toBe('Top-up rejected');
      expect(en.body).toContain('¥88.00 (payment reference BANK-NO-1) was rejected: Slip unreadable.');
      const zh = await oneNotice(api, tokens.demo, mark, 'zh-cn', '/user/account/balance');
      expect(zh.body).toContain('原因：Slip unreadable');
      // Another member's bell has none of it.
      const manager = await api.login('manager', 'Manager#2026');
      expect((await api.get('notification/list?limit=50', manager)).body.data.list.filter((n: { id: number }) => n.id > mark)).toEqual([]);
    });
  });
}
