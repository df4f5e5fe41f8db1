/**
 * Account centre benchmark (issue #8): the balance page with 100 000 ledger entries for one member
 * on SQLite, through the built server (HTML page and RSC payload), plus the ledger query alone, so
 * the page time can be split into data and rendering. Sequential requests on a warm server.
 *
 *   bun run build && bun scripts/bench/account.ts        (or: bun run bench --area account)
 *
 * Env: BENCH_N (requests per case, default 300), BENCH_ENTRIES (default 100 000), BENCH_PORT (3431).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pct } from '../bench-area';

const N = Number(process.env.BENCH_N) || 300;
const ENTRIES = Number(process.env.BENCH_ENTRIES) || 100_000;
const PORT = Number(process.env.BENCH_PORT) || 3431;
const root = resolve(import.meta.dir, '../..');
const dir = mkdtempSync(join(tmpdir(), 'bench-account-'));
process.env.DATA_DIR = dir;
const { openDb, num } = await import('../../src/server/db/client');
const { ensurePortalDatabase } = await import('../../src/demo');
const { listLedger } = await import('../../src/features/ledger');
type LedgerQuery = import('../../src/features/ledger').LedgerQuery;

const fmt = (n: number) => n.toFixed(1);
const KINDS = ['topup', 'payment', 'refund', 'allocation', 'adjust'] as const;

/** 100 000 entries over the last 400 days, the before/after chain continuous, balance = sum. */
async function fill(db: ReturnType<typeof openDb>, userId: number): Promise<void> {
  const [u] = await db.sql`SELECT money FROM "user" WHERE id = ${userId}`;
  const [last] = await db.sql`SELECT MAX(created_at) AS t FROM user_money_log WHERE user_id = ${userId}`;
  let balance = num(u.money);
  const now = Math.floor(Date.now() / 1000);
  const start = Math.min(now - 400 * 86_400, num(last.t) + 1);
  const step = Math.floor((now - 60 - start) / ENTRIES);
  const CHUNK = 500;
  for (let i = 0; i < ENTRIES; i += CHUNK) {
    const rows = [];
    for (let j = i; j < Math.min(i + CHUNK, ENTRIES); j++) {
      const kind = KINDS[j % 5];
      const amount = kind === 'payment' ? -((j % 97) + 1) * 100 : ((j % 89) + 1) * 100;
      const after = balance + amount < 0 ? balance - amount : balance + amount;
      const real = after - balance;
      rows.push({
        user_id: userId,
        amount: real,
        before: balance,
        after,
        kind,
        memo: `bench entry ${j}`,
        reference: `B-${j}`,
        request_id: null,
        created_at: start + j * step,
      });
      balance = after;
    }
    await db.sql`INSERT INTO user_money_log ${db.sql(rows)}`;
  }
  await db.sql`UPDATE "user" SET money = ${balance} WHERE id = ${userId}`;
}

async function timed(url: string, headers: Record<string, string>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    out.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  }
  return out;
}

let server: ReturnType<typeof Bun.spawn> | undefined;
try {
  const db = openDb(`sqlite://${join(dir, 'portal.db')}`);
  await ensurePortalDatabase(db, { demo: true });
  const [demo] = await db.sql`SELECT id FROM "user" WHERE username = 'demo'`;
  const userId = num(demo.id);
  const t0 = performance.now();
  await fill(db, userId);
  const [{ n }] = await db.sql`SELECT COUNT(*) AS n FROM user_money_log WHERE user_id = ${userId}`;
  console.log(`# ${num(n)} entries for demo (filled in ${fmt((performance.now() - t0) / 1000)} s)`);

  // The ledger query alone (what the page reads).
  const q: LedgerQuery = { page: 1, limit: 10, start: '', end: '', kind: '' };
  const data: Record<string, number[]> = { unfiltered: [], page500: [], kind: [], range30: [] };
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < N; i++) {
    for (const [name, query] of [
      ['unfiltered', q],
      ['page500', { ...q, page: 500 }],
      ['kind', { ...q, kind: 'refund' }],
      ['range30', { ...q, start: monthAgo, end: today }],
    ] as [string, LedgerQuery][]) {
      const s = performance.now();
      await listLedger(db, 'money', userId, query, 'Asia/Shanghai');
      data[name].push(performance.now() - s);
    }
  }
  await db.close();

  server = Bun.spawn([process.execPath, join(root, 'scripts/start.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dir, HOST: '127.0.0.1', PORTAL_LOGIN_CAPTCHA: '0' },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/`)).ok) break;
    } catch {}
    await Bun.sleep(200);
  }
  const login = await fetch(`${base}/userapi/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ account: 'demo', password: 'Demo#2026' }),
  });
  const token = ((await login.json()) as { data: { userInfo: { token: string } } }).data.userInfo.token;
  const headers = { cookie: `ba-user-token=${token}` };
  const pages: [string, string][] = [
    ['page, unfiltered', '/user/account/balance'],
    ['page 500', '/user/account/balance?page=500'],
    ['page, kind=refund', '/user/account/balance?kind=refund'],
    ['page, last 30 days', `/user/account/balance?start=${monthAgo}&end=${today}`],
    ['RSC payload, unfiltered', '/RSC/R/user/account/balance.txt'],
    ['API list, unfiltered', '/userapi/v1/account/balance'],
    ['overview page (30 days)', '/user/account/overview?days=30'],
  ];
  const rows: string[] = [];
  for (const [name, path] of pages) {
    await timed(base + path, headers, 20); // warm-up
    const ms = await timed(base + path, headers, N);
    rows.push(`| ${name} | ${fmt(pct(ms, 50))} | ${fmt(pct(ms, 95))} | ${fmt(pct(ms, 99))} |`);
  }
  for (const [name, ms] of Object.entries(data))
    rows.push(`| listLedger ${name} (in process) | ${fmt(pct(ms, 50))} | ${fmt(pct(ms, 95))} | ${fmt(pct(ms, 99))} |`);
  console.log(`\n${N} sequential requests per case, ${ENTRIES} entries, SQLite, ${new Date().toISOString().slice(0, 16)}Z\n`);
  console.log('| case | p50 ms | p95 ms | p99 ms |\n|---|--:|--:|--:|');
  console.log(rows.join('\n'));
} finally {
  server?.kill();
  await server?.exited;
  rmSync(dir, { recursive: true, force: true });
}
