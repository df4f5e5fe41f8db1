/**
 * The portal's jobs on the scheduler, both engines: the sandbox insurer's delayed answers are due
 * rows, not timers, so they survive a restart — an order paid and an endorsement submitted while
 * one scheduler runs, that scheduler stopped before the delay is over, a new one (a new
 * connection, as after a restart) started: the answers arrive, not before their time. An order
 * nobody handed to the insurer (the demo's waiting orders) stays for the operators.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeResidentId } from '~/lib/cn-id';
import { addDays, payOrder, siteToday } from '~/features/orders';
import { nowSeconds } from '~/server/db/client';
import { listJobLeases } from '~/server/jobs';
import { setConfigValue } from '~/server/site-config';
import { apiClient, ledgerSeededDatabase, placePolicy, userId } from '../../tests/support/endorse-kit';
import { engines, type TestDatabase } from '../../tests/support/test-db';
import { PORTAL_JOBS, startPortalJobs } from './index';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quiet = () => {};

test('one list of jobs, each name once: the insurer answers, the seal-job sweep, policy expiry', () => {
  const names = PORTAL_JOBS.map((j) => j.name);
  expect(new Set(names).size).toBe(names.length);
  expect(names).toEqual(expect.arrayContaining(['insurer-answers', 'sealing-sweep', 'expire-policies']));
  expect(PORTAL_JOBS.find((j) => j.name === 'insurer-answers')!.everySeconds).toBe(1);
});

for (const engine of engines()) {
  describe(`portal jobs on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let demo: string;
    let demoId: number;

    beforeAll(async () => {
      t = await ledgerSeededDatabase(engine);
      api = apiClient(t.db);
      demo = await api.login('demo', 'Demo#2026');
      demoId = await userId(t.db, 'demo');
    }, 60_000);
    afterAll(async () => {
      await t?.drop();
    });

    test('the sandbox insurer’s delayed answers survive a restart and arrive after their delay', async () => {
      await setConfigValue(t.db, 'insurer', { mode: 'sandbox', underwriteDelaySeconds: 3, endorseDelaySeconds: 3 });
      const today = await siteToday(t.db);
      // An order nobody handed to the insurer (as the demo's waiting ones): operators decide it.
      const waiting = await placePolicy(t.db, demoId, { status: 'underwriting', people: 3 });
      const unpaid = await placePolicy(t.db, demoId, { status: 'unpaid', people: 3 });
      // An endorsement submitted to the sandbox, which answers after its delay.
      const policy = await placePolicy(t.db, demoId, { people: 5 });
      const draft = await api.post('endorse/create', demo, {
        request_id: `jobs-${Date.now()}`,
        order_id: policy.id,
        effective_date: addDays(today, 1),
      });
      const id = draft.body.data.endorsement.id as number;
      await api.post('endorse/item', demo, {
        id,
        kind: 'add',
        name: '计划员工',
        id_no: makeResidentId('1991-04-02', 311),
        occupation_class: 2,
      });
      const sub = await api.post('endorse/submit', demo, { id });
      expect(sub.body.data.endorsement.status).toBe('submitted');

      // An order paid just now: handed to the sandbox, which answers after 3 s.
      const paidAt = nowSeconds();
      const { order } = await payOrder(t.db, demoId, { id: unpaid.id, request_id: `jobs-pay-${Date.now()}` });
      expect(order.status).toBe('underwriting');
      const first = startPortalJobs(t.db, { instanceId: 'first', tickMs: 100, log: quiet });
      await sleep(300);
      await first.stop(); // the instance goes away before the delay is over
      const status = async () => {
        const [o] = await t.db.sql`SELECT status FROM policy_order WHERE id = ${order.id}`;
        const [e] = await t.db.sql`SELECT status FROM endorsement WHERE id = ${id}`;
        const [w] = await t.db.sql`SELECT status FROM policy_order WHERE id = ${waiting.id}`;
        return { order: o.status as string, endorsement: e.status as string, waiting: w.status as string };
      };
      expect(await status()).toEqual({ order: 'underwriting', endorsement: 'submitted', waiting: 'underwriting' });

      const restarted = t.open();
      const second = startPortalJobs(restarted, { instanceId: 'second', tickMs: 100, log: quiet });
      let answered = await status();
      for (let i = 0; i < 80 && (answered.order === 'underwriting' || answered.endorsement === 'submitted'); i++) {
        await sleep(100);
        answered = await status();
      }
      await second.stop();
      expect(answered).toEqual({ order: 'effective', endorsement: 'approved', waiting: 'underwriting' });
      const [o] = await t.db.sql`SELECT effective_at, policy_no FROM policy_order WHERE id = ${order.id}`;
      expect(Number(o.effective_at)).toBeGreaterThanOrEqual(paidAt + 3);
      expect(String(o.policy_no)).toMatch(/^PL\d{12}$/);
      const leases = await listJobLeases(t.db);
      expect(leases.find((j) => j.name === 'insurer-answers')).toMatchObject({ lastHolder: 'second', lastError: null });
      expect(leases.map((j) => j.name)).toEqual(expect.arrayContaining(PORTAL_JOBS.map((j) => j.name)));
    }, 30_000);

    test('expire-policies writes `expired` on a policy in force whose last day has passed', async () => {
      const ended = await placePolicy(t.db, demoId, { start: -400, months: 12, people: 3 });
      expect(ended.status).toBe('effective');
      await t.db.sql`UPDATE job_lease SET next_run_at = 0 WHERE name = 'expire-policies'`;
      const s = startPortalJobs(t.db, { tickMs: 0, log: quiet });
      await s.tick();
      await s.idle();
      await s.stop();
      const [o] = await t.db.sql`SELECT status FROM policy_order WHERE id = ${ended.id}`;
      expect(o.status).toBe('expired');
      const [tl] = await t.db.sql`SELECT actor FROM order_timeline WHERE order_id = ${ended.id} AND to_status = 'expired'`;
      expect(tl.actor).toBe('system');
    }, 30_000);
  });
}
