/**
 * An instance dies under load (SIGKILL: no drain, no cleanup) while members read pages and move
 * money through the proxy. What must hold:
 * - the only failed requests are ones that were in flight when it died (nginx re-sends a read that
 *   reached the dead instance; a write that reached it is not re-sent, so it may fail, never twice);
 * - no write the cluster acknowledged is lost: every acknowledged transfer is in the ledger;
 * - the money still adds up: balance = Σ ledger for every member, the premium account's
 *   invariants, and the money moved between demo and its sub-account is conserved;
 * - the proxy routes around the dead instance, and takes it back once it is started again.
 * And an instance stopped with SIGTERM under the same load (a rolling restart) fails no request:
 * for its lame duck it serves with `Connection: close` and a 503 /readyz, then closes its
 * listener, finishes what it has in flight and exits (scripts/start.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Cluster } from '../../scripts/cluster/index';
import { num } from '../../src/server/db/client';
import { moneyProblems } from '../support/money-invariants';
import { API, type Answer, call, clusterAvailable, DEMO, login, testCluster } from './support';

interface Sample {
  kind: 'page' | 'api' | 'write';
  start: number;
  end: number;
  ok: boolean;
  status: number;
  instance: string;
  requestId?: string;
  transferId?: number;
  error?: string;
}

const WORKERS = 8;
const LOAD_MS = 8_000;
const KILL_AFTER_MS = 2_500;

describe.skipIf(!clusterAvailable())('an instance killed under a mixed read/write load', () => {
  let cluster: Cluster;
  let token: string;
  let subId: number;
  const balances = async () => {
    const rows = await cluster.db().sql`SELECT username, money FROM "user" WHERE username IN ('demo', 'demo_site1')`;
    return Object.fromEntries(rows.map((r: { username: string; money: unknown }) => [r.username, num(r.money)])) as Record<string, number>;
  };

  beforeAll(async () => {
    cluster = await testCluster();
    ({ token } = await login(cluster, DEMO.account, DEMO.password));
    const [sub] = await cluster.db().sql`SELECT id FROM "user" WHERE username = 'demo_site1'`;
    subId = num(sub.id);
  }, 240_000);
  afterAll(() => cluster?.stop(), 60_000);

  /** One request of the mix; never throws: a dropped connection is a failed sample. */
  async function oneRequest(i: number): Promise<Sample> {
    const kind: Sample['kind'] = i % 5 < 2 ? 'write' : i % 5 < 4 ? 'page' : 'api';
    const start = performance.now();
    const requestId = kind === 'write' ? `death-${crypto.randomUUID()}` : undefined;
    try {
      if (kind === 'write') {
        // Allocations and reclaims in turn: money moves both ways between demo and demo_site1.
        const direction = i % 2 === 0 ? 'allocate' : 'reclaim';
        const r = await call<{ code: number; data?: { transfer?: { id: number } } }>(cluster.url, `${API}/team/allocate`, {
          json: { id: subId, direction, amount: '0.01', memo: 'instance death', request_id: requestId },
          token,
        });
        const transferId = r.body.code === 200001 ? r.body.data?.transfer?.id : undefined;
        return { kind, start, end: performance.now(), ok: !!transferId, status: r.status, instance: r.instance, requestId, transferId };
      }
      const r =
        kind === 'page'
          ? await call<string>(cluster.url, '/user/account/balance', { headers: { cookie: `ba-user-token=${token}; ba-lang=en` } })
          : await call<{ code: number }>(cluster.url, `${API}/account/balance?limit=10`, { token });
      const ok = r.status === 200 && (kind === 'page' || (r.body as { code: number }).code === 200001);
      return { kind, start, end: performance.now(), ok, status: r.status, instance: r.instance };
    } catch (err) {
      return { kind, start, end: performance.now(), ok: false, status: 0, instance: '', requestId, error: String(err) };
    }
  }

  /** WORKERS clients send the mix through the proxy for LOAD_MS; `during` runs alongside (the kill or the stop). */
  async function underLoad(during: () => Promise<void>): Promise<Sample[]> {
    const samples: Sample[] = [];
    const t0 = performance.now();
    const event = during();
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, w) => {
        for (let i = w; performance.now() - t0 < LOAD_MS; i += WORKERS) samples.push(await oneRequest(i));
      }),
    );
    await event;
    return samples;
  }

  test('only requests in flight on it fail, no acknowledged write is lost, the money adds up, the proxy routes around it', async () => {
    const before = await balances();
    const victim = cluster.instances[1];
    let killAt = Number.POSITIVE_INFINITY;
    let killedAt = Number.POSITIVE_INFINITY;
    const samples = await underLoad(async () => {
      await Bun.sleep(KILL_AFTER_MS);
      killAt = performance.now();
      await victim.kill();
      killedAt = performance.now();
    });

    // The load really ran on all three before the kill and on the two survivors after it.
    const servedBefore = new Set(samples.filter((s) => s.ok && s.end < killAt).map((s) => s.instance));
    const servedAfter = new Set(samples.filter((s) => s.ok && s.start > killedAt).map((s) => s.instance));
    expect([...servedBefore].sort()).toEqual(['p1', 'p2', 'p3']);
    expect([...servedAfter].sort()).toEqual(['p1', 'p3']);
    expect(samples.filter((s) => s.start > killedAt).length).toBeGreaterThan(50);

    // Failures: only requests that were in flight when the instance died; at most one per worker.
    const failed = samples.filter((s) => !s.ok);
    for (const f of failed) {
      expect({ ...f, inFlight: f.start <= killedAt && f.end >= killAt }).toMatchObject({ inFlight: true });
    }
    expect(failed.length).toBeLessThanOrEqual(WORKERS);

    // Every acknowledged write is in the ledger, once.
    const acknowledged = samples.filter((s) => s.kind === 'write' && s.ok);
    expect(acknowledged.length).toBeGreaterThan(20);
    const rows = await cluster.db().sql`SELECT id, request_id FROM team_transfer WHERE request_id LIKE 'death-%'`;
    const stored = new Map(rows.map((r: { id: unknown; request_id: string }) => [r.request_id, num(r.id)]));
    for (const a of acknowledged) expect(stored.get(a.requestId ?? '')).toBe(a.transferId ?? -1);
    // A write that was not acknowledged may or may not have been applied, but nothing else was written.
    const unacknowledged = samples.filter((s) => s.kind === 'write' && !s.ok).length;
    expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
    expect(stored.size).toBeLessThanOrEqual(acknowledged.length + unacknowledged);

    // The money adds up: every balance is the sum of its ledger; demo + demo_site1 is conserved.
    expect(await moneyProblems(cluster.db())).toEqual([]);
    const after = await balances();
    expect(after.demo + after.demo_site1).toBe(before.demo + before.demo_site1);

    // The proxy routes around the dead instance…
    const routed = [];
    for (let i = 0; i < 12; i++) routed.push(await call(cluster.url, '/readyz'));
    expect(routed.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(new Set(routed.map((r) => r.instance))).toEqual(new Set(['p1', 'p3']));

    // …and takes it back once it runs again (after nginx's fail_timeout of 5 s).
    await victim.start();
    const deadline = Date.now() + 15_000;
    let back = false;
    while (!back && Date.now() < deadline) {
      back = (await call(cluster.url, '/readyz')).instance === victim.name;
      if (!back) await Bun.sleep(100);
    }
    expect(back).toBe(true);

    console.log(
      `[instance-death] ${samples.length} requests in ${LOAD_MS / 1000} s, ${acknowledged.length} acknowledged transfers, ` +
        `${failed.length} failed (in flight on ${victim.name}: ${failed.map((f) => `${f.kind} ${f.status}`).join(', ') || 'none'})`,
    );
  }, 120_000);

  test('a SIGTERM under the same load (a rolling restart) fails no request: the instance drains, then leaves', async () => {
    const before = await balances();
    const leaving = cluster.instances[2];
    let stoppedAt = Number.POSITIVE_INFINITY;
    let lameDuck: { ready: Answer; page: Answer } | undefined;
    const samples = await underLoad(async () => {
      await Bun.sleep(KILL_AFTER_MS);
      const stopping = leaving.stop();
      // Its lame duck (PORTAL_LAME_DUCK_SECONDS, 2 s by default): still serving, but not ready,
      // and every answer closes its connection, so nginx keeps none to send a write down later.
      await Bun.sleep(500);
      const [ready, page] = await Promise.all([call(leaving.url, '/readyz'), call(leaving.url, '/user/login')]);
      lameDuck = { ready, page };
      await stopping;
      stoppedAt = performance.now();
    });
    expect([lameDuck?.ready.status, lameDuck?.ready.body]).toEqual([
      503,
      { status: 'not ready', reason: 'draining', instance: leaving.name },
    ]);
    expect([lameDuck?.page.status, lameDuck?.page.headers.get('connection')]).toEqual([200, 'close']);
    expect(new Set(samples.filter((s) => s.ok && s.start > stoppedAt).map((s) => s.instance))).toEqual(new Set(['p1', 'p2']));
    expect(samples.filter((s) => !s.ok)).toEqual([]);
    const acknowledged = samples.filter((s) => s.kind === 'write');
    const rows = await cluster.db().sql`SELECT id, request_id FROM team_transfer WHERE request_id LIKE 'death-%'`;
    const stored = new Map(rows.map((r: { id: unknown; request_id: string }) => [r.request_id, num(r.id)]));
    for (const a of acknowledged) expect(stored.get(a.requestId ?? '')).toBe(a.transferId ?? -1);
    expect(await moneyProblems(cluster.db())).toEqual([]);
    const after = await balances();
    expect(after.demo + after.demo_site1).toBe(before.demo + before.demo_site1);
    await leaving.start();
    console.log(`[instance-death] SIGTERM: ${samples.length} requests, ${acknowledged.length} transfers, none failed`);
  }, 120_000);
});
