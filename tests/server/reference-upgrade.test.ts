/**
 * Reference data upgrades: a database created and seeded by the code before the sync existed,
 * then opened by today's code (with one rule more than today's tree, standing in for the next
 * release), gains the rule, keeps an operator's group edit, and stays the same on a second start.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { ensureDatabase, num, REFERENCE, type Db, type ReferenceData } from '../../src/server/db';
import { createLegacyDatabase } from '../fixtures/legacy-v1-seed';
import { engines, freshDatabase, type TestDatabase } from '../support/test-db';

/** Today's reference data plus a new page with a button under `order`, as a later release adds. */
function nextRelease(extra: Partial<ReferenceData> = {}): ReferenceData {
  const rules = structuredClone(REFERENCE.rules);
  const order = rules.find((r) => r.name === 'order')!;
  order.children!.push({
    type: 'menu',
    name: 'order/renewals',
    path: 'order/renewals',
    title: '续保提醒',
    title_en: 'Renewals',
    icon: 'fa fa-refresh',
    children: [{ type: 'button', name: 'order/renewals/edit', title: '编辑', title_en: 'Edit' }],
  });
  return { ...REFERENCE, rules, config: { ...REFERENCE.config, renewalNoticeDays: 30 }, ...extra };
}

async function ruleId(db: Db, name: string): Promise<number | null> {
  const [r] = await db.sql`SELECT id FROM user_rule WHERE name = ${name}`;
  return r ? num(r.id) : null;
}

async function groupRules(db: Db, name: string): Promise<string[]> {
  const [g] = await db.sql`SELECT rules FROM user_group WHERE name = ${name}`;
  return String(g.rules).split(',').filter(Boolean);
}

async function snapshot(db: Db) {
  return {
    rules: (await db.sql`SELECT id, pid, name, title FROM user_rule ORDER BY id`).map((r: Record<string, unknown>) => ({
      ...r,
      id: num(r.id),
      pid: num(r.pid),
    })),
    groups: (await db.sql`SELECT id, name, rules FROM user_group ORDER BY id`).map((g: Record<string, unknown>) => ({
      ...g,
      id: num(g.id),
    })),
    config: (await db.sql`SELECT key, value FROM site_config WHERE key <> 'signingSecret' ORDER BY key`) as unknown[],
  };
}

