/**
 * Demo data: members with known passwords (documented in the README) on a fresh database, unless
 * PORTAL_DEMO=0 (or production). Everything the product itself needs is reference data
 * (./reference), synced at every start.
 */
import type { SQL } from 'bun';
import { num, nowSeconds, type Db } from './client';
import { migrate, withSchemaLock } from './migrations';
import { REFERENCE, syncReferenceData, type ReferenceData, type SyncReport } from './reference/sync';

export { REFERENCE };

/** Demo logins (documented in the README); seeded unless PORTAL_DEMO=0. */
export const DEMO_USERS = [
  {
    username: 'demo',
    password: 'Demo#2026',
    group: 'default',
    nickname: '演示会员',
    email: 'demo@example.com',
    mobile: '13800138000',
    gender: 1,
    money: 1_250_000,
    score: 320,
    motto: '安全生产，保障无忧',
  },
  {
    username: 'manager',
    password: 'Manager#2026',
    group: 'manager',
    nickname: '现场经理',
    email: 'manager@example.com',
    mobile: '13900139000',
    gender: 2,
    money: 50_000,
    score: 40,
    motto: '',
  },
  {
    username: 'operator',
    password: 'Operator#2026',
    group: 'operator',
    nickname: '运营专员',
    email: 'operator@example.com',
    mobile: null,
    gender: 0,
    money: 0,
    score: 0,
    motto: '',
  },
] as const;

/** What a demo seeder gets: the database, the demo members' ids by username, and the seed time. */
export interface DemoContext {
  db: Db;
  users: Record<string, number>;
  now: number;
}

/**
 * One business area's demo data, written through its domain functions after the demo members
 * exist. The composition (which areas, in which order) lives in src/demo, above the features.
 */
export type DemoSeeder = (ctx: DemoContext) => Promise<void>;

export interface SeedOptions {
  /** Seed the demo members (default: `demoByDefault()`). */
  demo?: boolean;
  /** Run in order after the demo members are committed, by the one instance that seeded them. */
  demoSeeders?: DemoSeeder[];
}

/**
 * Demo members (known passwords) are seeded unless PORTAL_DEMO=0; in production
 * (NODE_ENV=production) only when PORTAL_DEMO=1 says so explicitly.
 */
export function demoByDefault(env: Record<string, string | undefined> = process.env): boolean {
  if (env.PORTAL_DEMO !== undefined && env.PORTAL_DEMO !== '') return env.PORTAL_DEMO !== '0';
  return env.NODE_ENV !== 'production';
}

/** A database is fresh when it has no seed marker and no members. */
export async function isFresh(sql: SQL): Promise<boolean> {
  const marker = await sql`SELECT key FROM site_config WHERE key = 'seededAt'`;
  if (marker.length) return false;
  const [row] = await sql`SELECT COUNT(*) AS n FROM "user"`;
  return num(row.n) === 0;
}

/**
 * Seed a fresh database with the demo members (when `demo` is on) and mark it seeded. Site
 * settings, rules and groups are reference data, written by the sync before this runs.
 * Returns `seeded: false` when the database was not fresh.
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<{ seeded: boolean; demo: boolean }> {
  const demo = options.demo ?? demoByDefault();
  if (!(await isFresh(db.sql))) return { seeded: false, demo: false }; // cheap check before hashing
  // Hash outside the lock: argon2id is slow on purpose and the lock blocks other instances.
  const hashes = demo ? await Promise.all(DEMO_USERS.map((u) => Bun.password.hash(u.password))) : [];
  const now = nowSeconds();
  const users: Record<string, number> = {};
  const result = await withSchemaLock(db, async (tx) => {
    if (!(await isFresh(tx))) return { seeded: false, demo: false };
    if (demo) {
      for (const [i, u] of DEMO_USERS.entries()) {
        const [group] = await tx`SELECT id FROM user_group WHERE code = ${u.group}`;
        const [user] = await tx`INSERT INTO "user" ${tx({
          group_id: num(group.id),
          username: u.username,
          nickname: u.nickname,
          email: u.email,
          mobile: u.mobile,
          avatar: '',
          gender: u.gender,
          money: 0, // credited by the demo seeders through the ledgers, so balance = sum of entries
          score: 0,
          password_hash: hashes[i],
          status: 'enable',
          join_time: now,
          join_ip: '127.0.0.1',
          motto: u.motto,
          created_at: now,
          updated_at: now,
        })} RETURNING id`;
        users[u.username] = num(user.id);
      }
    }
    await tx`INSERT INTO site_config (key, value, updated_at) VALUES ('seededAt', ${JSON.stringify(now)}, ${now})`;
    return { seeded: true, demo };
  });
  if (result.seeded && demo) {
    for (const seeder of options.demoSeeders ?? []) await seeder({ db, users, now });
  }
  return result;
}

export interface EnsureOptions extends SeedOptions {
  /** Reference data to sync (default: the product's). */
  reference?: ReferenceData;
}

/** Migrate, sync the reference data, then seed demo members when fresh. Run at every start. */
export async function ensureDatabase(
  db: Db,
  options: EnsureOptions = {},
): Promise<{ migrated: number; seeded: boolean; demo: boolean; synced: SyncReport }> {
  const migrated = await migrate(db);
  const synced = await syncReferenceData(db, options.reference);
  const { seeded, demo } = await seed(db, options);
  return { migrated, seeded, demo, synced };
}
