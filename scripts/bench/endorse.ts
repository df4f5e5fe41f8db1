/**
 * Endorsement benchmark (issue #10), on SQLite through the domain functions (what the API and the
 * pages call): the endorsement list's p50/p99 with 10 000 endorsements for one member (unfiltered,
 * by status, by item kind, by keyword, a deep page), and one endorsement of 1 000 added people:
 * adding the items (one transaction, every item checked on the roster), submitting (the charge)
 * and approving (number, 1 000 roster rows, refund/charge, the notice PDF).
 *
 *   bun scripts/bench/endorse.ts        (or: bun run bench --area endorse)
 *
 * Env: BENCH_N (queries per case, default 300), BENCH_ROWS (default 10 000), BENCH_ADDS (default 1 000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pct } from '../bench-area';

const N = Number(process.env.BENCH_N) || 300;
const ROWS = Number(process.env.BENCH_ROWS) || 10_000;
const ADDS = Number(process.env.BENCH_ADDS) || 1_000;
const dir = mkdtempSync(join(tmpdir(), 'bench-endorse-'));
process.env.DATA_DIR = dir;
const { openDb, num, nowSeconds } = await import('../../src/server/db/client');
const { ensureDatabase } = await import('../../src/server/db/seed');
const { seedLedgerDemo, changeBalance } = await import('../../src/features/ledger');
const { demoOrder, siteToday } = await import('../../src/features/orders');
const { makeResidentId } = await import('../../src/lib/cn-id');
const { baseEndorseContext, listEndorsements } = await import('../../src/features/endorse');
const { createEndorsement } = await import('../../src/features/endorse/drafts');
const { addItems } = await import('../../src/features/endorse/items');
const { submitEndorsement } = await import('../../src/features/endorse/submit');
const { approveEndorsement } = await import('../../src/features/endorse/approval');
const { addDays } = await import('../../src/features/endorse/premium');

const fmt = (n: number) => n.toFixed(1);

const db = openDb(`sqlite://${join(dir, 'portal.db')}`);
await ensureDatabase(db, { demo: true, demoSeeders: [seedLedgerDemo] });
const [u] = await db.sql`SELECT id FROM "user" WHERE username = 'demo'`;
const demo = num(u.id);
const today = await siteToday(db);
let tick = nowSeconds() - 3600;
const holder = {
  name: '上海示例科技有限公司',
  credit_code: '91310115MA1K4ABC18',
  contact: '张经理',
  mobile: '13800138000',
  email: 'hr@example.com',
  address: '上海市浦东新区',
};
const policy = await demoOrder(
  db,
  demo,
  { product: 'guzhu', plan: 1, class: 2, months: 12, start: -30, people: 5, status: 'effective' },
  { now: nowSeconds(), today, clock: () => (tick += 1), key: 'bench1', holder },
);

// 1. 10 000 endorsements of one member (other policies' ids, so none is "open" on a real policy).
const statuses = ['approved', 'approved', 'rejected', 'cancelled', 'approved'];
const t0 = performance.now();
for (let i = 0; i < ROWS; i += 500) {
  const rows = [];
  for (let j = i; j < Math.min(i + 500, ROWS); j++) {
    const at = nowSeconds() - (ROWS - j) * 600;
    rows.push({
      apply_no: `EN20260101${String(j).padStart(6, '0')}`,
      endorse_no: statuses[j % 5] === 'approved' ? `PLBENCH${j}-E01` : null,
      user_id: demo,
      order_id: 1_000_000 + j,
      policy_no: `PLBENCH${j}`,
      status: statuses[j % 5],
      effective_date: addDays(today, (j % 300) - 150),
      premium_delta: ((j % 13) - 6) * 1000,
      add_count: j % 3,
      remove_count: j % 2,
      replace_count: j % 7 === 0 ? 1 : 0,
      correct_count: j % 11 === 0 ? 1 : 0,
      created_at: at,
      updated_at: at,
    });
  }
  await db.sql`INSERT INTO endorsement ${db.sql(rows)}`;
}
console.log(`filled ${ROWS} endorsements in ${fmt(performance.now() - t0)} ms`);

const base = { status: '', kind: '', keyword: '', start: '', end: '', page: 1, limit: 20 } as const;
const cases: [string, Record<string, unknown>][] = [
  ['unfiltered, page 1', {}],
  ['status=approved', { status: 'approved' }],
  ['kind=replace', { kind: 'replace' }],
  ['keyword=PLBENCH77', { keyword: 'PLBENCH77' }],
  ['effective 30-day range', { start: addDays(today, -15), end: addDays(today, 15) }],
  ['page 400 of 500', { page: 400 }],
];
console.log(`\nendorse list, ${ROWS} rows, limit 20, ${N} queries each (ms):`);
for (const [name, q] of cases) {
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const s = performance.now();
    await listEndorsements(db, demo, { ...base, ...q } as never, today);
    times.push(performance.now() - s);
  }
  console.log(`  ${name.padEnd(26)} p50 ${fmt(pct(times, 50))}  p99 ${fmt(pct(times, 99))}`);
}

// 2. One endorsement adding 1 000 people (the plan's cap lifted in this order's snapshot only).
await db.sql`UPDATE policy_order SET plan_snapshot = REPLACE(plan_snapshot, '"max_insured":1000', '"max_insured":100000') WHERE id = ${policy.id}`;
await changeBalance(db, { userId: demo, amount: 100_000_000, kind: 'topup', memo: 'bench' });
const ctx = { ...baseEndorseContext(), today };
const E = addDays(today, 1);
const e = await createEndorsement(db, demo, { request_id: 'bench-1000-adds', order_id: policy.id, effective_date: E, remark: '' }, ctx);
const people = Array.from({ length: ADDS }, (_, i) => ({
  id: e.id,
  kind: 'add' as const,
  name: `员工${i}`,
  id_no: makeResidentId(
    `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 9}`,
    i % 1000,
    ['310101', '310104', '310105', '310106', '310107'][Math.floor(i / 1000) % 5],
  ),
  occupation_class: 1 + (i % 4),
}));
let s = performance.now();
await addItems(db, demo, e.id, people, ctx);
const tAdd = performance.now() - s;
s = performance.now();
const sub = await submitEndorsement(db, demo, e.id, { ...ctx });
const tSubmit = performance.now() - s;
s = performance.now();
const done = sub.endorsement.status === 'approved' ? sub.endorsement : await approveEndorsement(db, null, e.id, 'bench', ctx);
const tApprove = performance.now() - s;
const [c] = await db.sql`SELECT COUNT(*) AS n FROM order_insured WHERE order_id = ${policy.id} AND active_from = ${E}`;
console.log(
  `\n${ADDS} adds in one endorsement: add items ${fmt(tAdd)} ms, submit ${fmt(tSubmit)} ms, approve ${fmt(tApprove)} ms (incl. notice PDF); ${num(c.n)} roster rows from ${E}, ${done.endorseNo}, Δ ${done.premiumDelta / 100} yuan`,
);

await db.close();
rmSync(dir, { recursive: true, force: true });
