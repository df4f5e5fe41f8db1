/**
 * What the area benchmarks in scripts/bench/*.ts share: percentiles, the warm-up-then-time loop,
 * an in-process API login and the "SQLite, then PostgreSQL when TEST_PG_URL is set" run.
 * It lives beside scripts/bench/, not in it: `bun run bench --area` runs every file there.
 * It imports nothing from src/ statically, so a benchmark can import it before it sets DATA_DIR.
 */
import { SQL } from 'bun';
import { join } from 'node:path';
import type { Db } from '../src/server/db/client';

/** The origin the in-process API requests name (the pipeline refuses cross-origin writes). */
export const ORIGIN = 'http://localhost';

/** The p-th percentile (nearest rank) of a list of samples. */
export function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** Milliseconds with two decimals: `1.23 ms`. */
export const ms = (x: number): string => `${x.toFixed(2)} ms`;

/**
 * Runs `fn` ten times to warm up, then `runs` times timed, and prints one line: the label padded
 * to `pad` characters, then p50 and p99.
 */
export async function timeRuns(label: string, fn: () => Promise<unknown>, runs: number, pad: number): Promise<void> {
  for (let i = 0; i < 10; i++) await fn();
  const lat: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    lat.push(performance.now() - t);
  }
  console.log(`  ${label.padEnd(pad)} p50 ${ms(pct(lat, 50)).padStart(10)}   p99 ${ms(pct(lat, 99)).padStart(10)}`);
}

/** The app `createApi` returns, as far as a benchmark uses it. */
interface InProcessApi {
  request(url: string, init?: RequestInit): Response | Promise<Response>;
}

/** Signs in through POST /userapi/v1/user/login on the in-process API; answers the token. */
export async function apiLogin(app: InProcessApi, account: string, password: string): Promise<string> {
  const res = await app.request(`${ORIGIN}/userapi/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ account, password }),
  });
  return ((await res.json()) as { data: { userInfo: { token: string } } }).data.userInfo.token;
}

/** How `onEngines` names the engines in its output, and the scratch PostgreSQL database. */
export interface EngineLabels {
  sqlite: string;
  postgres: string;
  /** The line printed when TEST_PG_URL is not set. */
  skipped: string;
  /** The name of the scratch database created on the TEST_PG_URL cluster (dropped afterwards). */
  pgDatabase: string;
}

/**
 * Runs the benchmark on a SQLite file in `dir`, then, with TEST_PG_URL, on a scratch PostgreSQL
 * database it creates and drops. `openDb` is passed in because it must be imported after DATA_DIR is set.
 */
export async function onEngines(
  dir: string,
  openDb: (url: string) => Db,
  labels: EngineLabels,
  run: (engine: string, db: Db) => Promise<void>,
): Promise<void> {
  const sqlite = openDb(`sqlite://${join(dir, 'bench.db')}`);
  await run(labels.sqlite, sqlite);
  await sqlite.close();
  const pg = process.env.TEST_PG_URL;
  if (!pg) {
    console.log(labels.skipped);
    return;
  }
  const admin = new SQL(pg);
  await admin.unsafe(`CREATE DATABASE ${labels.pgDatabase}`);
  const u = new URL(pg);
  u.pathname = `/${labels.pgDatabase}`;
  const db = openDb(u.toString());
  try {
    await run(labels.postgres, db);
  } finally {
    await db.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${labels.pgDatabase} WITH (FORCE)`);
    await admin.close();
  }
}
