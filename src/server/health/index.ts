/**
 * Liveness and readiness for load balancers and orchestrators (docs/deployment.md, "Health"):
 *
 * - `GET /healthz`: the process serves requests. No database access, so a database outage does
 *   not make an orchestrator restart every instance at once.
 * - `GET /readyz`: this instance can serve members: the database answers within two seconds and
 *   every migration this build knows is applied. A schema with *more* migrations (a newer build
 *   started first during a rolling upgrade) is still ready: migrations only add. An instance
 *   that is draining for a graceful stop (`markDraining`, from scripts/start.ts) is not ready.
 *
 * Answered in the server entry ahead of every middleware: a probe never opens a session, touches
 * the page cache or runs the migrations itself.
 */
import { getDb, type Db, num } from '~/server/db/client';
import { migrations } from '~/server/db/migrations';
import { instanceName } from '~/server/http/trace';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
const DB_TIMEOUT_MS = 2_000;

// On globalThis: scripts/start.ts loads this module from src/, the server from dist/, two copies.
const DRAINING = Symbol.for('member-portal.draining');
type DrainFlag = { [DRAINING]?: boolean };

/** From now on `/readyz` answers 503 "draining": a balancer that polls it stops sending work. */
export function markDraining(): void {
  (globalThis as DrainFlag)[DRAINING] = true;
}

/** Whether this process is stopping gracefully (scripts/start.ts). */
export function isDraining(): boolean {
  return (globalThis as DrainFlag)[DRAINING] === true;
}

export type Readiness = { ready: true; schema: number } | { ready: false; reason: string };

/** Whether `db` answers and holds every migration of `known` (default: this build's). */
export async function readiness(db: Db, known: readonly { version: number }[] = migrations): Promise<Readiness> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DB_TIMEOUT_MS / 1000} s`)), DB_TIMEOUT_MS);
  });
  let applied: Set<number>;
  try {
    const rows = await Promise.race([db.sql`SELECT version FROM schema_migrations`, timeout]);
    applied = new Set((rows as { version: number | string }[]).map((r) => num(r.version)));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/schema_migrations/.test(message)) return { ready: false, reason: 'migrations pending: the schema is empty' };
    return { ready: false, reason: `database unreachable: ${message.slice(0, 200)}` };
  } finally {
    clearTimeout(timer);
  }
  const pending = known.map((m) => m.version).filter((v) => !applied.has(v));
  if (pending.length) return { ready: false, reason: `migrations pending: ${pending.join(', ')}` };
  return { ready: true, schema: Math.max(0, ...applied) };
}

const json = (status: number, body: Record<string, unknown>, head: boolean) =>
  new Response(head ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });

/** The answer to a health or readiness probe, or null when `req` is not one. */
export function healthResponse(req: Request, db: () => Db = getDb): Promise<Response> | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  // Only the path matters; the query string of a probe is ignored.
  const url = req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const query = url.indexOf('?', start);
  const path = url.slice(start, query < 0 ? undefined : query);
  if (path !== HEALTH_PATH && path !== READY_PATH) return null;
  const head = req.method === 'HEAD';
  const instance = instanceName() ?? null;
  if (path === HEALTH_PATH) return Promise.resolve(json(200, { status: 'ok', instance }, head));
  if (isDraining()) return Promise.resolve(json(503, { status: 'not ready', reason: 'draining', instance }, head));
  return readiness(db()).then((r) =>
    r.ready
      ? json(200, { status: 'ready', schema: r.schema, instance }, head)
      : json(503, { status: 'not ready', reason: r.reason, instance }, head),
  );
}
