/**
 * `bun run soak`: does the server's memory stay flat under a long mixed load (#26)?
 *
 * Starts the BUILT portal (scripts/start.ts on a fresh seeded SQLite database, like the bench),
 * then for SOAK_SECONDS (default 600) keeps SOAK_CONNECTIONS (default 64) loops busy with a mix of
 * member pages and API reads as demo, ledger writes (demo allocates to and reclaims from its
 * sub-account, each with its own request id), captcha images, and a stream of hostile requests
 * (bad dates, huge pages, unknown ids, random query strings, odd cookies and languages, large
 * bodies). Every SOAK_SAMPLE seconds (default 30) it prints the server's RSS (/proc/PID/status)
 * and the requests answered; at the end it prints the figures and whether RSS stayed within
 * ±10 % of the median of the samples after the warm-up (SOAK_WARMUP seconds, default 60). Exit
 * code 1 when not, or on any 5xx.
 *
 *   bun run soak
 *   SOAK_SECONDS=120 SOAK_WARMUP=30 bun run soak       a shorter run
 */
import { readFileSync } from 'node:fs';
import { cleanupData, freePort, serverLogTail, startServer, stopServer } from './bench-server';

const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 64);
const sampleEvery = Number(process.env.SOAK_SAMPLE ?? 30);
const warmupSeconds = Number(process.env.SOAK_WARMUP ?? 60);

const rssMiB = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round((Number(m[1]) / 1024) * 10) / 10 : Number.NaN;
};

