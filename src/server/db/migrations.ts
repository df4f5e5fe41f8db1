import type { SQL } from 'bun';
import { nowSeconds, type Db, type Dialect } from './client';
import { type Migration, migrations } from './migration-list';

export { type Migration, migrations } from './migration-list';

const ID: Record<Dialect, string> = {
  sqlite: 'INTEGER PRIMARY KEY AUTOINCREMENT',
  postgres: 'SERIAL PRIMARY KEY',
};

/** Statements of one migration for one engine. */
export function statementsFor(m: Migration, dialect: Dialect): string[] {
  const list = m[dialect] ?? m.up ?? [];
  return list.map((s) => s.replaceAll('{{id}}', ID[dialect]));
}

const PG_LOCK_KEY = 7_202_611; // arbitrary, constant across instances of this app

function isBusy(err: unknown): boolean {
  const e = err as { code?: string; errno?: number } | null;
  return !!e && (e.code === 'SQLITE_BUSY' || e.code === 'SQLITE_LOCKED' || e.errno === 5 || e.errno === 6);
}

/**
 * Run `fn` in a transaction that holds the app-wide schema lock, so two instances starting at
 * once take turns: PostgreSQL `pg_advisory_xact_lock`, SQLite `BEGIN IMMEDIATE` (the write lock).
 */
export async function withSchemaLock<T>(db: Db, fn: (tx: SQL) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') {
    return (await db.sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(${PG_LOCK_KEY})`;
      return fn(tx);
    })) as T;
  }
  // Bun's SQLite driver waits for busy_timeout synchronously, which would freeze this process
  // (and a second connection of the same process could never release the lock): poll instead.
  const deadline = Date.now() + 60_000;
  await db.sql.unsafe('PRAGMA busy_timeout = 0');
  try {
    for (;;) {
      try {
        return (await db.sql.begin('IMMEDIATE', (tx) => fn(tx))) as T;
      } catch (err) {
        if (!isBusy(err) || Date.now() > deadline) throw err;
        await Bun.sleep(25 + Math.random() * 50);
      }
    }
  } finally {
    await db.sql.unsafe('PRAGMA busy_timeout = 5000');
  }
}

/** Apply pending migrations; returns how many ran. Idempotent and safe to call concurrently. */
export async function migrate(db: Db, list: Migration[] = migrations): Promise<number> {
  return withSchemaLock(db, async (tx) => {
    await tx.unsafe(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at BIGINT NOT NULL
      )`,
    );
    const rows: { version: number | string }[] = await tx`SELECT version FROM schema_migrations`;
    const applied = new Set(rows.map((r) => Number(r.version)));
    let count = 0;
    for (const m of [...list].sort((a, b) => a.version - b.version)) {
      if (applied.has(m.version)) continue;
      for (const stmt of statementsFor(m, db.dialect)) await tx.unsafe(stmt);
      await tx`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${m.version}, ${m.name}, ${nowSeconds()})`;
      count++;
    }
    return count;
  });
}
