import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { seedLedgerDemo } from '../../src/features/ledger';
import { type EnsureOptions, ensureDatabase as ensureBare, migrate, migrations, num, type Db } from '../../src/server/db';

/** The storage layer's own seed: the three demo members with their opening balances (no business areas). */
const ensureDatabase = (db: Db, o: EnsureOptions = {}) => ensureBare(db, { demoSeeders: [seedLedgerDemo], ...o });
import { getSigningSecret } from '../../src/server/session';
import { getSiteConfig } from '../../src/server/site-config';
import { engines, freshDatabase, type TestDatabase } from '../support/test-db';

/** Every member-centre page of spec §2 (plus order/personal from the language bundles). */
const SPEC_PAGES = [
  'account/balance',
  'account/changePassword',
  'account/integral',
  'account/overview',
  'account/profile',
  'claim/list',
  'file/sealfile',
  'order/anze',
  'order/endorse',
  'order/endorseDetail',
  'order/groupDetail',
  'order/guzhu',
  'order/invoiceApply',
  'order/tuanyi',
  'order/withoutDetail',
  'order/personal',
  'team/addAccount',
  'team/allocation',
  'team/teamMange',
];

for (const engine of engines()) {
  describe(`storage on ${engine.name}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await freshDatabase(engine);
    });
    afterAll(async () => {
      await t.drop();
    });

    test('migrations run once, then are a no-op', async () => {
      expect(await migrate(t.db)).toBe(migrations.length);
      expect(await migrate(t.db)).toBe(0);
      const rows = await t.db.sql`SELECT version FROM schema_migrations ORDER BY version`;
      expect(rows.map((r: { version: unknown }) => num(r.version))).toEqual(migrations.map((m) => m.version));
    });

    test('ensureDatabase seeds a fresh database once', async () => {
      expect(await ensureDatabase(t.db, { demo: true })).toMatchObject({ migrated: 0, seeded: true, demo: true });
      const again = await ensureDatabase(t.db, { demo: true });
      expect(again).toMatchObject({ migrated: 0, seeded: false, demo: false });
      expect(again.synced).toEqual({ configAdded: [], rulesAdded: [], rulesRenamed: [], groupsAdded: [] });
      const [row] = await t.db.sql`SELECT COUNT(*) AS n FROM "user"`;
      expect(num(row.n)).toBe(3);
    });

    test('the rule tree has every spec page, with Chinese and English titles', async () => {
      const rules = await t.db.sql`SELECT * FROM user_rule`;
      const byPath = new Map(rules.filter((r: { type: string }) => r.type !== 'button').map((r: { path: string }) => [r.path, r]));
      for (const p of SPEC_PAGES) expect(byPath.has(p)).toBe(true);
      for (const r of rules) {
        expect(r.title).not.toBe('');
        expect(r.title_en).not.toBe('');
      }
      const dirs = rules
        .filter((r: { type: string }) => r.type === 'menu_dir')
        .map((r: { name: string }) => r.name)
        .sort();
      expect(dirs).toEqual(['account', 'claim', 'file', 'operator', 'order', 'team']);
      for (const name of ['order/groupDetail', 'order/endorseDetail']) {
        const r = rules.find((x: { name: string }) => x.name === name);
        expect([r.type, r.extend]).toEqual(['route', 'add_rules_only']);
      }
      const navs = rules.filter((r: { type: string }) => r.type === 'nav');
      expect(navs.map((r: { path: string }) => r.path).sort()).toEqual(['', 'offer', 'product']);
      expect(navs.every((r: { no_login_valid: unknown }) => num(r.no_login_valid) === 1)).toBe(true);
      expect(rules.some((r: { type: string }) => r.type === 'nav_user_menu')).toBe(true);
      const buttons = rules.filter((r: { type: string }) => r.type === 'button').map((r: { name: string }) => r.name);
      expect(buttons).toEqual(
        expect.arrayContaining(['order/guzhu/add', 'order/guzhu/edit', 'order/guzhu/export', 'claim/list/add', 'team/teamMange/edit']),
      );
      // The help centre is the portal's own page; no seeded entry embeds a placeholder host.
      const help = rules.find((r: { name: string }) => r.name === 'account/help');
      expect([help.menu_type, help.path]).toEqual(['tab', 'help']);
      expect(rules.some((r: { menu_type: string }) => r.menu_type === 'iframe')).toBe(false);
    });

    test('three groups; the site manager is restricted', async () => {
      const groups = await t.db.sql`SELECT * FROM user_group ORDER BY id`;
      expect(groups.map((g: { name: string }) => g.name)).toEqual(['Default member group', 'Site manager', 'Operator']);
      expect(groups[0].rules).toBe('*');
      const ids = new Set(String(groups[1].rules).split(',').map(Number));
      const rules = await t.db.sql`SELECT id, name, type FROM user_rule`;
      const granted = rules.filter((r: { id: unknown }) => ids.has(num(r.id))).map((r: { name: string }) => r.name);
      expect(granted).toContain('order/guzhu');
      expect(granted).toContain('order/guzhu/edit');
      expect(granted).toContain('account/overview');
      for (const bad of [
        'team',
        'claim',
        'file',
        'team/teamMange',
        'claim/list',
        'file/sealfile',
        'order/guzhu/add',
        'order/guzhu/export',
      ]) {
        expect(granted).not.toContain(bad);
      }
    });

    test('demo users with argon2id hashes, balances in fen', async () => {
      const users = await t.db.sql`SELECT u.*, g.name AS group_name FROM "user" u JOIN user_group g ON g.id = u.group_id ORDER BY u.id`;
      expect(users.map((u: { username: string }) => u.username)).toEqual(['demo', 'manager', 'operator']);
      expect(users.map((u: { group_name: string }) => u.group_name)).toEqual(['Default member group', 'Site manager', 'Operator']);
      for (const u of users) expect(String(u.password_hash)).toStartWith('$argon2id$');
      expect(await Bun.password.verify('Demo#2026', users[0].password_hash)).toBe(true);
      expect(users[0].email).toBe('demo@example.com');
      expect(users[0].mobile).toMatch(/^1[3-9]\d{9}$/);
      expect(num(users[0].money)).toBeGreaterThan(0);
      expect(num(users[0].score)).toBeGreaterThan(0);
    });

    test('site config is public; the signing secret stays private and stable', async () => {
      const cfg = await getSiteConfig(t.db, 'zh-cn');
      expect(cfg.site.siteName).toBe('保险经纪会员中心');
      expect(cfg.site.upload.mode).toBe('local');
      expect(cfg.site.upload.maxSize).toBe(10 * 1024 * 1024);
      expect(cfg.site.timezone).toBe('Asia/Shanghai');
      expect(cfg.openMemberCenter).toBe(true);
      expect(cfg.iframeHosts.length).toBeGreaterThan(0);
      expect((await getSiteConfig(t.db, 'en')).site.siteName).toBe('Insurance Broker Member Centre');
      const prev = process.env.PORTAL_SECRET;
      delete process.env.PORTAL_SECRET;
      try {
        const other = t.open();
        const [a, b] = await Promise.all([getSigningSecret(t.db), getSigningSecret(other)]);
        expect(a).toBe(b);
        expect(a.length).toBeGreaterThanOrEqual(32);
        expect(JSON.stringify(await getSiteConfig(t.db))).not.toContain(a);
      } finally {
        if (prev !== undefined) process.env.PORTAL_SECRET = prev;
      }
    });
  });

  describe(`concurrent start on ${engine.name}`, () => {
    test('two connections migrating and seeding at once: one migrates, one seeds, no duplicates', async () => {
      const t = await freshDatabase(engine);
      try {
        const a = t.db;
        const b = t.open();
        const [ra, rb] = await Promise.all([ensureDatabase(a, { demo: true }), ensureDatabase(b, { demo: true })]);
        expect(ra.migrated + rb.migrated).toBe(migrations.length);
        expect([ra.seeded, rb.seeded].filter(Boolean).length).toBe(1);
        const [u] = await a.sql`SELECT COUNT(*) AS n FROM "user"`;
        const [g] = await a.sql`SELECT COUNT(*) AS n FROM user_group`;
        expect([num(u.n), num(g.n)]).toEqual([3, 3]);
      } finally {
        await t.drop();
      }
      // Every migration and a full seed, twice at once: 4-5 s on PostgreSQL on a busy 2-core machine.
    }, 30_000);

    test('PORTAL_DEMO=0 seeds config, rules and groups but no members', async () => {
      const t = await freshDatabase(engine);
      const prev = process.env.PORTAL_DEMO;
      process.env.PORTAL_DEMO = '0';
      try {
        const r = await ensureDatabase(t.db);
        expect(r).toMatchObject({ migrated: migrations.length, seeded: true, demo: false });
        const [u] = await t.db.sql`SELECT COUNT(*) AS n FROM "user"`;
        const [rules] = await t.db.sql`SELECT COUNT(*) AS n FROM user_rule`;
        expect(num(u.n)).toBe(0);
        expect(num(rules.n)).toBeGreaterThan(30);
        expect((await ensureDatabase(t.db)).seeded).toBe(false);
      } finally {
        if (prev === undefined) delete process.env.PORTAL_DEMO;
        else process.env.PORTAL_DEMO = prev;
        await t.drop();
      }
    });
  });
}
