/**
 * Migrate the database (DATABASE_URL, else ${DATA_DIR:-data}/portal.db) and seed it when fresh.
 * Usage: bun scripts/migrate.ts
 */
import { migrations, openDb } from '../src/server/db';
import { ensurePortalDatabase } from '../src/demo';
import { defaultDatabaseUrl } from '../src/server/db/client';

const url = defaultDatabaseUrl();
const db = openDb(url);
try {
  const r = await ensurePortalDatabase(db);
  console.log(`[migrate] ${db.label} (${db.dialect})`);
  console.log(`[migrate] ${r.migrated} migration(s) applied; schema at version ${Math.max(...migrations.map((m) => m.version))}`);
  if (r.seeded) {
    console.log(
      `[migrate] fresh database seeded${r.demo ? ' with demo members (demo / Demo#2026, manager / Manager#2026, operator / Operator#2026)' : ' (PORTAL_DEMO=0: no demo members)'}`,
    );
  } else {
    console.log('[migrate] existing data kept (not fresh, no seed)');
  }
} catch (err) {
  console.error('[migrate] failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.close();
}
