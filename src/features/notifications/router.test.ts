import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Envelope } from '~/features/_shared/envelope';
import { createApi } from '~/server/api';
import { inTransaction } from '~/server/db/after-commit';
import { num, nowSeconds } from '~/server/db/client';
import { ensureDatabase } from '~/server/db/seed';
import { setDeliveryAdapter } from '~/server/delivery';
import { testOutbox } from '../../../tests/support/outbox';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { noticeRetriesJob, RETRY_BACKOFF, retryDueDeliveries } from './delivery';
import { seedNoticeDemo } from './demo';
import { rememberLocale } from './locale';
import { bellSummary, notify } from './service';

const ORIGIN = 'http://localhost';
// biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
type Reply = { status: number; body: Envelope<any> };
type Row = Record<string, unknown>;

const failing = { name: 'down', send: async () => Promise.reject(new Error('gateway down')) };

for (const engine of engines()) {
  describe(`notices on ${engine.name}`, () => {
    let t: TestDatabase;
    let app: ReturnType<typeof createApi>;
    const outbox = testOutbox();
    const ids: Record<string, number> = {};
    const tokens: Record<string, string> = {};
    const savedPortalUrl = process.env.PORTAL_URL;

    async function call(method: 'GET' | 'POST', path: string, who?: string, body?: unknown, lang = 'en'): Promise<Reply> {
      const headers: Record<string, string> = { 'think-lang': lang, origin: ORIGIN };
      if (who) headers['ba-user-token'] = tokens[who];
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await app.request(`${ORIGIN}/userapi/v1/${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    }
    const get = (path: string, who?: string, lang?: string) => call('GET', path, who, undefined, lang);
    const post = (path: string, who: string | undefined, body: unknown, lang?: string) => call('POST', path, who, body, lang);
    const deliveries = (notificationId: number): Promise<Row[]> =>
      t.db.sql`SELECT * FROM notice_delivery WHERE notification_id = ${notificationId} ORDER BY channel`;
    const channels = async (notificationId: number) => (await deliveries(notificationId)).map((d) => String(d.channel));

    beforeAll(async () => {
      outbox.open();
      process.env.PORTAL_URL = 'https://portal.example.com/';
      t = await freshDatabase(engine);
      await ensureDatabase(t.db, { demo: true, demoSeeders: [] });
      app = createApi({ getDb: () => t.db });
      for (const r of await t.db.sql`SELECT id, username FROM "user"`) ids[String(r.username)] = num(r.id);
      for (const [who, pw] of [
        ['demo', 'Demo#2026'],
        ['manager', 'Manager#2026'],
        ['operator', 'Operator#2026'],
      ]) {
        const r = await post('user/login', undefined, { account: who, password: pw });
        tokens[who] = r.body.data.userInfo.token;
      }
    });
    afterAll(async () => {
      outbox.close();
      if (savedPortalUrl === undefined) delete process.env.PORTAL_URL;
      else process.env.PORTAL_URL = savedPortalUrl;
      await t.drop();
    });
    // testOutbox's adapter, again after a test replaced it
    const restoreOutbox = () => {
      outbox.close();
      outbox.open();
    };

    test('guests get 401 on every notice endpoint', async () => {
      for (const [m, p] of [
        ['GET', 'notice/list'],
        ['POST', 'notice/read'],
        ['GET', 'notice/preferences'],
        ['POST', 'notice/preferences'],
        ['GET', 'notice/deliveries'],
      ] as const) {
        const r = await call(m, p, undefined, m === 'POST' ? { all: true } : undefined);
        expect(r.status).toBe(401);
      }
      expect((await get('notice/deliveries', 'demo')).status).toBe(403);
    });

    test('copies follow the bound channels and the preferences of the kind’s group', async () => {
      // demo has an e-mail address and a mobile; SMS copies are off until opted in.
      const a = await notify(t.db, { userId: ids.demo, kind: 'claim_status', params: { claim_no: 'CL1', status: 'x', note: '' } });
      expect(await channels(a)).toEqual(['email']);
      expect((await post('notice/preferences', 'demo', { group: 'claims', sms: true })).status).toBe(200);
      const b = await notify(t.db, { userId: ids.demo, kind: 'claim_status', params: { claim_no: 'CL2', status: 'x' } });
      expect(await channels(b)).toEqual(['email', 'sms']);
      expect((await post('notice/preferences', 'demo', { group: 'claims', email: false, sms: false })).status).toBe(200);
      const c = await notify(t.db, { userId: ids.demo, kind: 'claim_status', params: { claim_no: 'CL3', status: 'x' } });
      expect(await channels(c)).toEqual([]);
      // Another group keeps its defaults.
      const d = await notify(t.db, { userId: ids.demo, kind: 'invoice_issued', params: {} });
      expect(await channels(d)).toEqual(['email']);
      // The operator has no mobile: e-mail only, even after an opt-in attempt (refused, see below).
      const e = await notify(t.db, { userId: ids.operator, kind: 'work_queued', params: {} });
      expect(await channels(e)).toEqual(['email']);
      // The bell still has every one of them.
      const list = await get('notice/list?limit=50', 'demo');
      expect(list.body.data.list.map((n: { id: number }) => n.id)).toEqual(expect.arrayContaining([a, b, c, d]));
      const sent = await deliveries(b);
      expect(sent.map((r) => r.status)).toEqual(['sent', 'sent']);
      expect(outbox.all('13800138000').some((m) => m.text.includes('CL2'))).toBe(true);
    });

    test('a mandatory kind’s copies go out whatever the preferences say', async () => {
      expect((await post('notice/preferences', 'demo', { group: 'policies', email: false, sms: false })).status).toBe(200);
      const issued = await notify(t.db, { userId: ids.demo, kind: 'order_issued', params: {} });
      expect(await channels(issued)).toEqual([]);
      const refused = await notify(t.db, { userId: ids.demo, kind: 'order_refused', params: {} });
      expect(await channels(refused)).toEqual(['email', 'sms']);
      const prefs = await get('notice/preferences', 'demo');
      const policies = prefs.body.data.groups.find((g: { group: string }) => g.group === 'policies');
      expect(policies).toMatchObject({ email: false, sms: false, mandatory: ['order_refused'] });
    });

    test('a failing gateway: failed with the next try after a backoff; the retry job sends it later and counts attempts', async () => {
      setDeliveryAdapter('email', failing);
      const t0 = nowSeconds();
      const id = await notify(t.db, { userId: ids.manager, kind: 'seal_approved', params: {} });
      const [row] = await deliveries(id);
      expect(row).toMatchObject({ channel: 'email', status: 'failed', last_error: 'gateway down' });
      expect(num(row.attempts)).toBe(1);
      const next = num(row.next_attempt_at);
      expect(next - t0).toBeGreaterThanOrEqual(RETRY_BACKOFF[0]);
      expect(next - t0).toBeLessThanOrEqual(RETRY_BACKOFF[0] + 5);
      // Not due yet: nothing happens.
      expect(await retryDueDeliveries(t.db, next - 1)).toEqual({ sent: 0, failed: 0 });
      // Still down when due: the second backoff.
      await retryDueDeliveries(t.db, next);
      const [second] = await deliveries(id);
      expect(num(second.attempts)).toBe(2);
      expect(num(second.next_attempt_at)).toBe(next + RETRY_BACKOFF[1]);
      // The gateway is back: the job (as the scheduler runs it) sends it.
      restoreOutbox();
      const done = await noticeRetriesJob.run(t.db, next + RETRY_BACKOFF[1]);
      expect(done.sent).toBeGreaterThanOrEqual(1);
      const [third] = await deliveries(id);
      expect(third).toMatchObject({ status: 'sent', address: 'manager@example.com', last_error: '' });
      expect(num(third.attempts)).toBe(3);
      expect(third.next_attempt_at).toBeNull();
      expect(outbox.latest('manager@example.com').event).toBe('seal_approved');
      expect(noticeRetriesJob).toMatchObject({ name: 'notice-retries', everySeconds: 60 });
    });

    test('after five failed tries the service gives up', async () => {
      setDeliveryAdapter('email', failing);
      const id = await notify(t.db, { userId: ids.manager, kind: 'seal_rejected', params: {} });
      let now = nowSeconds();
      for (const wait of RETRY_BACKOFF) {
        now += wait;
        await retryDueDeliveries(t.db, now);
      }
      const [row] = await deliveries(id);
      expect(row.status).toBe('failed');
      expect(num(row.attempts)).toBe(5);
      expect(row.next_attempt_at).toBeNull();
      expect(await retryDueDeliveries(t.db, now + 86_400)).toEqual({ sent: 0, failed: 0 });
      const log = await get('notice/deliveries?status=failed', 'operator');
      expect(log.status).toBe(200);
      expect(log.body.data.list.some((d: { id: number }) => d.id === num(row.id))).toBe(true);
      restoreOutbox();
    });

    test('copies are written in the member’s language with an absolute page link (PORTAL_URL), never an API path, never "-"', async () => {
      await rememberLocale(t.db, ids.demo, 'zh-cn');
      await post('notice/preferences', 'demo', { group: 'claims', email: true });
      await notify(t.db, {
        userId: ids.demo,
        kind: 'claim_status',
        params: { claim_no: 'CL-ZH', status: 'msg:claim.statuses.approved', note: '' },
        link: '/user/claim/detail?id=7',
      });
      const zh = outbox.latest('demo@example.com');
      expect(zh.subject).toContain('CL-ZH');
      expect(zh.text).toContain('已核赔');
      expect(zh.text).toContain('https://portal.example.com/user/claim/detail?id=7');
      expect(zh.text).not.toContain('说明');
      expect(zh.text).not.toContain('-\n');
      await rememberLocale(t.db, ids.demo, 'en');
      await notify(t.db, {
        userId: ids.demo,
        kind: 'claim_status',
        params: { claim_no: 'CL-EN', status: 'x', note: 'bring the invoice' },
        link: '/userapi/v1/invoice/download?id=1',
      });
      const en = outbox.latest('demo@example.com');
      expect(en.text).toContain('Note: bring the invoice');
      expect(en.text).toContain('https://portal.example.com/user/notice');
      expect(en.text).not.toContain('/userapi');
    });

    test('copies wait for the commit: a rolled-back change sends nothing and leaves no rows', async () => {
      const before = outbox.all('demo@example.com').length;
      const id = await inTransaction(t.db, async (tx) => {
        const n = await notify(tx, { userId: ids.demo, kind: 'invoice_issued', params: {} });
        expect(outbox.all('demo@example.com').length).toBe(before);
        return n;
      });
      expect((await deliveries(id)).map((d) => d.status)).toEqual(['sent']);
      expect(outbox.all('demo@example.com').length).toBe(before + 1);
      let rolled = 0;
      await expect(
        inTransaction(t.db, async (tx) => {
          rolled = await notify(tx, { userId: ids.demo, kind: 'invoice_issued', params: {} });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await deliveries(rolled)).toEqual([]);
      expect(outbox.all('demo@example.com').length).toBe(before + 1);
    });

    test('preferences: bound channels, groups by audience, validation in the request’s language', async () => {
      const demo = await get('notice/preferences', 'demo');
      expect(demo.body.data.bound).toEqual({ email: true, mobile: true });
      expect(demo.body.data.groups.map((g: { group: string }) => g.group)).not.toContain('work');
      const op = await get('notice/preferences', 'operator');
      expect(op.body.data.bound).toEqual({ email: true, mobile: false });
      expect(op.body.data.groups.map((g: { group: string }) => g.group)).toContain('work');

      const noMobile = await post('notice/preferences', 'operator', { group: 'work', sms: true }, 'zh-cn');
      expect(noMobile.status).toBe(400);
      expect(noMobile.body.message).toBe('请先绑定手机号，再开启短信提醒');
      const unknown = await post('notice/preferences', 'demo', { group: 'everything', email: false });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('There is no such group of notices');
      expect((await post('notice/preferences', 'demo', { group: 'work', email: false })).status).toBe(400);
      expect((await post('notice/preferences', 'demo', { group: 'money' })).status).toBe(400);
      expect((await post('notice/preferences', 'demo', { group: 'money', sms: 'maybe' })).status).toBe(400);
      const ok = await post('notice/preferences', 'demo', { group: 'money', sms: true }, 'zh-cn');
      expect(ok.body.message).toBe('通知设置已保存');
      expect(ok.body.data.groups.find((g: { group: string }) => g.group === 'money')).toMatchObject({ email: true, sms: true });
      expect((await get('notice/preferences', 'demo')).body.data.groups.find((g: { group: string }) => g.group === 'money').sms).toBe(true);
    });

    test('list, unread filter and read; another member’s notices are never seen nor marked', async () => {
      const mine = await notify(t.db, { userId: ids.manager, kind: 'seal_approved', params: { name: 'Seal A' } });
      const theirs = await notify(t.db, { userId: ids.demo, kind: 'seal_approved', params: {} });
      const list = await get('notice/list?unread=1&limit=100', 'manager');
      expect(list.status).toBe(200);
      const listed = list.body.data.list.map((n: { id: number }) => n.id);
      expect(listed).toContain(mine);
      expect(listed).not.toContain(theirs);
      expect(list.body.data.total).toBe(list.body.data.unread);
      // Marking demo's notice as the manager changes nothing for demo.
      await post('notice/read', 'manager', { ids: [theirs] });
      const [row] = await t.db.sql`SELECT read_at FROM notification WHERE id = ${theirs}`;
      expect(row.read_at).toBeNull();
      const read = await post('notice/read', 'manager', { ids: [mine] });
      expect(read.status).toBe(200);
      expect(read.body.data.unread).toBe(list.body.data.unread - 1);
      // The old paths still answer (the bell and older clients).
      const old = await get('notification/list?unread=1', 'manager');
      expect(old.body.data.unread).toBe(read.body.data.unread);
      const all = await post('notification/read', 'manager', { all: true });
      expect(all.body.data.unread).toBe(0);
      expect((await post('notice/read', 'manager', {})).status).toBe(400);
    });

    test('the bell lists unread notices first: newer read history never pushes one out', async () => {
      const at = nowSeconds() - 86_400;
      const waiting = await notify(t.db, { userId: ids.manager, kind: 'cover_ending', params: { no: 'PL1', days: 9 }, at });
      for (let i = 0; i < 25; i++) {
        await notify(t.db, { userId: ids.manager, kind: 'seal_approved', params: {}, at: at + 60 + i, readAt: at + 120 + i });
      }
      const bell = await bellSummary(t.db, ids.manager, 'en', 20);
      expect(bell.list[0].id).toBe(waiting);
      expect(bell.list.filter((n) => !n.read).map((n) => n.id)).toEqual([waiting]);
      expect(bell.list.slice(1).every((n, i, rest) => i === 0 || n.created_at <= rest[i - 1].created_at)).toBe(true);
    });

    test('demo data: unread notices with their copies recorded, sent by the retry job', async () => {
      const before = num((await t.db.sql`SELECT COUNT(*) AS n FROM notice_delivery WHERE status = 'pending'`)[0].n);
      await seedNoticeDemo({ db: t.db, users: ids, now: nowSeconds() });
      const [p] = await t.db.sql`SELECT COUNT(*) AS n FROM notice_delivery WHERE status = 'pending'`;
      expect(num(p.n)).toBeGreaterThan(before);
      await retryDueDeliveries(t.db);
      const [left] = await t.db.sql`SELECT COUNT(*) AS n FROM notice_delivery WHERE status = 'pending'`;
      expect(num(left.n)).toBe(0);
      expect((await get('notice/list?unread=1', 'demo')).body.data.unread).toBeGreaterThan(0);
    });
  });
}
