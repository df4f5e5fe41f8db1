import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { type Db, num, nowSeconds } from '~/server/db/client';
import { DomainError } from '~/server/errors';
import { visibleUserIds } from '~/server/members';
import { hasAction, memberRules } from '~/server/permissions';
import { bumpConfigVersion } from '~/server/site-config';
import { ensureDatabase } from '~/server/db/seed';
import { seedLedgerDemo } from '../ledger';
import { seedTeamDemo } from './demo';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { changeBalance } from '../ledger';
import { addAccount } from './accounts';
import { grantable, teamDetail } from './queries';
import { allocate } from './transfers';

/** A main account in a group of its own: '*' (default group) or the given rule names. */
async function newOwner(db: Db, username: string, money: number, ruleNames?: string[]): Promise<number> {
  let groupId: number;
  if (ruleNames) {
    const rows = await db.sql`SELECT id, name FROM user_rule`;
    const ids = rows.filter((r: { name: string }) => ruleNames.includes(r.name)).map((r: { id: unknown }) => num(r.id));
    const [g] = await db.sql`INSERT INTO user_group (name, rules, status) VALUES (${`g-${username}`}, ${ids.join(',')}, 1) RETURNING id`;
    groupId = num(g.id);
  } else {
    const [g] = await db.sql`SELECT id FROM user_group WHERE code = 'default'`;
    groupId = num(g.id);
  }
  const [u] = await db.sql`INSERT INTO "user" (group_id, username, password_hash, status, join_time)
    VALUES (${groupId}, ${username}, 'x', 'enable', ${nowSeconds()}) RETURNING id`;
  const id = num(u.id);
  if (money) await changeBalance(db, { userId: id, amount: money, kind: 'topup' });
  return id;
}

let mobileSeq = 0;
const nextMobile = () => `139${String(10_000_000 + ++mobileSeq).slice(-8)}`;

async function newSub(db: Db, ownerId: number, username: string, rules: number[] = []): Promise<number> {
  const { account } = await addAccount(db, { ownerId }, { username, password: 'Sub#2026', mobile: nextMobile(), nickname: '', rules });
  return account.id;
}

/** Every entry of a member's money log chains: before = previous after, from 0 to the balance. */
async function expectChain(db: Db, userId: number): Promise<void> {
  const rows = await db.sql`SELECT amount, before, after FROM user_money_log WHERE user_id = ${userId} ORDER BY id`;
  let running = 0;
  for (const r of rows) {
    expect(num(r.before)).toBe(running);
    expect(num(r.after)).toBe(running + num(r.amount));
    running = num(r.after);
  }
  const [u] = await db.sql`SELECT money FROM "user" WHERE id = ${userId}`;
  expect(num(u.money)).toBe(running);
  expect(running).toBeGreaterThanOrEqual(0);
}

const settle = <T>(p: Promise<T>) =>
  p.then(
    (v) => ({ ok: true as const, v }),
    (e: unknown) => ({ ok: false as const, e }),
  );

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

// Logins and sub-account creation hash with argon2id on purpose: several per test, slow under load.
setDefaultTimeout(30_000);

