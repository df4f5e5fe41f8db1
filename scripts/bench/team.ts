/**
 * Team benchmark (issue #12): balance allocations between a main account and three sub-accounts
 * (a team_transfer row, two ledger entries and an audit entry per move, in one transaction), on
 * SQLite and, with TEST_PG_URL, on PostgreSQL:
 *  1. sequential: allocations per second and p50/p99 latency of the domain function;
 *  2. 8 in flight (PostgreSQL: a pool of connections; SQLite: one connection, transactions queue):
 *     allocations per second and p99;
 *  3. POST /userapi/v1/team/allocate in process (gate, validation, envelope): per second and p99.
 *
 *   bun scripts/bench/team.ts        (or: bun run bench --area team)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiLogin, ms, ORIGIN, onEngines, pct } from '../bench-area';

const dir = mkdtempSync(join(tmpdir(), 'bench-team-'));
process.env.DATA_DIR = dir;
process.env.PORTAL_LOGIN_CAPTCHA = '0';
const { openDb, num } = await import('../../src/server/db/client');
const { ensureDatabase } = await import('../../src/server/db/seed');
const { changeBalance, seedLedgerDemo } = await import('../../src/features/ledger');
const { addAccount, allocate, seedTeamDemo } = await import('../../src/features/team');
const { createApi } = await import('../../src/server/api');
type Db = import('../../src/server/db/client').Db;

const SEQ = Number(process.env.BENCH_TEAM_N) || 1_000;
const PAR = 8;

async function run(engine: string, db: Db): Promise<void> {
  await ensureDatabase(db, { demo: true, demoSeeders: [seedLedgerDemo, seedTeamDemo] });
  const [demo] = await db.sql`SELECT id FROM "user" WHERE username = 'demo'`;
  const ownerId = num(demo.id);
  await changeBalance(db, { userId: ownerId, amount: 1_000_000_000, kind: 'topup', memo: 'bench' });
  const subs: number[] = [];
  for (const [i, name] of ['bench_a', 'bench_b', 'bench_c'].entries()) {
    const { account } = await addAccount(
      db,
      { ownerId },
      { username: name, password: 'Bench#2026', mobile: `1350000000${i}`, nickname: '', rules: [] },
    );
    subs.push(account.id);
  }
  let seq = 0;
  // Per sub-account: allocate twice, reclaim once; each starts with 100.00 so a reclaim that
  // overtakes an allocation in flight still finds money.
  const op = (i: number) => ({
    id: subs[i % 3],
    direction: (Math.floor(i / 3) % 3 === 2 ? 'reclaim' : 'allocate') as 'allocate' | 'reclaim',
    amount: 100 + (i % 50),
    memo: '',
    request_id: `bench-${engine}-${++seq}-xxxx`,
  });
  for (const id of subs)
    await allocate(db, { ownerId }, { id, direction: 'allocate', amount: 10_000, memo: 'float', request_id: `float-${id}-xxxx` });
  for (let i = 0; i < 50; i++) await allocate(db, { ownerId }, op(i)); // warm-up

  // 1. sequential
  const lat: number[] = [];
  let t0 = performance.now();
  for (let i = 0; i < SEQ; i++) {
    const t = performance.now();
    await allocate(db, { ownerId }, op(i));
    lat.push(performance.now() - t);
  }
  let wall = performance.now() - t0;
  console.log(
    `${engine} sequential: ${((SEQ / wall) * 1000).toFixed(0)} allocations/s, p50 ${ms(pct(lat, 50))}, p99 ${ms(pct(lat, 99))} (${SEQ} moves)`,
  );

  // 2. PAR in flight
  const par: number[] = [];
  let next = 0;
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: PAR }, async () => {
      while (next < SEQ) {
        const i = next++;
        const t = performance.now();
        await allocate(db, { ownerId }, op(i));
        par.push(performance.now() - t);
      }
    }),
  );
  wall = performance.now() - t0;
  console.log(
    `${engine} ${PAR} in flight: ${((SEQ / wall) * 1000).toFixed(0)} allocations/s, p50 ${ms(pct(par, 50))}, p99 ${ms(pct(par, 99))}`,
  );

  // 3. the API in process
  const app = createApi({ getDb: () => db });
  const token = await apiLogin(app, 'demo', 'Demo#2026');
  const api: number[] = [];
  const N = Math.min(SEQ, 500);
  t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const o = op(i);
    const t = performance.now();
    const r = await app.request(`${ORIGIN}/userapi/v1/team/allocate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'ba-user-token': token },
      body: JSON.stringify({ ...o, amount: (o.amount / 100).toFixed(2) }),
    });
    if (r.status !== 200) throw new Error(`allocate answered ${r.status}: ${await r.text()}`);
    api.push(performance.now() - t);
  }
  wall = performance.now() - t0;
  console.log(
    `${engine} POST /team/allocate in process: ${((N / wall) * 1000).toFixed(0)} requests/s, p50 ${ms(pct(api, 50))}, p99 ${ms(pct(api, 99))}`,
  );

  // The invariant after all of it: owner + subs unchanged by the moves.
  const rows = await db.sql`SELECT SUM(money) AS s FROM "user" WHERE id IN ${db.sql([ownerId, ...subs])} OR parent_id = ${ownerId}`;
  const [t] = await db.sql`SELECT COUNT(*) AS n FROM team_transfer WHERE owner_id = ${ownerId}`;
  console.log(`${engine}: ${num(t.n)} transfers, team total ${num(rows[0].s)} fen`);
}

try {
  await onEngines(
    dir,
    openDb,
    { sqlite: 'sqlite', postgres: 'postgres', skipped: 'postgres: skipped (set TEST_PG_URL)', pgDatabase: `bench_team_${process.pid}` },
    run,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