for (const engine of engines()) {
  describe(`reference data upgrade on ${engine.name}`, () => {
    let t: TestDatabase;
    afterEach(async () => {
      await t.drop();
    });

    test('a legacy database gains new rules, keeps group edits, and a second start changes nothing', async () => {
      t = await freshDatabase(engine);
      await createLegacyDatabase(t.db);
      const before = await snapshot(t.db);

      // An operator's edits between the two versions: the site manager loses "edit" on guzhu and
      // gains the claim list; a site title is changed.
      const guzhuEdit = (await ruleId(t.db, 'order/guzhu/edit'))!;
      const claimList = (await ruleId(t.db, 'claim/list'))!;
      const edited = [...(await groupRules(t.db, 'Site manager')).filter((id) => id !== String(guzhuEdit)), String(claimList)];
      await t.db.sql`UPDATE user_group SET rules = ${edited.join(',')} WHERE name = 'Site manager'`;
      await t.db.sql`UPDATE user_rule SET title = '我的保单' WHERE name = 'order'`;

      // Every rule of the release the legacy database lacks arrives (in tree order), the test's
      // renewals page among them; nothing else.
      const known = new Set((await t.db.sql`SELECT name FROM user_rule`).map((r: { name: string }) => r.name));
      const release = nextRelease();
      const flat = (rules: ReferenceData['rules']): string[] => rules.flatMap((r) => [r.name, ...flat(r.children ?? [])]);
      const missing = flat(release.rules).filter((name) => !known.has(name));
      expect(missing).toContain('order/renewals');

      const first = await ensureDatabase(t.db, { reference: release, demo: true });
      expect(first.seeded).toBe(false); // the members were there already
      expect([...first.synced.rulesAdded].sort()).toEqual(missing.sort());
      // userLoginCaptcha arrived after the legacy seed too: a real setting reaching an old database;
      // so did every later area's settings, and the test release's renewalNoticeDays.
      expect(first.synced.configAdded).toContain('userLoginCaptcha');
      expect(first.synced.configAdded).toContain('renewalNoticeDays');
      expect(first.synced.configAdded.every((key) => key in release.config)).toBe(true);
      expect(first.synced.groupsAdded).toEqual([]);

      // The new page sits under its parent; the operator group (explicit ids) got both new rules,
      // the site manager (account/order pages, edit buttons) too, the default group stays '*'.
      const renewals = (await ruleId(t.db, 'order/renewals'))!;
      const renewalsEdit = (await ruleId(t.db, 'order/renewals/edit'))!;
      const [page] = await t.db.sql`SELECT pid FROM user_rule WHERE id = ${renewals}`;
      expect(num(page.pid)).toBe((await ruleId(t.db, 'order'))!);
      expect(await groupRules(t.db, 'Operator')).toEqual(expect.arrayContaining([String(renewals), String(renewalsEdit)]));
      const manager = await groupRules(t.db, 'Site manager');
      // The group keeps its edits in order; what it gains is only rules new in this release: the
      // test's renewals page and the release's own new member pages (notices, renewal of a policy).
      expect(manager.slice(0, edited.length)).toEqual(edited);
      const gained = manager.slice(edited.length);
      const newIds = new Set(await Promise.all(missing.map(async (name) => String(await ruleId(t.db, name)))));
      expect(gained).toEqual(
        expect.arrayContaining([String(renewals), String(renewalsEdit), String(await ruleId(t.db, 'account/notice'))]),
      );
      expect(gained.every((id) => newIds.has(id))).toBe(true);
      expect(manager).not.toContain(String(guzhuEdit));
      const [def] = await t.db.sql`SELECT rules, code FROM user_group WHERE name = 'Default member group'`;
      expect([def.rules, def.code]).toEqual(['*', 'default']);

      // Nothing the legacy seed wrote was duplicated or overwritten.
      const after = await snapshot(t.db);
      expect(after.rules.length).toBe(before.rules.length + missing.length);
      expect(after.rules.find((r: { name: unknown }) => r.name === 'order')).toMatchObject({ title: '我的保单' });
      expect(after.groups.map((g: { id: number }) => g.id)).toEqual(before.groups.map((g: { id: number }) => g.id));

      const second = await ensureDatabase(t.db, { reference: nextRelease(), demo: true });
      expect(second.synced).toEqual({ configAdded: [], rulesAdded: [], rulesRenamed: [], groupsAdded: [] });
      expect(await snapshot(t.db)).toEqual(after);
    });

    test('a renamed rule moves in place with its grants; a rule an operator deleted stays deleted', async () => {
      t = await freshDatabase(engine);
      await ensureDatabase(t.db, { demo: false });
      const anze = (await ruleId(t.db, 'order/anze'))!;
      const operatorBefore = await groupRules(t.db, 'Operator');
      await t.db.sql`DELETE FROM user_rule WHERE name = 'account/help'`;

      const renamedTree = structuredClone(REFERENCE.rules);
      const order = renamedTree.find((r) => r.name === 'order')!;
      const node = order.children!.find((r) => r.name === 'order/anze')!;
      Object.assign(node, { name: 'order/safety', path: 'order/safety' });
      const report = await ensureDatabase(t.db, {
        reference: { ...REFERENCE, rules: renamedTree, renames: { 'order/anze': 'order/safety' } },
      });

      expect(report.synced.rulesRenamed).toEqual(['order/anze → order/safety']);
      expect(report.synced.rulesAdded).toEqual([]); // account/help is not brought back
      expect(await ruleId(t.db, 'order/safety')).toBe(anze);
      expect(await ruleId(t.db, 'order/anze')).toBeNull();
      expect(await ruleId(t.db, 'account/help')).toBeNull();
      expect(await groupRules(t.db, 'Operator')).toEqual(operatorBefore);
    });
  });
}
