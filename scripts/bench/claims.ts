/**
 * Claims benchmark (issue #11): the member's claim list and the operator's queue with 100 000
 * claims in the table (60 000 of them the demo member's, the rest spread over 20 other members,
 * every status, reports spread over a year), on SQLite and, with TEST_PG_URL, on PostgreSQL.
 * p50/p99 of the domain functions the pages and the API call (200 runs each, after a warm-up):
 *  - member list: page 1, a status filter, a 30-day report range, a keyword (claim no.), page 50;
 *  - operator queue (open claims oldest first + counts per status): page 1, one status, page 50;
 *  - GET /userapi/v1/claim/list and /operator/claim/list in process (gate, validation, envelope).
 *
 *   bun scripts/bench/claims.ts        (or: bun run bench --area claims)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiLogin, ORIGIN, onEngines, timeRuns } from '../bench-area';

const dir = mkdtempSync(join(tmpdir(), 'bench-claims-'));
process.env.DATA_DIR = dir;
process.env.PORTAL_LOGIN_CAPTCHA = '0';
const { openDb, num, nowSeconds } = await import('../../src/server/db/client');
const { ensureDatabase } = await import('../../src/server/db/seed');
const { seedLedgerDemo } = await import('../../src/features/ledger');
const { listClaims, listQueue, CLAIM_STATUSES, CLAIM_TYPES } = await import('../../src/features/claims');
const { createApi } = await import('../../src/server/api');
const { makeResidentId } = await import('../../src/lib/cn-id');
type Db = import('../../src/server/db/client').Db;
type Query = import('../../src/features/claims').ClaimListQuery;

const TOTAL = Number(process.env.BENCH_CLAIMS_N) || 100_000;
const RUNS = 200;
const time = (label: string, fn: () => Promise<unknown>) => timeRuns(label, fn, RUNS, 44);

async function fill(db: Db): Promise<{ demo: number; operatorToken: string; demoToken: string; sampleNo: string }> {
  await ensureDatabase(db, { demo: true, demoSeeders: [seedLedgerDemo] });
  const [demo] = await db.sql`SELECT id, group_id FROM "user" WHERE username = 'demo'`;
  const demoId = num(demo.id);
  const others: number[] = [];
  for (let i = 0; i < 20; i++) {
    const [u] = await db.sql`INSERT INTO "user" (group_id, username, password_hash, status, join_time)
      VALUES (${num(demo.group_id)}, ${`bench${i}`}, 'x', 'enable', ${nowSeconds()}) RETURNING id`;
    others.push(num(u.id));
  }
  const now = nowSeconds();
  const YEAR = 365 * 86_400;
  let seq = 0;
  const CHUNK = 500;
  let sampleNo = '';
  for (let start = 0; start < TOTAL; start += CHUNK) {
    const rows: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(TOTAL, start + CHUNK); i++) {
      const userId = i % 5 < 3 ? demoId : others[i % others.length];
      const status = CLAIM_STATUSES[i % CLAIM_STATUSES.length];
      const created = now - YEAR + Math.floor((i / TOTAL) * YEAR);
      const day = new Date(created * 1000).toISOString().slice(0, 10);
      const claimNo = `CL${day.replaceAll('-', '')}${String(++seq).padStart(6, '0')}`;
      if (i === Math.floor(TOTAL / 2)) sampleNo = claimNo;
      const idNo = makeResidentId('1990-01-01', i % 1000);
      rows.push({
        claim_no: claimNo,
        user_id: userId,
        order_id: 1 + (i % 40),
        policy_no: `PGZ2026${String(i % 400).padStart(6, '0')}`,
        policy_type: i % 2 ? 'guzhu' : 'tuanyi',
        named: 1,
        insured_id: i,
        insured_name: `员工${i}`,
        insured_id_no: idNo,
        type: CLAIM_TYPES[i % 3],
        accident_date: day,
        accident_place: '工地',
        description: '基准测试数据',
        hospital: '',
        estimated_amount: 100_000 + (i % 1000) * 100,
        approved_amount: status === 'approved' || status === 'paid' ? 90_000 : null,
        status,
        requested_kinds: '[]',
        request_id: `bench-${i}`,
        open_key: status === 'rejected' || status === 'withdrawn' ? null : `${userId}|${idNo}|${day}|${i}`,
        created_at: created,
        updated_at: created,
      });
    }
    await db.sql.begin(async (tx) => {
      await tx`INSERT INTO claim ${tx(rows)}`;
    });
  }
  if (db.dialect === 'postgres')
    await db.sql`VACUUM ANALYZE claim`; // as autovacuum would: index-only counts need the visibility map
  else await db.sql`ANALYZE`;
  const app = createApi({ getDb: () => db });
  return {
    demo: demoId,
    demoToken: await apiLogin(app, 'demo', 'Demo#2026'),
    operatorToken: await apiLogin(app, 'operator', 'Operator#2026'),
    sampleNo,
  };
}

async function run(engine: string, db: Db): Promise<void> {
  const t0 = performance.now();
  const { demo, demoToken, operatorToken, sampleNo } = await fill(db);
  const [{ n }] = await db.sql`SELECT COUNT(*) AS n FROM claim`;
  const [{ m }] = await db.sql`SELECT COUNT(*) AS m FROM claim WHERE user_id = ${demo}`;
  console.log(`${engine}: ${num(n)} claims (${num(m)} the demo member's), filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const tz = 'Asia/Shanghai';
  const base: Query = { status: '', type: '', keyword: '', start: '', end: '', page: 1, limit: 10 };
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() + 8 * 3600_000 - 30 * 86_400_000).toISOString().slice(0, 10);
  const scope = [demo];
  console.log(' member list (listClaims):');
  await time('page 1', () => listClaims(db, scope, base, tz));
  await time('status = need_documents', () => listClaims(db, scope, { ...base, status: 'need_documents' }, tz));
  await time('last 30 days', () => listClaims(db, scope, { ...base, start: monthAgo, end: today }, tz));
  await time('keyword = a claim number', () => listClaims(db, scope, { ...base, keyword: sampleNo }, tz));
  await time('page 50', () => listClaims(db, scope, { ...base, page: 50 }, tz));
  console.log(' operator queue (listQueue, with counts per status):');
  await time('open claims, page 1', () => listQueue(db, base, tz));
  await time('status = reported', () => listQueue(db, { ...base, status: 'reported' }, tz));
  await time('open claims, page 50', () => listQueue(db, { ...base, page: 50 }, tz));
  const app = createApi({ getDb: () => db });
  const get = async (path: string, token: string) =>
    (await app.request(`${ORIGIN}/userapi/v1/${path}`, { headers: { 'ba-user-token': token } })).text();
  console.log(' API in process:');
  await time('GET claim/list', () => get('claim/list', demoToken));
  await time('GET operator/claim/list', () => get('operator/claim/list', operatorToken));
}

try {
  await onEngines(
    dir,
    openDb,
    { sqlite: 'SQLite', postgres: 'PostgreSQL', skipped: 'PostgreSQL skipped (set TEST_PG_URL)', pgDatabase: `bench_claims_${Date.now()}` },
    run,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
