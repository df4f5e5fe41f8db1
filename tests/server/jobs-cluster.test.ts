/**
 * The scheduler across real processes (issue #30, item 2): two built servers on one database, both
 * engines. Both start the same jobs at boot; the hourly `expire-policies` runs once, not twice; the
 * 1-second `insurer-answers` runs about once a second, not twice; when the instance that ran it
 * last is killed (SIGKILL: no release), the other one keeps running it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { openDb, type Db } from '~/server/db/client';
import { listJobLeases } from '~/server/jobs';
import { type DemoPortals, type PortalServer, demoPortals } from '../support/server';
import { engines } from '../support/test-db';

const lease = async (db: Db, name: string) => (await listJobLeases(db)).find((j) => j.name === name);
const pidOf = (holder: string | null | undefined) => Number(holder?.split(':')[1] ?? 0);

for (const engine of engines()) {
  describe(`scheduled jobs across two server processes on ${engine.name}`, () => {
    let portals: DemoPortals;
    let servers: PortalServer[];
    let db: Db;

    beforeAll(async () => {
      portals = await demoPortals(engine, 2);
      servers = portals.servers;
      const first = servers[0]!;
      db = openDb(first.databaseUrl ?? `sqlite://${first.dataDir}/portal.db`);
    }, 180_000);
    afterAll(async () => {
      await db?.close();
      await portals?.stop();
    }, 30_000);

    test('a job both instances start at boot runs once; a 1-second job runs once a second, not twice', async () => {
      await Bun.sleep(1500);
      // Both instances ticked several times since they started; the hourly job's period has not come again.
      expect(await lease(db, 'expire-policies')).toMatchObject({ runs: 1, failures: 0, holder: null });
      const before = (await lease(db, 'insurer-answers'))!;
      const t0 = Date.now();
      await Bun.sleep(4000);
      const after = (await lease(db, 'insurer-answers'))!;
      const seconds = (Date.now() - t0) / 1000;
      const ran = after.runs - before.runs;
      expect(ran).toBeGreaterThanOrEqual(2);
      expect(ran).toBeLessThanOrEqual(Math.ceil(seconds) + 1); // two independent timers would make ~2 a second
      expect(after.lastError).toBeNull();
      expect(servers.map((s) => s.pid)).toContain(pidOf(after.lastHolder));
    }, 30_000);

    test('the instance that ran the job last is killed: the other one runs it from then on', async () => {
      const last = (await lease(db, 'insurer-answers'))!;
      const victim = servers.find((s) => s.pid === pidOf(last.lastHolder))!;
      const survivor = servers.find((s) => s !== victim)!;
      await victim.kill();
      const runs = last.runs;
      // Within its lease (60 s) a killed holder could hold the job; a quick death usually finds it
      // released. Either way the survivor runs it within the lease.
      let now = (await lease(db, 'insurer-answers'))!;
      for (let i = 0; i < 70 && !(now.runs >= runs + 2 && pidOf(now.lastHolder) === survivor.pid); i++) {
        await Bun.sleep(1000);
        now = (await lease(db, 'insurer-answers'))!;
      }
      expect(pidOf(now.lastHolder)).toBe(survivor.pid);
      expect(now.runs).toBeGreaterThanOrEqual(runs + 2);
      expect(survivor.alive()).toBe(true);
    }, 90_000);
  });
}
