/**
 * The data versions behind the page cache (migration 17): every write to a table a member's pages
 * show moves that member's version, and the team owner's when the member is a sub-account; product
 * changes move the catalogue version. On both engines, over the seeded demo portal.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { engines, freshDatabase, type TestDatabase } from '../../../../tests/support/test-db';
import { num, type Db } from '../client';
import { OWNED_TABLES } from './17-page-cache';

async function versionOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.sql`SELECT version FROM member_data_version WHERE user_id = ${userId}`;
  return num(row?.version);
}

/** Key column of each table (`id` unless said otherwise). */
const KEY: Record<string, string> = { member_locale: 'user_id', account_verification: 'user_id' };

for (const engine of engines()) {
  describe(`member data versions on ${engine.name}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
    }, 120_000);
    afterAll(() => t?.drop());

    test('an update of any row of a versioned table moves its owners’ versions, nothing else', async () => {
      const db = t.db;
      const [demo] = await db.sql`SELECT id FROM "user" WHERE username = 'demo'`;
      // The demo has no team-made group and no remembered language (a login writes one).
      await db.sql`INSERT INTO user_group (name, owner_id) VALUES ('Team group', ${demo.id})`;
      await db.sql`INSERT INTO member_locale (user_id, locale, updated_at) VALUES (${demo.id}, 'en', 1)`;
      const skipped: string[] = [];
      for (const { table, owners } of OWNED_TABLES) {
        const key = KEY[table] ?? 'id';
        const columns = owners.map((o, i) => `${o} AS o${i}`).join(', ');
        const [row] = await db.sql.unsafe(
          `SELECT r.${key} AS k, ${columns} FROM ${table} r WHERE ${owners[0]} > 0 ORDER BY r.${key} LIMIT 1`,
        );
        if (!row) {
          skipped.push(table);
          continue;
        }
        const ownerIds = [
          ...new Set(
            owners
              .map((_, i) => row[`o${i}`])
              .filter((x) => x !== null && num(x) > 0)
              .map(num),
          ),
        ];
        expect(ownerIds.length).toBeGreaterThan(0);
        const before = await Promise.all(ownerIds.map((id) => versionOf(db, id)));
        const bystander = (
          await db.sql`SELECT id FROM "user" WHERE id NOT IN ${db.sql(ownerIds)} AND (parent_id IS NULL OR parent_id NOT IN ${db.sql(ownerIds)}) ORDER BY id LIMIT 1`
        )[0];
        const bystanderBefore = await versionOf(db, num(bystander.id));
        await db.sql.unsafe(`UPDATE ${table} SET ${key} = ${key} WHERE ${key} = $1`, [row.k]);
        const after = await Promise.all(ownerIds.map((id) => versionOf(db, id)));
        for (let i = 0; i < ownerIds.length; i++)
          expect({ table, owner: ownerIds[i], moved: after[i] > before[i] }).toEqual({ table, owner: ownerIds[i], moved: true });
        expect(await versionOf(db, num(bystander.id))).toBe(bystanderBefore);
      }
      // The demo writes no rows to these two; every other versioned table was checked.
      expect(skipped).toEqual(['account_verification', 'endorsement_document']);
    });

    test("a sub-account's write moves its team owner's version too; insert and delete count", async () => {
      const db = t.db;
      const [sub] = await db.sql`SELECT id, parent_id FROM "user" WHERE parent_id > 0 ORDER BY id LIMIT 1`;
      expect(sub).toBeDefined();
      const [owner, member] = [num(sub.parent_id), num(sub.id)];
      const v0 = [await versionOf(db, owner), await versionOf(db, member)];
      const [n] = await db.sql`INSERT INTO notification (user_id, kind, created_at)
        VALUES (${member}, 'system', 1) RETURNING id`;
      const v1 = [await versionOf(db, owner), await versionOf(db, member)];
      expect(v1[0]).toBeGreaterThan(v0[0]);
      expect(v1[1]).toBeGreaterThan(v0[1]);
      await db.sql`DELETE FROM notification WHERE id = ${n.id}`;
      expect(await versionOf(db, member)).toBeGreaterThan(v1[1]);
    });

    test('a write that rolls back leaves the versions where they were', async () => {
      const db = t.db;
      const [u] = await db.sql`SELECT id FROM "user" WHERE username = 'demo'`;
      const before = await versionOf(db, num(u.id));
      await expect(
        db.sql.begin(async (tx) => {
          await tx`UPDATE "user" SET nickname = 'rolled back' WHERE id = ${u.id}`;
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      expect(await versionOf(db, num(u.id))).toBe(before);
    });

    test('product and plan changes move the catalogue config version', async () => {
      const db = t.db;
      const read = async () => num((await db.sql`SELECT version FROM config_version WHERE name = 'catalogue'`)[0]?.version);
      const before = await read();
      await db.sql`UPDATE product SET name = name WHERE code = (SELECT min(code) FROM product)`;
      const mid = await read();
      expect(mid).toBeGreaterThan(before);
      await db.sql`UPDATE product_plan SET name = name WHERE id = (SELECT min(id) FROM product_plan)`;
      expect(await read()).toBeGreaterThan(mid);
    });
  });
}
