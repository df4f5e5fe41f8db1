/**
 * `bun run bench [-- --duration 5 --concurrency 16 --warmup 200 --json --record]`
 *
 * Benchmarks the BUILT portal on loopback: starts `bun scripts/start.ts` on a
 * free port with a fresh SQLite database in a temp DATA_DIR (migrated and
 * seeded by start.ts), logs in as the demo member, then for each route runs a
 * warm-up and a fixed-duration closed-loop load with bounded concurrency.
 * Prints a Markdown table (req/s, p50/p99 latency, server CPU per request,
 * HTML bytes, inline RSC payload bytes, client JS bytes, errors) and the
 * machine it ran on. `--record` also writes the run into docs/benchmarks.md.
 *
 * It builds only when dist/server/index.js is missing (or with --build).
 * No numbers are fixed here: everything printed is measured in this run.
 *
 * The parts: bench-config.ts (options), bench-server.ts, bench-routes.ts (login, routes),
 * bench-measure.ts, bench-report.ts (output), bench-lib.ts (generic helpers).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BenchError, args, concurrency, durationMs, preferredPort, root, warmup } from './bench-config';
import { clockTicksPerSecond } from './bench-lib';
import { benchRoute, type RouteResult } from './bench-measure';
import { DOCS, describeRun, details, machine, record, table } from './bench-report';
import { login, routes, type Route, type Session } from './bench-routes';
import { cleanupData, freePort, serverLogTail, startServer, stopServer } from './bench-server';

/** `--area x`: the area benchmarks in scripts/bench/<x>.ts, one after another, each in its own process. */
async function runAreas(areas: string[]): Promise<number> {
  const dir = join(root, 'scripts/bench');
  const all = [...new Bun.Glob('*.ts').scanSync(dir)].map((f) => f.replace(/\.ts$/, '')).sort();
  const wanted = areas.includes('all') ? all : areas;
  let failed = 0;
  for (const area of wanted) {
    if (!all.includes(area)) {
      console.error(`bench: no scripts/bench/${area}.ts (areas: ${all.join(', ') || 'none'})`);
      failed++;
      continue;
    }
    console.error(`bench: area ${area}`);
    const run = Bun.spawnSync([process.execPath, join(dir, `${area}.ts`)], { cwd: root, stdout: 'inherit', stderr: 'inherit' });
    if (!run.success) failed++;
  }
  return failed ? 1 : 0;
}

async function main(): Promise<number> {
  if (args.area?.length) return runAreas(args.area);
  if (args.build || !existsSync(join(root, 'dist/server/index.js'))) {
    console.error('bench: building (bun run build)…');
    const b = Bun.spawnSync([process.execPath, 'run', 'build'], { cwd: root, stdout: 'inherit', stderr: 'inherit' });
    if (!b.success) throw new BenchError(`bun run build failed (exit ${b.exitCode})`);
  }
  const m = machine();
  const port = await freePort(preferredPort);
  console.error(`bench: starting the server on 127.0.0.1:${port}…`);
  const { base, pid, dataDir } = await startServer(port);
  console.error(`bench: server pid ${pid}, DATA_DIR ${dataDir}`);

  const wanted = args.route ?? [];
  const known = routes(undefined).map((r) => r.name);
  const unknown = wanted.filter((w) => !known.includes(w));
  if (unknown.length) throw new BenchError(`unknown --route ${unknown.join(', ')} (known: ${known.join(', ')})`);
  const selected = (names: Route[]) => (wanted.length ? names.filter((r) => wanted.includes(r.name)) : names);

  let session: Session | undefined;
  if (selected(routes(undefined)).some((r) => r.auth)) {
    session = await login(base);
    console.error('bench: logged in as demo');
  }

  const ticksPerSec = clockTicksPerSecond();
  const results: RouteResult[] = [];
  for (const route of selected(routes(session))) {
    console.error(`bench: ${route.name} (warm-up ${warmup}, then ${durationMs / 1000} s at concurrency ${concurrency})…`);
    results.push(await benchRoute(base, route, pid, ticksPerSec));
  }
  await stopServer();

  const out = `${describeRun(m)}\n\n${table(results)}\n\n${details(results)}`;
  console.log(`\n${out}\n`);
  if (args.json) console.log(JSON.stringify({ machine: m, options: { durationMs, concurrency, warmup }, results }, null, 2));
  if (args.record) {
    record(out);
    console.error(`bench: recorded in ${DOCS}`);
  }
  return results.some((r) => r.errors > 0) ? 1 : 0;
}

let exiting = false;
const onSignal = (sig: NodeJS.Signals) => {
  if (exiting) return;
  exiting = true;
  console.error(`bench: ${sig}, stopping the server`);
  void stopServer().finally(() => {
    cleanupData();
    process.exit(130);
  });
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

let code = 1;
try {
  code = await main();
} catch (e) {
  if (e instanceof BenchError) console.error(`bench: FAILED: ${e.message}`);
  else console.error('bench: FAILED:', e);
  const tail = serverLogTail(15);
  if (tail && !(e instanceof BenchError && e.message.includes('--- server log ---'))) {
    console.error(`--- server log (last lines) ---\n${tail}`);
  }
  code = 1;
} finally {
  await stopServer();
  cleanupData();
}
process.exit(code);
