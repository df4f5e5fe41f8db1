/** Liveness and readiness probes on both engines: what a load balancer reads from them. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { migrate, migrations } from '~/server/db/migrations';
import { openDb, type Db } from '~/server/db/client';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { healthResponse, readiness } from '.';

const probe = async (path: string, db: () => Db, method = 'GET') => {
  const res = await healthResponse(new Request(`http://portal.test${path}`, { method }), db);
  if (!res) return null;
  return { status: res.status, type: res.headers.get('content-type'), body: method === 'HEAD' ? null : await res.json() };
};

test('only GET and HEAD of /healthz and /readyz are probes; other paths and methods go on to the app', () => {
  const db = () => {
    throw new Error('not reached');
  };
  expect(healthResponse(new Request('http://portal.test/healthzz'), db)).toBeNull();
  expect(healthResponse(new Request('http://portal.test/user/healthz'), db)).toBeNull();
  expect(healthResponse(new Request('http://portal.test/readyz', { method: 'POST' }), db)).toBeNull();
});

test('/healthz answers without the database (a database outage must not restart every instance)', async () => {
  const r = await probe('/healthz?from=lb', () => {
    throw new Error('the database must not be opened');
  });
  expect(r).toEqual({ status: 200, type: 'application/json; charset=utf-8', body: { status: 'ok', instance: null } });
});

test('/readyz: an unreachable database is 503 with the reason', async () => {
  const down = openDb('postgres://nobody@127.0.0.1:1/none');
  try {
    const r = await probe('/readyz', () => down);
    expect(r?.status).toBe(503);
    expect(r?.body.status).toBe('not ready');
    expect(r?.body.reason).toStartWith('database unreachable: ');
  } finally {
    await down.close().catch(() => {});
  }
});

for (const engine of engines()) {
  describe(`readiness on ${engine.name}`, () => {
    let t: TestDatabase;
    const latest = Math.max(...migrations.map((m) => m.version));
    beforeAll(async () => {
      t = await freshDatabase(engine);
    });
    afterAll(() => t.drop());

    test('an empty database is not ready; one migration short names the missing version', async () => {
      expect(await readiness(t.db)).toEqual({ ready: false, reason: 'migrations pending: the schema is empty' });
      const allButLast = [...migrations].sort((a, b) => a.version - b.version).slice(0, -1);
      await migrate(t.db, allButLast);
      expect(await readiness(t.db)).toEqual({ ready: false, reason: `migrations pending: ${latest}` });
      const r = await probe('/readyz', () => t.db);
      expect(r?.status).toBe(503);
      expect(r?.body).toEqual({ status: 'not ready', reason: `migrations pending: ${latest}`, instance: null });
    });

    test('every migration applied: ready with the schema version; HEAD answers the same status', async () => {
      await migrate(t.db);
      expect(await probe('/readyz', () => t.db)).toEqual({
        status: 200,
        type: 'application/json; charset=utf-8',
        body: { status: 'ready', schema: latest, instance: null },
      });
      expect((await probe('/readyz', () => t.db, 'HEAD'))?.status).toBe(200);
    });

    test('a newer schema (a later build migrated first, rolling upgrade) is still ready', async () => {
      await t.db.sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${latest + 1}, 'from a newer build', 0)`;
      expect(await readiness(t.db)).toEqual({ ready: true, schema: latest + 1 });
    });
  });
}
