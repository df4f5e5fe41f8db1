/**
 * Migrations and the first-start seed run once when several instances start together on one fresh
 * database, both engines: five connections of one process calling `ensurePortalDatabase` at once,
 * and three `bun scripts/migrate.ts` processes started at the same moment. Every migration is
 * recorded once and applied by exactly one of them, exactly one seeds, and the data is that of a
 * single seed: each demo member and the seed marker once, every table as many rows as a database
 * seeded once, and the demo member's balance and points equal to its (not doubled) ledger entries.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePortalDatabase } from '~/demo';
import { LocalStorage, setStorage } from '~/features/upload';
import { DEMO_USERS, migrations, num, openDb, type Db } from '~/server/db';
import { portalDatabase, ROOT } from '../support/server';
import { engines, freshDatabase } from '../support/test-db';

const VERSIONS = migrations.map((m) => m.version).sort((a, b) => a - b);

/** Rows per table (every table of the schema). */
async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables: { name: string }[] =
    db.dialect === 'sqlite'
      ? await db.sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`
      : await db.sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`;
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await db.sql.unsafe(`SELECT COUNT(*) AS n FROM "${name}"`);
    counts[name] = num(row.n);
  }
  return counts;
}

/** What a single seed leaves once: demo members, the seed marker, the demo member's ledgers. */
async function seedFacts(db: Db) {
  const members = await db.sql`SELECT username, COUNT(*) AS n FROM "user" GROUP BY username ORDER BY username`;
  const [marker] = await db.sql`SELECT COUNT(*) AS n FROM site_config WHERE key = 'seededAt'`;
  const [demo] = await db.sql`SELECT id, money, score FROM "user" WHERE username = 'demo'`;
  const ledger = async (table: 'user_money_log' | 'user_score_log') => {
    const [r] = await db.sql.unsafe(`SELECT COUNT(*) AS n, COALESCE(SUM(amount), 0) AS total FROM ${table} WHERE user_id = $1`, [
      num(demo.id),
    ]);
    return { entries: num(r.n), total: num(r.total) };
  };
  return {
    members: Object.fromEntries(members.map((m: { username: string; n: unknown }) => [m.username, num(m.n)])),
    seededAt: num(marker.n),
    money: { balance: num(demo.money), ...(await ledger('user_money_log')) },
    score: { balance: num(demo.score), ...(await ledger('user_score_log')) },
  };
}

async function recordedVersions(db: Db): Promise<number[]> {
  const rows = await db.sql`SELECT version FROM schema_migrations ORDER BY version`;
  return rows.map((r: { version: unknown }) => num(r.version));
}

/** `bun scripts/migrate.ts` as an instance's start runs it; resolves with its exit code and output. */
async function migrateProcess(env: Record<string, string>) {
  const proc = Bun.spawn([process.execPath, 'scripts/migrate.ts'], { cwd: ROOT, env, stdout: 'pipe', stderr: 'pipe' });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, out, err };
}

const uploads = mkdtempSync(join(tmpdir(), 'portal-migrate-once-'));

beforeAll(() => setStorage(new LocalStorage(uploads)));
afterAll(() => {
  setStorage(null);
  rmSync(uploads, { recursive: true, force: true });
});

for (const engine of engines()) {
  describe(`migrations and the first seed run once on ${engine.name}`, () => {
    let onceCounts: Record<string, number>;
    let onceFacts: Awaited<ReturnType<typeof seedFacts>>;

    beforeAll(async () => {
      const once = await freshDatabase(engine, { seed: true });
      try {
        onceCounts = await tableCounts(once.db);
        onceFacts = await seedFacts(once.db);
      } finally {
        await once.drop();
      }
      // The reference itself: each member once (the demo logins among them), balances equal to their entries.
      for (const u of DEMO_USERS) expect(onceFacts.members[u.username]).toBe(1);
      expect(Object.values(onceFacts.members).every((n) => n === 1)).toBe(true);
      expect(onceFacts.seededAt).toBe(1);
      expect(onceFacts.money.balance).toBe(onceFacts.money.total);
      expect(onceFacts.score.balance).toBe(onceFacts.score.total);
    }, 120_000);

    async function expectSeededOnce(db: Db) {
      expect(await recordedVersions(db)).toEqual(VERSIONS);
      expect(await seedFacts(db)).toEqual(onceFacts);
      expect(await tableCounts(db)).toEqual(onceCounts);
    }

    test('five connections calling ensurePortalDatabase at once: each migration applied once, one seed', async () => {
      const t = await freshDatabase(engine);
      try {
        const connections = [t.db, ...Array.from({ length: 4 }, () => t.open())];
        const results = await Promise.all(connections.map((db) => ensurePortalDatabase(db, { demo: true })));
        expect(results.reduce((sum, r) => sum + r.migrated, 0)).toBe(migrations.length);
        expect(results.filter((r) => r.seeded)).toHaveLength(1);
        await expectSeededOnce(t.db);
      } finally {
        await t.drop();
      }
    }, 120_000);

    test('three `bun scripts/migrate.ts` processes started together: all exit 0, one applies each, one seeds', async () => {
      const target = await portalDatabase(engine);
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
      delete env.DATABASE_URL;
      delete env.NODE_ENV; // bun test sets NODE_ENV=test; instances run as `bun run start` would
      Object.assign(env, { DATA_DIR: target.dataDir, PORTAL_DEMO: '1' });
      if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
      const db = openDb(target.databaseUrl ?? `sqlite://${join(target.dataDir, 'portal.db')}`);
      try {
        const runs = await Promise.all([0, 1, 2].map(() => migrateProcess(env)));
        for (const r of runs) expect({ code: r.code, log: r.code ? r.out + r.err : '' }).toEqual({ code: 0, log: '' });
        const applied = runs.map((r) => Number(/(\d+) migration\(s\) applied/.exec(r.out)?.[1] ?? Number.NaN));
        expect(applied.reduce((a, b) => a + b, 0)).toBe(migrations.length);
        expect(runs.filter((r) => r.out.includes('fresh database seeded'))).toHaveLength(1);
        await expectSeededOnce(db);
      } finally {
        await db.close();
        await target.drop();
      }
    }, 120_000);
  });
}