for (const engine of engines()) {
  describe(`team domain on ${engine.name}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      // Only the areas these figures build on (ledger, team): other areas' demo data moves balances.
      t = await freshDatabase(engine);
      await ensureDatabase(t.db, { demo: true, demoSeeders: [seedLedgerDemo, seedTeamDemo] });
    }, 60_000);
    afterAll(async () => {
      await t.drop();
    });

    test('50 parallel allocations and reclaims over three subs keep the total, never negative, chains continuous', async () => {
      const owner = await newOwner(t.db, `own-conc-${engine.name}`, 100_000);
      const subs = [await newSub(t.db, owner, 'conc_a'), await newSub(t.db, owner, 'conc_b'), await newSub(t.db, owner, 'conc_c')];
      const dbs = engine.name === 'postgres' ? [t.db, t.open(), t.open(), t.open()] : [t.db];
      const rnd = prng(12);
      const ops = Array.from({ length: 50 }, (_, i) => ({
        id: subs[i % 3],
        direction: (rnd() < 0.55 ? 'allocate' : 'reclaim') as 'allocate' | 'reclaim',
        // some far over what either side holds
        amount: rnd() < 0.15 ? 500_000 : 1 + Math.floor(rnd() * 30_000),
        memo: '',
        request_id: `conc-${i}-xxxxxxxx`,
      }));
      const results = await Promise.all(ops.map((op, i) => settle(allocate(dbs[i % dbs.length], { ownerId: owner }, op))));
      for (const r of results) {
        if (!r.ok) {
          expect(r.e).toBeInstanceOf(DomainError);
          expect((r.e as DomainError).field).toBe('amount');
        }
      }
      const done = results.filter((r) => r.ok).length;
      expect(done).toBeGreaterThan(10);
      const rows = await t.db.sql`SELECT id, money FROM "user" WHERE id IN ${t.db.sql([owner, ...subs])}`;
      expect(rows.reduce((s: number, r: { money: unknown }) => s + num(r.money), 0)).toBe(100_000);
      for (const r of rows) expect(num(r.money)).toBeGreaterThanOrEqual(0);
      for (const id of [owner, ...subs]) await expectChain(t.db, id);
      const [n] = await t.db.sql`SELECT COUNT(*) AS n FROM team_transfer WHERE owner_id = ${owner}`;
      expect(num(n.n)).toBe(done);
      const [e] = await t.db.sql`SELECT COUNT(*) AS n FROM user_money_log WHERE kind = 'allocation' AND reference LIKE 'team_transfer:%'
        AND user_id IN ${t.db.sql([owner, ...subs])}`;
      expect(num(e.n)).toBe(2 * done);
    }, 60_000);

    test('20 parallel repeats of one request_id move money once', async () => {
      const owner = await newOwner(t.db, `own-idem-${engine.name}`, 10_000);
      const sub = await newSub(t.db, owner, 'idem_a');
      const dbs = engine.name === 'postgres' ? [t.db, t.open(), t.open()] : [t.db];
      const body = { id: sub, direction: 'allocate' as const, amount: 1_234, memo: 'once', request_id: 'same-request-1' };
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => allocate(dbs[i % dbs.length], { ownerId: owner }, body)));
      expect(new Set(results.map((r) => r.transfer.id)).size).toBe(1);
      expect(results.filter((r) => !r.replayed).length).toBe(1);
      const [n] = await t.db.sql`SELECT COUNT(*) AS n FROM team_transfer WHERE owner_id = ${owner}`;
      expect(num(n.n)).toBe(1);
      const [u] = await t.db.sql`SELECT money FROM "user" WHERE id = ${sub}`;
      expect(num(u.money)).toBe(1_234);
      const other = await allocate(t.db, { ownerId: owner }, { ...body, amount: 1 }).catch((e) => e);
      expect(other).toBeInstanceOf(DomainError);
      expect(other.status).toBe(409);
      await expectChain(t.db, owner);
      await expectChain(t.db, sub);
    }, 60_000);

    test('grants are a subset of the owner on write, and narrowing the owner narrows the sub', async () => {
      const names = [
        'account/overview',
        'account/profile',
        'order/guzhu',
        'order/guzhu/add',
        'order/tuanyi',
        'team/teamMange',
        'team/addAccount',
      ];
      const owner = await newOwner(t.db, `own-narrow-${engine.name}`, 0, [...names, 'nav/home', 'account', 'order', 'team']);
      const rules = await t.db.sql`SELECT id, name FROM user_rule`;
      const id = (name: string) => num(rules.find((r: { name: string }) => r.name === name).id);
      const pages = await grantable(t.db, owner, 'en');
      expect(pages.map((p) => p.name).sort()).toEqual(['account/overview', 'account/profile', 'order/guzhu', 'order/tuanyi']);
      expect(pages.find((p) => p.name === 'order/guzhu')?.buttons.map((b) => b.name)).toEqual(['order/guzhu/add']);
      // outside the owner's rules, or team/*: 400 field rules
      for (const bad of [id('order/anze'), id('team/teamMange'), id('operator/members'), 999_999]) {
        const err = await addAccount(
          t.db,
          { ownerId: owner },
          { username: 'narrow_x', password: 'Sub#2026', mobile: nextMobile(), nickname: '', rules: [bad] },
        ).catch((e) => e);
        expect(err).toBeInstanceOf(DomainError);
        expect([err.status, err.field]).toEqual([400, 'rules']);
      }
      // a button brings its page and directory; the group-detail route comes with guzhu
      const sub = await newSub(t.db, owner, 'narrow_a', [id('order/guzhu/add'), id('account/profile')]);
      const session = { userId: sub, tokenId: 0, via: 'token' as const };
      expect(await hasAction(t.db, session, 'order/guzhu/add')).toBe(true);
      expect(await hasAction(t.db, session, 'order/guzhu')).toBe(true);
      expect(await hasAction(t.db, session, 'account/overview')).toBe(false);
      expect(await hasAction(t.db, session, 'team/teamMange')).toBe(false);
      const detail = await teamDetail(t.db, owner, sub);
      expect(detail.account.pages).toBe(2);
      expect(detail.rules).toContain(id('order'));
      expect(detail.rules).toContain(id('nav/home'));
      // narrow the owner: guzhu is gone from the owner, so from the sub at once
      const [og] = await t.db.sql`SELECT group_id FROM "user" WHERE id = ${owner}`;
      const narrowed = [...names.filter((n) => !n.startsWith('order/guzhu')), 'nav/home', 'account', 'order', 'team'].map(id);
      await t.db.sql.begin(async (tx) => {
        await tx`UPDATE user_group SET rules = ${narrowed.join(',')} WHERE id = ${num(og.group_id)}`;
        await bumpConfigVersion(tx, 'groups'); // as an operator's group edit does
      });
      expect(await hasAction(t.db, session, 'order/guzhu/add')).toBe(false);
      expect(await hasAction(t.db, session, 'order/guzhu')).toBe(false);
      expect(await hasAction(t.db, session, 'account/profile')).toBe(true);
      expect((await memberRules(t.db, sub)).rules.map((r) => r.name)).not.toContain('order/guzhu');
      expect((await teamDetail(t.db, owner, sub)).account.pages).toBe(1);
      // a sub whose group says '*' still gets no more than its owner
      const [sg] = await t.db.sql`SELECT group_id FROM "user" WHERE id = ${sub}`;
      await t.db.sql.begin(async (tx) => {
        await tx`UPDATE user_group SET rules = '*' WHERE id = ${num(sg.group_id)}`;
        await bumpConfigVersion(tx, 'groups');
      });
      const star = await memberRules(t.db, sub);
      expect(star.isSuper).toBe(false);
      expect(star.rules.map((r) => r.name).sort()).toEqual((await memberRules(t.db, owner)).rules.map((r) => r.name).sort());
    });

    test('the seeded team: demo_site1 and demo_site2, scope by visibleUserIds', async () => {
      const users = await t.db
        .sql`SELECT id, username, money, status, parent_id, last_login_time FROM "user" WHERE username LIKE 'demo%' ORDER BY id`;
      const by = (n: string) => users.find((u: { username: string }) => u.username === n);
      const demo = num(by('demo').id);
      expect(num(by('demo_site1').parent_id)).toBe(demo);
      expect(num(by('demo_site1').money)).toBe(80_000 - 36_000); // its own guzhu order paid from the allocation
      expect(by('demo_site1').status).toBe('enable');
      expect(by('demo_site2').status).toBe('disable');
      expect(num(by('demo_site2').money)).toBe(0);
      expect(num(by('demo_site2').last_login_time)).toBeGreaterThan(0);
      expect(num(by('demo').money)).toBe(1_250_000 - 80_000);
      await expectChain(t.db, demo);
      const site1 = num(by('demo_site1').id);
      expect(await visibleUserIds(t.db, demo)).toEqual([demo, site1, num(by('demo_site2').id)]);
      expect(await visibleUserIds(t.db, site1)).toEqual([site1]);
      const [order] = await t.db.sql`SELECT user_id, product, status FROM policy_order WHERE user_id = ${site1}`;
      expect([order.product, order.status]).toEqual(['guzhu', 'effective']);
      const seen = (ids: number[]) => t.db.sql`SELECT COUNT(*) AS n FROM policy_order WHERE user_id IN ${t.db.sql(ids)}`;
      expect(num((await seen(await visibleUserIds(t.db, demo)))[0].n)).toBe(1); // only site1's here (no orders seeder)
      await expectChain(t.db, site1);
      const s = { userId: site1, tokenId: 0, via: 'token' as const };
      expect(await hasAction(t.db, s, 'claim/list/add')).toBe(true);
      expect(await hasAction(t.db, s, 'claim/list/export')).toBe(false);
      expect(await hasAction(t.db, s, 'order/groupDetail')).toBe(true);
      expect(await hasAction(t.db, s, 'account/balance')).toBe(true);
      expect(await hasAction(t.db, s, 'order/guzhu/export')).toBe(false);
      expect(await hasAction(t.db, s, 'team/teamMange')).toBe(false);
    });
  });
}
