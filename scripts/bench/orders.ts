/**
 * Orders benchmark (issue #9), SQLite (and PostgreSQL with TEST_PG_URL and BENCH_ORDERS_PG=1):
 *  - 100 000 orders (40 000 of them the demo member's, the rest over 20 other members, every type
 *    and status, placed over two years) and 1 000 000 insured rows;
 *  - p50/p99 of the list the pages and GET /order/list call (200 runs each after a warm-up): a
 *    type page, page 1 and page 100, a status filter, a start-date range, a keyword (order no.),
 *    withoutDetail; an order's roster page and a roster search on a 10 000-person order; the
 *    GET /userapi/v1/order/list route in process;
 *  - a 10 000-row insured import: CSV and XLSX parse + check, and the whole POST /order/create
 *    with 10 000 named rows.
 *
 *   bun scripts/bench/orders.ts        (or: bun run bench --area orders)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiLogin, ORIGIN, timeRuns } from '../bench-area';

const dir = mkdtempSync(join(tmpdir(), 'bench-orders-'));
process.env.DATA_DIR = dir;
process.env.PORTAL_LOGIN_CAPTCHA = '0';
const { openDb, num, nowSeconds } = await import('../../src/server/db/client');
const { ensureDatabase } = await import('../../src/server/db/seed');
const { seedLedgerDemo } = await import('../../src/features/ledger');
const orders = await import('../../src/features/orders');
const { listProducts, snapshotOf } = await import('../../src/features/products');
const { createApi } = await import('../../src/server/api');
const { makeResidentId } = await import('../../src/lib/cn-id');
const { parseCsv, parseXlsx, toXlsx } = await import('../../src/features/orders/sheet');
const { checkSheet } = await import('../../src/features/orders/imports');
type Db = import('../../src/server/db/client').Db;

const TOTAL = Number(process.env.BENCH_ORDERS_N) || 100_000;
const INSURED = Number(process.env.BENCH_INSURED_N) || 1_000_000;
const RUNS = 200;
const time = (label: string, fn: () => Promise<unknown>, runs = RUNS) => timeRuns(label, fn, runs, 46);

const STATUSES = ['unpaid', 'underwriting', 'effective', 'effective', 'effective', 'expired', 'cancelled', 'refused', 'surrendered'];

async function fill(db: Db) {
  const t0 = performance.now();
  await ensureDatabase(db, { demo: true, demoSeeders: [seedLedgerDemo] });
  const [demo] = await db.sql`SELECT id, group_id FROM "user" WHERE username = 'demo'`;
  const demoId = num(demo.id);
  const others: number[] = [];
  for (let i = 0; i < 20; i++) {
    const [u] =
      await db.sql`INSERT INTO "user" (group_id, username, password_hash, status, join_time) VALUES (${num(demo.group_id)}, ${`bench${i}`}, 'x', 'enable', ${nowSeconds()}) RETURNING id`;
    others.push(num(u.id));
  }
  const products = await listProducts(db);
  const plans = products.flatMap((p) => p.plans.map(snapshotOf));
  const now = nowSeconds();
  const SPAN = 2 * 365 * 86_400;
  // Half the plans are named and not personal: they carry the million rows between them.
  const perOrder = Math.max(1, Math.ceil(INSURED / (TOTAL * 0.5)));
  const CHUNK = 400;
  let sampleNo = '';
  let insuredLeft = INSURED;
  for (let start = 0; start < TOTAL; start += CHUNK) {
    await db.sql.begin(async (tx) => {
      const rows: Record<string, unknown>[] = [];
      for (let i = start; i < Math.min(TOTAL, start + CHUNK); i++) {
        const plan = plans[i % plans.length];
        const created = now - SPAN + Math.floor((i / TOTAL) * SPAN);
        const day = new Date(created * 1000).toISOString().slice(0, 10);
        const startDate = orders.addDays(day, 5);
        const orderNo = `B${day.replaceAll('-', '')}${String(i).padStart(7, '0')}`;
        if (i === Math.floor(TOTAL * 0.6)) sampleNo = orderNo;
        const count = plan.named_list ? (plan.product === 'personal' ? 1 : perOrder) : 50;
        rows.push({
          order_no: orderNo,
          policy_no: STATUSES[i % STATUSES.length] === 'unpaid' ? null : `BP${String(i).padStart(10, '0')}`,
          user_id: i % 5 < 2 ? demoId : others[i % others.length],
          product: plan.product,
          plan_id: plan.id,
          plan_name: plan.name,
          plan_snapshot: JSON.stringify(plan),
          named_list: plan.named_list ? 1 : 0,
          class: plan.classes[0],
          months: 12,
          start_date: startDate,
          end_date: orders.endDateFor(startDate, 12),
          insured_count: count,
          per_person: plan.annual[String(plan.classes[0])],
          rate: 100,
          premium: plan.annual[String(plan.classes[0])] * count,
          status: STATUSES[i % STATUSES.length],
          holder_name: `测试公司${i % 997}`,
          policyholder: '{"name":"x","credit_code":"","contact":"x","mobile":"13800138000","email":"","address":""}',
          created_at: created,
          updated_at: created,
        });
      }
      const ids = await tx`INSERT INTO policy_order ${tx(rows)} RETURNING id, named_list, insured_count, start_date, end_date`;
      const people: Record<string, unknown>[] = [];
      for (const r of ids) {
        if (!num(r.named_list) || insuredLeft <= 0) continue;
        const n = Math.min(num(r.insured_count), insuredLeft);
        insuredLeft -= n;
        for (let k = 0; k < n; k++) {
          people.push({
            order_id: num(r.id),
            name: '员工',
            id_no: makeResidentId('1988-05-05', k % 1000),
            gender: 1,
            birthday: '1988-05-05',
            class: 1,
            active_from: r.start_date,
            active_to: r.end_date,
            created_at: now,
          });
          if (people.length === 450) {
            await tx`INSERT INTO order_insured ${tx(people)}`;
            people.length = 0;
          }
        }
      }
      if (people.length) await tx`INSERT INTO order_insured ${tx(people)}`;
    });
  }
  // Top up to exactly INSURED rows on named orders (headcount plans have none).
  const [cnt] = await db.sql`SELECT COUNT(*) AS n FROM order_insured`;
  console.log(`filled ${TOTAL} orders, ${num(cnt.n)} insured rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { demoId, sampleNo };
}

async function main() {
  const db = openDb(join(dir, 'bench.db'));
  const { demoId, sampleNo } = await fill(db);
  if (db.dialect === 'sqlite') await db.sql.unsafe('ANALYZE');
  const today = await orders.siteToday(db);
  const q = (extra: Partial<import('../../src/features/orders').OrderListQuery>) => ({
    type: 'guzhu' as const,
    status: '' as const,
    keyword: '',
    start: '',
    end: '',
    page: 1,
    limit: 10 as const,
    ...extra,
  });
  console.log(`\norder lists (demo member: ${TOTAL * 0.4} orders), ${db.dialect}:`);
  await time('guzhu page 1', () => orders.listOrders(db, demoId, q({}), today));
  await time('guzhu page 100', () => orders.listOrders(db, demoId, q({ page: 100 }), today));
  await time('guzhu status=effective', () => orders.listOrders(db, demoId, q({ status: 'effective' }), today));
  await time('guzhu status=expired (by date too)', () => orders.listOrders(db, demoId, q({ status: 'expired' }), today));
  await time('guzhu start-date range (30 days)', () =>
    orders.listOrders(db, demoId, q({ start: orders.addDays(today, -200), end: orders.addDays(today, -170) }), today),
  );
  await time('keyword = an order number', () => orders.listOrders(db, demoId, q({ type: '', keyword: sampleNo }), today));
  await time('withoutDetail page 1', () => orders.listOrders(db, demoId, q({ type: 'withoutDetail' }), today));
  await time('all types page 1 (API without type)', () => orders.listOrders(db, demoId, q({ type: '' }), today));

  const api = createApi({ getDb: () => db });
  const token = await apiLogin(api, 'demo', 'Demo#2026');
  /** POST a JSON body as the demo member; throws unless the API answers 200. */
  const post = async (path: string, body: unknown) => {
    const res = await api.request(`${ORIGIN}/userapi/v1/${path}`, {
      method: 'POST',
      headers: { 'ba-user-token': token, 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`status ${res.status} ${await res.text()}`);
    return res;
  };
  await time('GET /order/list?type=guzhu (in process)', async () => {
    const res = await api.request(`${ORIGIN}/userapi/v1/order/list?type=guzhu&page=3`, { headers: { 'ba-user-token': token } });
    if (res.status !== 200) throw new Error(`status ${res.status}`);
    await res.arrayBuffer();
  });

  // A 10 000-row order, then its roster.
  const plan = (await listProducts(db))[0].plans[1];
  await db.sql`UPDATE product_plan SET max_insured = 20000 WHERE id = ${plan.id}`;
  const people = Array.from({ length: 10_000 }, (_, i) => ({
    name: `员工${String.fromCharCode(0x4e00 + (i % 5000))}${String.fromCharCode(0x4e00 + ((i * 7) % 5000))}`,
    id_no: makeResidentId(`19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 9}`, i % 1000, String(110101 + Math.floor(i / 1000))),
    class: 1,
  }));
  const csv = `姓名,身份证号,职业类别\n${people.map((p) => `${p.name},${p.id_no},1`).join('\n')}\n`;
  const xlsx = toXlsx([['姓名', '身份证号', '职业类别'], ...people.map((p) => [p.name, p.id_no, '1'])]);
  const planSnap = snapshotOf({ ...plan, max_insured: 20_000 });
  console.log('\n10 000-row insured import:');
  await time(
    'CSV parse + check (10 000 rows)',
    async () => checkSheet(parseCsv(csv), planSnap, { classDefault: 1, onDate: orders.addDays(today, 5) }),
    20,
  );
  await time(
    'XLSX unzip + parse + check (10 000 rows)',
    async () => checkSheet(parseXlsx(xlsx) ?? [], planSnap, { classDefault: 1, onDate: orders.addDays(today, 5) }),
    20,
  );
  const { storeServerFile, getStorage } = await import('../../src/features/upload');
  const file = await storeServerFile(db, getStorage(), {
    userId: demoId,
    topic: 'insured',
    name: 'ten-thousand.csv',
    mime: 'text/csv',
    bytes: new TextEncoder().encode(csv),
  });
  await time(
    'POST /order/importInsured (10 000-row CSV)',
    async () => {
      const res = await post('order/importInsured', { file_id: file.id, plan_id: plan.id, class: 1, start_date: orders.addDays(today, 5) });
      await res.arrayBuffer();
    },
    10,
  );
  let n = 0;
  let bigId = 0;
  await time(
    'POST /order/create, 10 000 rows from the file',
    async () => {
      const res = await post('order/create', {
        request_id: `bench-create-${++n}`,
        plan_id: plan.id,
        class: 1,
        months: 12,
        start_date: orders.addDays(today, 5),
        policyholder: { name: '压测公司', contact: '张三', mobile: '13800138000' },
        insured_file_id: file.id,
      });
      bigId = ((await res.json()) as { data: { order: { id: number } } }).data.order.id;
    },
    10,
  );
  console.log('\nroster of a 10 000-person order:');
  await time('insured page 1', () => orders.listInsured(db, bigId, { page: 1, limit: 20 }));
  await time('insured page 400', () => orders.listInsured(db, bigId, { page: 400, limit: 20 }));
  await time('insured search by name', () =>
    orders.listInsured(db, bigId, { keyword: `员工${String.fromCharCode(0x4e00 + 777)}`, page: 1, limit: 20 }),
  );
  await time('insured as of a date', () => orders.listInsured(db, bigId, { asOf: orders.addDays(today, 30), page: 1, limit: 20 }));
  await db.close();
}

try {
  await main();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
