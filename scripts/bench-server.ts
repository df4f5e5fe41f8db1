/**
 * The bench's server: `bun scripts/start.ts` on a free loopback port with a fresh, seeded SQLite
 * database in a temp DATA_DIR, its log in DATA_DIR/server.log. One server per process.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BenchError, args, root } from './bench-config';

let server: ReturnType<typeof Bun.spawn> | undefined;
let dataDir: string | undefined;
let logFd: number | undefined;

/** Stops the server (SIGTERM, then SIGKILL after 5 s) and closes its log; safe to call twice. */
export async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const exited = await Promise.race([child.exited.then(() => true), Bun.sleep(5000).then(() => false)]);
    if (!exited) {
      child.kill('SIGKILL');
      await Promise.race([child.exited, Bun.sleep(2000)]);
    }
  }
  if (logFd !== undefined) {
    closeSync(logFd);
    logFd = undefined;
  }
}

/** Removes the temp DATA_DIR unless `--keep-data`. */
export function cleanupData(): void {
  if (dataDir && !args['keep-data']) rmSync(dataDir, { recursive: true, force: true });
}

/** The last `lines` lines of the server log, or '' when there is none. */
export function serverLogTail(lines = 30): string {
  if (!dataDir) return '';
  try {
    const text = readFileSync(join(dataDir, 'server.log'), 'utf8').trimEnd().split('\n');
    return text.slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** `preferred` when it is free, else any free port. */
export async function freePort(preferred: number): Promise<number> {
  if (await portIsFree(preferred)) return preferred;
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new BenchError('could not find a free port'))));
    });
  });
}

/** A running server: its base URL, pid and DATA_DIR. */
export interface StartedServer {
  base: string;
  pid: number;
  dataDir: string;
}

/** Starts the server on `port` and waits (up to 90 s) until it answers GET /. */
export async function startServer(port: number): Promise<StartedServer> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  dataDir = dir;
  logFd = openSync(join(dir, 'server.log'), 'a');
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    // The benchmark logs in by API; a human solves the captcha in the browser.
    PORTAL_LOGIN_CAPTCHA: '0',
  };
  // Always a fresh, seeded SQLite database in DATA_DIR, never the operator's database.
  // The demo members are what gets measured, also with NODE_ENV=production (which skips them by default).
  delete env.DATABASE_URL;
  env.PORTAL_DEMO = '1';
  server = Bun.spawn([process.execPath, 'scripts/start.ts'], {
    cwd: root,
    env,
    stdin: 'ignore',
    stdout: logFd,
    stderr: logFd,
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + 90_000;
  for (let attempt = 0; performance.now() < deadline && attempt < 900; attempt++) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new BenchError(
        `server exited (${server.exitCode ?? server.signalCode}) before answering GET /\n--- server log ---\n${serverLogTail()}`,
      );
    }
    try {
      const res = await fetch(`${base}/`, { redirect: 'manual', signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return { base, pid: server.pid, dataDir: dir };
    } catch {
      await Bun.sleep(100);
    }
  }
  throw new BenchError(`server did not answer GET / within 90 s\n--- server log ---\n${serverLogTail()}`);
}
