/**
 * `bun run soak`: does the server's memory stay flat under a long mixed load (#26)?
 *
 * Starts the BUILT portal (scripts/start.ts on a fresh seeded SQLite database, like the bench),
 * then for SOAK_SECONDS (default 600) keeps SOAK_CONNECTIONS (default 64) loops busy with a mix of
 * member pages and API reads as demo, ledger writes (demo allocates to and reclaims from its
 * sub-account, each with its own request id), captcha images, and a stream of hostile requests
 * (bad dates, huge pages, unknown ids, random query strings, odd cookies and languages, large
 * bodies). Every SOAK_SAMPLE seconds (default 10) it prints the server's RSS (/proc/PID/status),
 * the server's JS heap / native split and the requests answered; after the load it keeps sampling
 * for SOAK_COOLDOWN seconds (default 30). At the end it prints the figures and whether the median
 * RSS of each minute after the warm-up (SOAK_WARMUP seconds, default 60) stayed within ±10 % of
 * the median of those minutes. Exit code 1 when not, or on any 5xx.
 *
 *   bun run soak
 *   SOAK_SECONDS=120 SOAK_WARMUP=30 bun run soak       a shorter run
 */
import { readFileSync } from 'node:fs';
import { cleanupData, freePort, serverLogTail, startServer, stopServer } from './bench-server';

const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const connections = Number(process.env.SOAK_CONNECTIONS ?? 64);
const sampleEvery = Number(process.env.SOAK_SAMPLE ?? 10);
const warmupSeconds = Number(process.env.SOAK_WARMUP ?? 60);
const cooldownSeconds = Number(process.env.SOAK_COOLDOWN ?? 30);

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

/** The server's last `memory:` line (PORTAL_MEMORY_LOG in scripts/start.ts), as `  [heapUsed …]`. */
const heapSplit = (): string => {
  const line = serverLogTail(80)
    .split('\n')
    .findLast((l) => l.startsWith('memory: '));
  return line ? `  [${line.slice(8)}]` : '';
};

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
  // The server prints its JS heap vs native split as often as we sample RSS (scripts/start.ts).
  process.env.PORTAL_MEMORY_LOG = String(sampleEvery);
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
    console.log(
      `soak: ${String(at).padStart(4)} s  RSS ${rss.toFixed(1)} MiB  requests ${answered()}  (5xx ${counts.errors5xx})${heapSplit()}`,
    );
  };
  console.log(`soak: ${connections} connections for ${seconds} s against ${base} (pid ${pid}); RSS every ${sampleEvery} s`);
  sample();
  const timer = setInterval(sample, sampleEvery * 1000);
  await Promise.all(Array.from({ length: connections }, (_, i) => work(i)));
  clearInterval(timer);
  sample();
  // After the load: what stays is growth, what falls back was the sawtooth.
  let idleRss: number | undefined;
  for (let waited = 0; waited < cooldownSeconds; waited += sampleEvery) {
    await Bun.sleep(sampleEvery * 1000);
    idleRss = rssMiB(pid);
    console.log(`soak: idle ${waited + sampleEvery} s  RSS ${idleRss.toFixed(1)} MiB${heapSplit()}`);
  }

  // RSS under load is a sawtooth: the JS heap and the native memory behind it (render buffers,
  // resvg pixmaps) swing by 50–60 MiB between collections, so single samples measure where the
  // collector happened to be. The level is judged per minute: the median of each minute's samples
  // after the warm-up; flat = every minute within ±10 % of the median of those. The raw spread,
  // the trend and the RSS once the load stops (growth would stay; a sawtooth falls back) are
  // printed beside it.
  const after = samples.filter((s) => s.at >= warmupSeconds);
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  };
  const spreadAround = (xs: number[], ref: number) => Math.max(...xs.map((x) => Math.abs(x - ref) / ref)) * 100;
  const minutes = new Map<number, number[]>();
  for (const s of after) {
    const m = Math.floor((s.at - warmupSeconds) / 60);
    minutes.set(m, [...(minutes.get(m) ?? []), s.rss]);
  }
  const perMinute = [...minutes.values()].map(median);
  const level = median(perMinute);
  const minuteSpread = spreadAround(perMinute, level);
  const rawRef = median(after.map((s) => s.rss));
  const rawSpread = spreadAround(
    after.map((s) => s.rss),
    rawRef,
  );
  // Least-squares slope of RSS over time after the warm-up, in MiB per minute.
  const meanAt = after.reduce((a, s) => a + s.at, 0) / after.length;
  const meanRss = after.reduce((a, s) => a + s.rss, 0) / after.length;
  const slope =
    (after.reduce((a, s) => a + (s.at - meanAt) * (s.rss - meanRss), 0) / after.reduce((a, s) => a + (s.at - meanAt) ** 2, 0)) * 60;
  const flat = perMinute.length > 1 && minuteSpread <= 10;
  const rate = Math.round(answered() / seconds);
  console.log(
    `soak: done — ${answered()} requests (${rate}/s; pages ${counts.pages}, API ${counts.apis}, ledger writes ${counts.writes}, ` +
      `captcha ${counts.captcha}, hostile ${counts.hostile}; 5xx ${counts.errors5xx}, failed ${counts.failed})`,
  );
  console.log(
    `soak: RSS at start ${samples[0].rss} MiB; after the ${warmupSeconds} s warm-up samples ${Math.min(...after.map((s) => s.rss))}–` +
      `${Math.max(...after.map((s) => s.rss))} MiB (±${rawSpread.toFixed(1)} % around ${rawRef}), trend ${slope.toFixed(2)} MiB/min; ` +
      `${idleRss === undefined ? '' : `${cooldownSeconds} s after the load ${idleRss} MiB; `}` +
      `per-minute medians ${perMinute.map((m) => m.toFixed(0)).join(' ')} MiB: ${flat ? 'flat' : 'NOT flat'} ` +
      `(at most ${minuteSpread.toFixed(1)} % from ${level} MiB)`,
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
