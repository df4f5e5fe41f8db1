import { expect, test } from 'bun:test';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultDatabaseUrl, num, numOrNull, openDb } from './client';

test('SQLite file: folder created, WAL and busy_timeout set', async () => {
  const dir = join(tmpdir(), `portal-client-${process.pid}-${Date.now()}`);
  const db = openDb(`sqlite://${join(dir, 'nested', 'x.db')}`);
  try {
    expect(db.dialect).toBe('sqlite');
    expect(existsSync(join(dir, 'nested'))).toBe(true);
    const [mode] = await db.sql.unsafe('PRAGMA journal_mode');
    const [timeout] = await db.sql.unsafe('PRAGMA busy_timeout');
    expect(mode.journal_mode).toBe('wal');
    expect(timeout.timeout).toBe(5000);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test(':memory: works; postgres URLs select PostgreSQL with the password hidden', async () => {
  const mem = openDb(':memory:');
  expect((await mem.sql`SELECT 1 + 1 AS n`)[0].n).toBe(2);
  await mem.close();
  const pg = openDb('postgres://app:s3cret@db.internal:5432/portal');
  expect(pg.dialect).toBe('postgres');
  expect(pg.label).toBe('postgres://app:***@db.internal:5432/portal');
  await pg.close();
});

test('default URL: DATABASE_URL, else DATA_DIR/portal.db, else data/portal.db', () => {
  expect(defaultDatabaseUrl({ DATABASE_URL: 'postgres://x/y' })).toBe('postgres://x/y');
  expect(defaultDatabaseUrl({ DATA_DIR: '/srv/portal' })).toBe('sqlite:///srv/portal/portal.db');
  expect(defaultDatabaseUrl({})).toEndWith('/data/portal.db');
});

test('num normalises PostgreSQL strings', () => {
  expect(num('42')).toBe(42);
  expect(num(7)).toBe(7);
  expect(num(null)).toBe(0);
  expect(numOrNull(null)).toBeNull();
  expect(numOrNull('5')).toBe(5);
});
