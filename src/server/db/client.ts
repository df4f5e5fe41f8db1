import { SQL } from 'bun';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export type Dialect = 'sqlite' | 'postgres';

/** A database handle: Bun's tagged-template SQL client plus the engine it talks to. */
export interface Db {
  /** Tagged-template client: `db.sql\`SELECT … ${value}\``; `db.sql.begin(tx => …)` for transactions. */
  readonly sql: SQL;
  readonly dialect: Dialect;
  /** Connection URL with any password removed (safe to log). */
  readonly label: string;
  close(): Promise<void>;
}

/** The URL used when none is given: `DATABASE_URL`, else the SQLite file `${DATA_DIR ?? 'data'}/portal.db`. */
export function defaultDatabaseUrl(env: Record<string, string | undefined> = process.env): string {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  return `sqlite://${resolve(env.DATA_DIR || 'data', 'portal.db')}`;
}

/** Accepted: `postgres://…`, `postgresql://…`, `sqlite://path`, `file:path`, `:memory:` or a bare file path. */
export function openDb(url: string = defaultDatabaseUrl()): Db {
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const sql = new SQL({ url, adapter: 'postgres', max: Number(process.env.DATABASE_POOL_MAX) || 10 });
    return makeDb(sql, 'postgres', url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@'));
  }
  let filename = url;
  if (/^sqlite:\/\//i.test(url)) filename = url.slice('sqlite://'.length);
  else if (/^file:/i.test(url)) filename = url.replace(/^file:(\/\/)?/i, '');
  if (filename === '' || filename === ':memory:') filename = ':memory:';
  else mkdirSync(dirname(resolve(filename)), { recursive: true });
  const sql = new SQL({ adapter: 'sqlite', filename, create: true, readwrite: true });
  // Queries are lazy; execute() starts them at once, in order, on the single SQLite connection,
  // so every later query sees these settings without openDb having to be async.
  if (filename !== ':memory:') sql.unsafe('PRAGMA journal_mode = WAL').execute();
  sql.unsafe('PRAGMA busy_timeout = 5000').execute();
  sql.unsafe('PRAGMA foreign_keys = ON').execute();
  return makeDb(sql, 'sqlite', `sqlite://${filename}`);
}

function makeDb(sql: SQL, dialect: Dialect, label: string): Db {
  return {
    sql,
    dialect,
    label,
    close: () => sql.close({ timeout: 5 }),
  };
}

/**
 * The process-wide database lives on `globalThis`, not in this module: `scripts/start.ts` (token
 * purge, the scheduler) and the built server bundle each load their own copy of this file, and
 * one pool per process keeps an instance at DATABASE_POOL_MAX connections, not twice that.
 */
const PROCESS_DB = Symbol.for('member-portal.db');
const holder = globalThis as { [PROCESS_DB]?: Db };

/** The process-wide database, opened from the environment on first use. */
export function getDb(): Db {
  holder[PROCESS_DB] ??= openDb();
  return holder[PROCESS_DB];
}

/** Replace (or clear) the process-wide database; for scripts and tests. */
export function setDb(db: Db | undefined): void {
  holder[PROCESS_DB] = db;
}

/** PostgreSQL returns COUNT(*) and BIGINT columns as strings; SQLite returns numbers. */
export function num(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return typeof value === 'number' ? value : Number(value);
}

/** Like {@link num} but keeps SQL NULL as null. */
export function numOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : num(value);
}

/** Current time in Unix seconds (the unit of every time column). */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
