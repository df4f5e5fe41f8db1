/**
 * The scheduler on both engines: two instances (two connections to one database, as two processes
 * would have) run a due job exactly once per period; a holder that dies loses the job when its lease
 * runs out; a running job renews its lease; a job that throws records its error and is retried the
 * next period.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '~/server/db/client';
import { migrate } from '~/server/db/migrations';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { claimJob, defineJob, listJobLeases, type Scheduler, startScheduler } from './index';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const engine of engines()) {
  describe(`scheduler on ${engine.name}`, () => {
    let t: TestDatabase;
    let a: Db;
    let b: Db;
    let clock = 1_000_000;
    const now = () => clock;
    const quiet = () => {};
    let n = 0;
    const uniqueName = (base: string) => `${base}-${++n}`;

    beforeAll(async () => {
      t = await freshDatabase(engine);
      await migrate(t.db);
      a = t.db;
      b = t.open();
    });
    afterAll(async () => {
      await t?.drop();
    });

    async function lease(name: string) {
      return (await listJobLeases(a)).find((j) => j.name === name)!;
    }

    test('two instances ticking at the same moments run a due job exactly once per period', async () => {
      const runs: { by: string; at: number }[] = [];
      const name = uniqueName('count');
      const mk = (db: Db, id: string) =>
        startScheduler(
          db,
          [
            defineJob({
              name,
              everySeconds: 60,
              run: async (_db, at) => {
                runs.push({ by: id, at });
                await sleep(5);
              },
            }),
          ],
          { instanceId: id, tickMs: 0, now, log: quiet },
        );
      const one = mk(a, 'one');
      const two = mk(b, 'two');
      const start = clock;
      for (let period = 0; period < 5; period++) {
        clock = start + period * 60;
        // Both instances tick several times at once, as their timers would.
        const claimed = await Promise.all([one.tick(), two.tick(), one.tick(), two.tick(), two.tick(), one.tick()]);
        expect(claimed.flat().filter((x) => x === name)).toHaveLength(1);
        await Promise.all([one.idle(), two.idle()]);
        // Later in the same period nobody runs it again.
        clock += 59;
        expect([...(await one.tick()), ...(await two.tick())]).toEqual([]);
      }
      expect(runs.map((r) => r.at)).toEqual([0, 1, 2, 3, 4].map((p) => start + p * 60));
      const row = await lease(name);
      expect(row).toMatchObject({ runs: 5, failures: 0, holder: null, lastError: null, everySeconds: 60 });
      expect(['one', 'two']).toContain(row.lastHolder!);
      expect(row.nextRunAt).toBe(start + 5 * 60);
      await Promise.all([one.stop(), two.stop()]);
    });

    test('on the real clock, two instances with fast timers never run a 1-second job twice in one second', async () => {
      const seconds: number[] = [];
      const name = uniqueName('realtime');
      const job = defineJob({ name, everySeconds: 1, run: (_db, at) => void seconds.push(at) });
      const one = startScheduler(a, [job], { instanceId: 'one', tickMs: 15, log: quiet });
      const two = startScheduler(b, [job], { instanceId: 'two', tickMs: 15, log: quiet });
      await sleep(2300);
      await Promise.all([one.stop(), two.stop()]);
      expect(seconds.length).toBeGreaterThanOrEqual(2);
      expect(seconds.length).toBeLessThanOrEqual(4);
      expect(new Set(seconds).size).toBe(seconds.length);
      expect((await lease(name)).runs).toBe(seconds.length);
    });

    test('one conditional UPDATE decides: the second claim of a held job fails, a claim before the due time fails', async () => {
      const job = defineJob({ name: uniqueName('claim'), everySeconds: 10, leaseSeconds: 30, run: () => {} });
      const s = startScheduler(a, [job], { tickMs: 0, now, log: quiet });
      await s.tick(); // registers the row (due at once) and runs it
      await s.idle();
      expect(await claimJob(a, job, 'x', clock)).toBe(false); // not due for 10 s
      const results = await Promise.all([claimJob(a, job, 'x', clock + 10), claimJob(b, job, 'y', clock + 10)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await lease(job.name)).holder).toBe(results[0] ? 'x' : 'y');
      await s.stop();
    });

    test('a holder that dies keeps the job until its lease runs out; then the other instance runs it', async () => {
      const name = uniqueName('crash');
      const ran: string[] = [];
      const hang = new Promise<void>(() => {}); // the dead instance's run never ends, nor renews
      const dying = startScheduler(
        a,
        [
          defineJob({
            name,
            everySeconds: 5,
            leaseSeconds: 30,
            run: () => {
              ran.push('dying');
              return hang;
            },
          }),
        ],
        { instanceId: 'dying', tickMs: 0, renewMs: 3_600_000, now, log: quiet },
      );
      const survivor = startScheduler(b, [defineJob({ name, everySeconds: 5, leaseSeconds: 30, run: () => void ran.push('survivor') })], {
        instanceId: 'survivor',
        tickMs: 0,
        now,
        log: quiet,
      });
      const start = clock;
      expect(await dying.tick()).toEqual([name]);
      expect(await survivor.tick()).toEqual([]);
      clock = start + 20; // due again, but the lease (30 s) holds
      expect(await survivor.tick()).toEqual([]);
      expect((await lease(name)).holder).toBe('dying');
      clock = start + 31; // the lease ran out
      expect(await survivor.tick()).toEqual([name]);
      await survivor.idle();
      expect(ran).toEqual(['dying', 'survivor']);
      expect(await lease(name)).toMatchObject({ holder: null, lastHolder: 'survivor', runs: 1, nextRunAt: start + 36 });
      void dying.stop(); // never resolves: its job never ends
      await survivor.stop();
    });

    test('a job that keeps running renews its lease, so nobody else starts it', async () => {
      const name = uniqueName('long');
      let finish = () => {};
      const ran: string[] = [];
      const job = (id: string) =>
        defineJob({
          name,
          everySeconds: 5,
          leaseSeconds: 30,
          run: () => {
            ran.push(id);
            return new Promise<void>((r) => {
              finish = r;
            });
          },
        });
      const one = startScheduler(a, [job('one')], { instanceId: 'one', tickMs: 0, renewMs: 10, now, log: quiet });
      const two = startScheduler(b, [job('two')], { instanceId: 'two', tickMs: 0, now, log: quiet });
      const start = clock;
      expect(await one.tick()).toEqual([name]);
      clock = start + 100; // long past the first lease…
      await sleep(120); // …but the holder renewed it meanwhile
      expect((await lease(name)).leaseUntil).toBeGreaterThanOrEqual(start + 130);
      expect(await two.tick()).toEqual([]);
      finish();
      await one.idle();
      expect(await lease(name)).toMatchObject({ holder: null, lastHolder: 'one', runs: 1, nextRunAt: start + 100 });
      expect(await two.tick()).toEqual([name]);
      finish();
      await two.idle();
      expect(ran).toEqual(['one', 'two']);
      await Promise.all([one.stop(), two.stop()]);
    });

    test('a job that throws records the error, waits for its next period and is retried then', async () => {
      const name = uniqueName('flaky');
      const logged: string[] = [];
      let fail = true;
      const s: Scheduler = startScheduler(
        a,
        [
          defineJob({
            name,
            everySeconds: 30,
            run: () => {
              if (fail) throw new Error('insurer unreachable');
            },
          }),
        ],
        { tickMs: 0, now, log: (m) => logged.push(m) },
      );
      const start = clock;
      await s.tick();
      await s.idle();
      expect(await lease(name)).toMatchObject({
        lastError: 'insurer unreachable',
        failures: 1,
        runs: 1,
        nextRunAt: start + 30,
        holder: null,
      });
      expect(logged.some((m) => m.includes(name))).toBe(true);
      clock = start + 29;
      expect(await s.tick()).toEqual([]); // not before its next period
      clock = start + 30;
      fail = false;
      expect(await s.tick()).toEqual([name]);
      await s.idle();
      expect(await lease(name)).toMatchObject({ lastError: null, failures: 1, runs: 2, lastFinishedAt: start + 30 });
      await s.stop();
    });

    test('a stopped scheduler claims nothing more', async () => {
      const name = uniqueName('stopped');
      const s = startScheduler(a, [defineJob({ name, everySeconds: 1, run: () => {} })], { tickMs: 0, now, log: quiet });
      await s.stop();
      expect(await s.tick()).toEqual([]);
    });
  });
}

test('job definitions are checked', () => {
  expect(() => defineJob({ name: 'Bad Name', everySeconds: 1, run: () => {} })).toThrow();
  expect(() => defineJob({ name: 'ok', everySeconds: 0, run: () => {} })).toThrow();
  expect(() => defineJob({ name: 'ok', everySeconds: 1, leaseSeconds: 0.5, run: () => {} })).toThrow();
  expect(defineJob({ name: 'ok', everySeconds: 2, run: () => {} }).leaseSeconds).toBe(60);
});
