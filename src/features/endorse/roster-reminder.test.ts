/**
 * The monthly staff-list reminder, on each engine: only members who switched it on get it, once a
 * month however often (or however concurrently) the job runs; the switch is off by default.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { engines, type TestDatabase } from '../../../tests/support/test-db';
import { apiClient, ledgerSeededDatabase, placePolicy, userId } from '../../../tests/support/endorse-kit';
import { PORTAL_JOBS } from '~/jobs';
import { sendRosterReminders } from './roster-reminder';

for (const engine of engines()) {
  describe(`roster reminder on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let demo: string;
    let demoId: number;
    let managerId: number;

    beforeAll(async () => {
      t = await ledgerSeededDatabase(engine);
      api = apiClient(t.db);
      demo = await api.login('demo', 'Demo#2026');
      demoId = await userId(t.db, 'demo');
      managerId = await userId(t.db, 'manager');
      await placePolicy(t.db, demoId, { people: 4 });
      await placePolicy(t.db, managerId, { people: 3 });
    }, 60_000);
    afterAll(async () => {
      await t?.drop();
    });

    const count = async (uid: number) =>
      Number((await t.db.sql`SELECT COUNT(*) AS n FROM notification WHERE user_id = ${uid} AND kind = 'roster_reminder'`)[0].n);

    test('off by default: nobody hears of it until they switch it on', async () => {
      const prefs = await api.get('notice/preferences', demo);
      expect(prefs.body.data.opt_in).toEqual([{ kind: 'roster_reminder', on: false }]);
      const run = await sendRosterReminders(t.db, new Date('2031-03-05T02:00:00Z'));
      expect(run.sent).toBe(0);
      expect(await count(demoId)).toBe(0);
      expect(PORTAL_JOBS.some((j) => j.name === 'roster-reminders')).toBe(true);
      const bad = await api.post('notice/optIn', demo, { kind: 'endorse_approved', on: true }, 'zh-cn');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('没有这一项可选提醒');
    });

    test('opted in: once a month, however often and however concurrently the job runs; off again: no more', async () => {
      const on = await api.post('notice/optIn', demo, { kind: 'roster_reminder', on: true });
      expect(on.status).toBe(200);
      expect(on.body.data.opt_in).toEqual([{ kind: 'roster_reminder', on: true }]);
      const march = new Date('2031-03-05T02:00:00Z');
      const runs = await Promise.all([
        sendRosterReminders(t.db, march),
        sendRosterReminders(t.db, march),
        sendRosterReminders(t.db, march),
      ]);
      expect(runs.reduce((s, r) => s + r.sent, 0)).toBe(1);
      await sendRosterReminders(t.db, new Date('2031-03-28T02:00:00Z'));
      expect(await count(demoId)).toBe(1);
      expect(await count(managerId)).toBe(0); // not opted in

      const list = await api.get('notice/list?limit=5', demo, 'en');
      const notice = list.body.data.list.find((n: { title: string }) => n.title === 'Time to check your staff list');
      expect(notice).toBeTruthy();
      expect(notice.link).toContain('/user/endorse/reconcile');
      const zh = await api.get('notice/list?limit=5', demo, 'zh-cn');
      expect(zh.body.data.list.some((n: { title: string }) => n.title === '请核对本月在职人员名单')).toBe(true);

      expect((await sendRosterReminders(t.db, new Date('2031-04-02T02:00:00Z'))).sent).toBe(1);
      expect(await count(demoId)).toBe(2);
      await api.post('notice/optIn', demo, { kind: 'roster_reminder', on: false });
      expect((await sendRosterReminders(t.db, new Date('2031-05-02T02:00:00Z'))).sent).toBe(0);
      expect(await count(demoId)).toBe(2);
    });
  });
}
