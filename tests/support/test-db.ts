import { SQL } from 'bun';
import { copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStorage } from '../../src/features/upload';
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

/**
 * The seeded demo portal is built once per engine and process, then copied for every test that
 * asks for `seed: true` (a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL): the
 * full demo (orders, claims, sealed files…) takes seconds to write through the domain functions,
 * a copy milliseconds. The copy is the same database a fresh `ensurePortalDatabase` would leave.
 */
const templates = new WeakMap<object, Map<string, Promise<string>>>();
let cloning: Promise<unknown> = Promise.resolve();

async function seededTemplate(engine: Engine): Promise<string> {
  // Demo files (seal images, sealed PDFs, policies) live in the storage the seed wrote to: a test
  // file that sets its own storage gets its own template.
  const storage = getStorage();
  let byEngine = templates.get(storage);
  if (!byEngine) {
    byEngine = new Map();
    templates.set(storage, byEngine);
  }
  let t = byEngine.get(engine.url);
  if (!t) {
    t = (async () => {
      const tpl = await freshDatabase(engine);
      await ensureDatabase(tpl.db, { demo: true });
      if (engine.name === 'sqlite') await tpl.db.sql`PRAGMA wal_checkpoint(TRUNCATE)`;
      for (const d of [tpl.db]) await d.close();
      return tpl.url;
    })();
    byEngine.set(engine.url, t);
  }
  return t;
}

/** A new, empty database on the engine. Pass `seed: true` to migrate and seed it too. */
export async function freshDatabase(engine: Engine, opts: { seed?: boolean } = {}): Promise<TestDatabase> {
  let url: string;
  let destroy: () => Promise<void>;
  const template = opts.seed ? await seededTemplate(engine) : null;
  if (engine.name === 'sqlite') {
    const file = join(tmpdir(), `portal-test-${process.pid}-${rand()}.db`);
    if (template) copyFileSync(template.slice('sqlite://'.length), file);
    url = `sqlite://${file}`;
    destroy = async () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    };
  } else {
    const name = `t_${rand()}`;
    const admin = new SQL(engine.url);
    const source = template ? new URL(template).pathname.slice(1) : null;
    // One copy at a time: PostgreSQL refuses a template that another CREATE DATABASE is reading.
    const create = cloning.then(() => admin.unsafe(source ? `CREATE DATABASE ${name} TEMPLATE ${source}` : `CREATE DATABASE ${name}`));
    cloning = create.catch(() => {});
    await create;
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