async function login(base: string, account: string, password: string, ip: string): Promise<string> {
  const res = await fetch(`${base}/userapi/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': ip },
    body: JSON.stringify({ account, password }),
  });
  const body = (await res.json()) as { code: number; data?: { userInfo?: { token?: string } } };
  const token = body.data?.userInfo?.token;
  if (body.code !== 200001 || !token) throw new Error(`login as ${account} failed: ${JSON.stringify(body)}`);
  return token;
}

let seq = 0;
const rand = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(xs: readonly T[]): T => xs[rand(xs.length)];
const junk = (n: number) => Array.from({ length: n }, () => String.fromCharCode(33 + rand(90))).join('');

const PAGES = [
  '/user/account/overview',
  '/user/account/balance',
  '/user/account/integral',
  '/user/order/guzhu',
  '/user/order/tuanyi',
  '/user/claim/list',
  '/user/team/teamMange',
  '/user/team/allocation',
  '/user/order/endorse',
  '/',
  '/product',
];
const APIS = [
  '/userapi/v1/index/index?requiredLogin=1',
  '/userapi/v1/account/balance?limit=20',
  '/userapi/v1/account/integral?limit=50',
  '/userapi/v1/order/list?type=guzhu&limit=20',
  '/userapi/v1/claim/list?limit=20',
  '/userapi/v1/team/list',
  '/userapi/v1/team/allocations?limit=50',
  '/userapi/v1/notification/list',
  '/userapi/v1/product/list',
];
const HOSTILE_QUERIES = [
  () => `end=9999-12-31`,
  () => `start=0000-00-00&end=${junk(8)}`,
  () => `page=${'9'.repeat(rand(30) + 1)}&limit=${pick(['0', '101', '-1', '1e9', junk(3)])}`,
  () => `id=${rand(1_000_000)}`,
  () => `${junk(5)}=${encodeURIComponent(junk(rand(2000)))}`,
  () => `keyword=${encodeURIComponent(junk(60))}&status=${junk(4)}`,
];

async function main() {
  // Each loop's captcha requests come from their own address (X-Forwarded-For), so images are drawn.
  process.env.TRUST_PROXY = '1';
  const port = await freePort(3391);
  const server = await startServer(port);
  const { base, pid } = server;
  const demo = await login(base, 'demo', 'Demo#2026', '198.51.100.31');
  const [sub] = (
    (await (await fetch(`${base}/userapi/v1/team/list`, { headers: { 'ba-user-token': demo } })).json()) as {
      data: { list: { id: number; username: string }[] };
    }
  ).data.list.filter((a) => a.username === 'demo_site1');
  if (!sub) throw new Error('demo_site1 not found');
  const cookie = `ba-user-token=${demo}`;
  const counts = { pages: 0, apis: 0, writes: 0, hostile: 0, captcha: 0, errors5xx: 0, failed: 0 };
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const hostile = async () => {
    const path = pick([...APIS.map((a) => a.split('?')[0]), ...PAGES, '/userapi/v1/nope', '/user/order/groupDetail']);
    const method = pick(['GET', 'GET', 'GET', 'POST']);
    const headers: Record<string, string> = {
      cookie: pick([
        cookie,
        `${cookie}; ba-lang=${junk(4)}; ba-tz=${pick(['Mars/Olympus', 'Asia/Tokyo', junk(20)])}`,
        `ba-theme=${junk(6)}`,
        '',
      ]),
      'think-lang': pick(['en', 'zh-cn', junk(3)]),
      origin: base,
    };
    let body: string | undefined;
    if (method === 'POST') {
      headers['content-type'] = pick(['application/json', 'application/x-www-form-urlencoded', 'text/plain']);
      body = pick([JSON.stringify({ id: rand(1e9), amount: junk(5) }), junk(rand(70_000)), '{"a":'.repeat(50)]);
    }
    const res = await fetch(`${base}${path}?${pick(HOSTILE_QUERIES)()}`, { method, headers, body, redirect: 'manual' });
    await res.arrayBuffer();
    counts.hostile++;
    if (res.status >= 500) counts.errors5xx++;
  };

  const work = async (n: number) => {
    const ip = `10.1.${n}.${rand(250) + 1}`;
    while (performance.now() < deadline) {
      const r = Math.random();
      try {
        if (r < 0.3) {
          const res = await fetch(`${base}${pick(PAGES)}`, { headers: { cookie: `${cookie}; ba-lang=${pick(['en', 'zh-cn'])}` } });
          await res.arrayBuffer();
          counts.pages++;
          if (res.status >= 500) counts.errors5xx++;
        } else if (r < 0.6) {
          const res = await fetch(`${base}${pick(APIS)}`, { headers: { 'ba-user-token': demo } });
          await res.arrayBuffer();
          counts.apis++;
          if (res.status >= 500) counts.errors5xx++;
        } else if (r < 0.75) {
          const direction = seq % 2 === 0 ? 'allocate' : 'reclaim';
          const res = await fetch(`${base}/userapi/v1/team/allocate`, {
            method: 'POST',
            headers: { 'ba-user-token': demo, 'content-type': 'application/json', origin: base },
            body: JSON.stringify({ id: sub.id, direction, amount: '0.01', memo: 'soak', request_id: `soak-${Date.now()}-${seq++}` }),
          });
          await res.arrayBuffer();
          counts.writes++;
          if (res.status >= 500) counts.errors5xx++;
        } else if (r < 0.78) {
          const res = await fetch(`${base}/userapi/v1/index/clickCaptcha`, { headers: { 'x-forwarded-for': ip } });
          await res.arrayBuffer();
          counts.captcha++;
        } else {
          await hostile();
        }
      } catch {
        counts.failed++;
      }
    }
  };

  const samples: { at: number; rss: number; answered: number }[] = [];
  const answered = () => counts.pages + counts.apis + counts.writes + counts.hostile + counts.captcha;
  const sample = () => {
    const at = Math.round((performance.now() - started) / 1000);
    const rss = rssMiB(pid);
    samples.push({ at, rss, answered: answered() });
    console.log(`soak: ${String(at).padStart(4)} s  RSS ${rss.toFixed(1)} MiB  requests ${answered()}  (5xx ${counts.errors5xx})`);
  };
  console.log(`soak: ${connections} connections for ${seconds} s against ${base} (pid ${pid}); RSS every ${sampleEvery} s`);
  sample();
  const timer = setInterval(sample, sampleEvery * 1000);
  await Promise.all(Array.from({ length: connections }, (_, i) => work(i)));
  clearInterval(timer);
  sample();

  // The reference is the median of the samples after the warm-up (one sample may catch the heap
  // just before or after a collection); flat = every later sample within ±10 % of it.
  const after = samples.filter((s) => s.at >= warmupSeconds);
  const sorted = after.map((s) => s.rss).sort((a, b) => a - b);
  const ref = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  const max = Math.max(...after.map((s) => s.rss));
  const min = Math.min(...after.map((s) => s.rss));
  const spread = Math.max((max - ref) / ref, (ref - min) / ref) * 100;
  const flat = after.length > 1 && spread <= 10;
  const rate = Math.round(answered() / seconds);
  console.log(
    `soak: done — ${answered()} requests (${rate}/s; pages ${counts.pages}, API ${counts.apis}, ledger writes ${counts.writes}, ` +
      `captcha ${counts.captcha}, hostile ${counts.hostile}; 5xx ${counts.errors5xx}, failed ${counts.failed})`,
  );
  console.log(
    `soak: RSS at start ${samples[0].rss} MiB, after the ${warmupSeconds} s warm-up ${min}–${max} MiB (median ${ref}), ` +
      `end ${samples[samples.length - 1].rss} MiB: ${flat ? 'flat' : 'NOT flat'} (at most ${spread.toFixed(1)} % from the median)`,
  );
  if (counts.errors5xx) console.log(`soak: server log tail:\n${serverLogTail(20)}`);
  await stopServer();
  cleanupData();
  process.exit(flat && counts.errors5xx === 0 ? 0 : 1);
}

main().catch(async (err) => {
  console.error(err);
  await stopServer();
  cleanupData();
  process.exit(1);
});
