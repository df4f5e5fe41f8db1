import { SQL } from 'bun';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../../src/server/db/client';
import { ensurePortalDatabase as ensureDatabase } from '../../src/demo';

/** A database engine the storage, domain and API tests run against. */
export interface Engine {
  name: 'sqlite' | 'postgres';
  /** SQLite: a temp-folder marker; PostgreSQL: the superuser URL of the throwaway cluster. */
  url: string;
}

let noted = false;

/**
 * SQLite always; PostgreSQL when TEST_PG_URL is set (scripts/pg-test-cluster.sh start prints one).
 * With REQUIRE_PG=1 a missing TEST_PG_URL is an error rather than a skipped variant.
 */
export function engines(): Engine[] {
  const list: Engine[] = [{ name: 'sqlite', url: `sqlite://${tmpdir()}` }];
  const pg = process.env.TEST_PG_URL;
  if (pg) list.push({ name: 'postgres', url: pg });
  else if (process.env.REQUIRE_PG === '1') {
    throw new Error('REQUIRE_PG=1 but TEST_PG_URL is not set: start a cluster with scripts/pg-test-cluster.sh start');
  } else if (!noted) {
    noted = true;
    console.warn('[test-db] TEST_PG_URL not set: PostgreSQL variants skipped (set it, or REQUIRE_PG=1 to fail)');
  }
  return list;
}

export interface TestDatabase {
  db: Db;
  /** URL of this database (open more connections to it with openDb(url)). */
  url: string;
  /** Close every connection opened through `open()` and delete the database. */
  drop(): Promise<void>;
  /** Another connection to the same database (closed by drop()). */
  open(): Db;
}

const rand = () => Math.random().toString(36).slice(2, 10);

/** A new, empty database on the engine. Pass `seed: true` to migrate and seed it too. */
export async function freshDatabase(engine: Engine, opts: { seed?: boolean } = {}): Promise<TestDatabase> {
  let url: string;
  let destroy: () => Promise<void>;
  if (engine.name === 'sqlite') {
    const file = join(tmpdir(), `portal-test-${process.pid}-${rand()}.db`);
    url = `sqlite://${file}`;
    destroy = async () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    };
  } else {
    const name = `t_${rand()}`;
    const admin = new SQL(engine.url);
    await admin.unsafe(`CREATE DATABASE ${name}`);
    await admin.close();
    const u = new URL(engine.url);
    u.pathname = `/${name}`;
    url = u.toString();
    destroy = async () => {
      const a = new SQL(engine.url);
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.close();
    };
  }
  const opened: Db[] = [];
  const open = () => {
    const d = openDb(url);
    opened.push(d);
    return d;
  };
  const db = open();
  if (opts.seed) await ensureDatabase(db, { demo: true });
  return {
    db,
    url,
    open,
    async drop() {
      for (const d of opened) await d.close().catch(() => {});
      await destroy();
    },
  };
}
