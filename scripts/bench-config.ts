/**
 * Command line and shared constants of `scripts/bench.ts`. Parsing happens on import, before any
 * other bench module does work, so `--help` and a bad option exit before a server starts.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The repository root (the server is started from here). */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The seeded demo member the authenticated routes run as. */
export const DEMO = { account: 'demo', password: 'Demo#2026' };

/** A failure the bench explains itself: printed as its message, without a stack. */
export class BenchError extends Error {}

/** The parsed command line (see `--help`). */
export const { values: args } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    duration: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '16' },
    warmup: { type: 'string', default: '200' },
    port: { type: 'string', default: '3390' },
    'max-requests': { type: 'string', default: '2000000' },
    timeout: { type: 'string', default: '10' },
    json: { type: 'boolean', default: false },
    record: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    'keep-data': { type: 'boolean', default: false },
    route: { type: 'string', multiple: true },
    area: { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});

if (args.help) {
  console.log(`Usage: bun run bench [-- options]
  --duration <s>        measured run per route, seconds (default 5)
  --concurrency <n>     requests in flight (default 16)
  --warmup <n>          warm-up requests per route (default 200)
  --port <n>            server port; another free port is used if taken (default 3390)
  --max-requests <n>    hard cap per route run (default 2000000)
  --timeout <s>         per-request timeout, seconds (default 10)
  --json                also print the results as JSON
  --record              write this run into docs/benchmarks.md
  --build               run \`bun run build\` even if dist/ exists
  --keep-data           keep the temp DATA_DIR (path is printed)
  --route <path>        only this route (repeatable): /, /user/account/overview, /userapi/v1/index/index
  --area <name>         run a business area's own benchmark instead (repeatable; \`all\` for every
                        scripts/bench/<name>.ts): uploads, account, orders, operator, team, sealing, …`);
  process.exit(0);
}

function positive(name: string, raw: string, integer: boolean): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    console.error(`bench: --${name} must be a positive ${integer ? 'integer' : 'number'}, got "${raw}"`);
    process.exit(2);
  }
  return n;
}
/** Measured run per route, ms. */
export const durationMs = positive('duration', args.duration!, false) * 1000;
/** Requests in flight during warm-up and the measured run. */
export const concurrency = positive('concurrency', args.concurrency!, true);
/** Warm-up requests per route. */
export const warmup = positive('warmup', args.warmup!, true);
/** Server port to try first. */
export const preferredPort = positive('port', args.port!, true);
/** Hard cap of requests per measured run. */
export const maxRequests = positive('max-requests', args['max-requests']!, true);
/** Per-request timeout, ms. */
export const timeoutMs = positive('timeout', args.timeout!, false) * 1000;
