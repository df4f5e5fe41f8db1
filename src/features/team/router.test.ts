import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { apiClient, type Reply } from '../../../tests/support/api-client';
import { listAudit } from '~/server/audit';
import { num, nowSeconds } from '~/server/db/client';
import { setConfigValue } from '~/server/site-config';
import { ensureDatabase } from '~/server/db/seed';
import { seedLedgerDemo } from '../ledger';
import { seedTeamDemo } from './demo';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';

// Logins and sub-account creation hash with argon2id on purpose: several per test, slow under load.
setDefaultTimeout(30_000);

for (const engine of engines()) {
  describe(`/userapi/v1/team/* on ${engine.name}`, () => {
    let t: TestDatabase;
    let demo: string;
    let manager: string;
    let site1: string;
    let ruleId: (name: string) => number;

    let api: ReturnType<typeof apiClient>;
    const get = (path: string, token?: string, lang?: string) => api.get(path, token, lang);
    const post = (path: string, token: string | undefined, body: unknown, lang?: string) => api.post(path, token, body, lang);
    async function login(account: string, password: string): Promise<Reply & { token: string }> {
      const r = await post('user/login', undefined, { account, password });
      return { ...r, token: r.body.data?.userInfo?.token ?? '' };
    }
    /** Another main account with the default group ('*'), a balance, and its token. */
    async function otherOwner(username: string): Promise<{ id: number; token: string }> {
      const [g] = await t.db.sql`SELECT id FROM user_group WHERE code = 'default'`;
      const hash = await Bun.password.hash('Owner#2026');
      const [u] = await t.db.sql`INSERT INTO "user" (group_id, username, password_hash, status, join_time)
        VALUES (${num(g.id)}, ${username}, ${hash}, 'enable', ${nowSeconds()}) RETURNING id`;
      return { id: num(u.id), token: (await login(username, 'Owner#2026')).token };
    }
    let seq = 0;
    const mobile = () => `137${String(20_000_000 + ++seq).slice(-8)}`;

    beforeAll(async () => {
      // Only the areas these figures build on (ledger, team): other areas' demo data moves balances.
      t = await freshDatabase(engine);
      await ensureDatabase(t.db, { demo: true, demoSeeders: [seedLedgerDemo, seedTeamDemo] });
      api = apiClient(t.db);
      demo = (await login('demo', 'Demo#2026')).token;
      manager = (await login('manager', 'Manager#2026')).token;
      site1 = (await login('demo_site1', 'Site1#2026')).token;
      const rules = await t.db.sql`SELECT id, name FROM user_rule`;
      ruleId = (name) => num(rules.find((r: { name: string }) => r.name === name).id);
    }, 60_000);
    afterAll(async () => {
      await t.drop();
    });

    test('list: the seeded sub-accounts with balance, status, last login, page count and the owner balance', async () => {
      const r = await get('team/list', demo);
      expect(r.status).toBe(200);
      const { list, total, owner } = r.body.data;
      expect(total).toBe(2);
      expect(owner.money).toBe('11700.00');
      const s1 = list.find((a: { username: string }) => a.username === 'demo_site1');
      const s2 = list.find((a: { username: string }) => a.username === 'demo_site2');
      expect(s1).toMatchObject({ status: 'enable', money: '440.00', mobile: '13800138001' });
      expect(s1.pages).toBe(9); // 6 account pages, guzhu, tuanyi, claim list (group details is a route, not a page)
      expect(Object.keys(s1).sort()).toEqual(
        ['created_at', 'id', 'last_login_ip', 'last_login_time', 'mobile', 'money', 'nickname', 'pages', 'status', 'username'].sort(),
      );
      expect(s2).toMatchObject({ status: 'disable', money: '0.00' });
      expect(s2.last_login_time).toBeGreaterThan(0);
      expect((await get('team/list?status=disable', demo)).body.data.list.map((a: { username: string }) => a.username)).toEqual([
        'demo_site2',
      ]);
      expect((await get('team/list?keyword=SITE1', demo)).body.data.total).toBe(1);
      expect((await get('team/list?keyword=%25', demo)).body.data.total).toBe(0);
      expect((await get('team/list?limit=101', demo)).status).toBe(400);
    });

    test('a sub-account on any team endpoint → 403; manager (no team rules) → 403; a guest → 401', async () => {
      const sub = (await get('team/list', demo)).body.data.list[0].id;
      const calls: ['GET' | 'POST', string, unknown?][] = [
        ['GET', 'team/list'],
        ['GET', 'team/grantable'],
        ['GET', `team/detail?id=${sub}`],
        ['POST', 'team/add', { username: 'zz_top', password: 'Sub#2026', mobile: mobile(), rules: [] }],
        ['POST', 'team/edit', { id: sub, mobile: mobile(), rules: [] }],
        ['POST', 'team/status', { id: sub, status: 'disable' }],
        ['POST', 'team/resetPassword', { id: sub, password: 'Sub#2026' }],
        ['POST', 'team/allocate', { id: sub, direction: 'allocate', amount: '1.00', request_id: 'forbidden-1' }],
        ['GET', 'team/allocations'],
      ];
      for (const [method, path, body] of calls) {
        expect((await api.call(method, path, site1, body)).status).toBe(403);
        expect((await api.call(method, path, manager, body)).status).toBe(403);
        expect((await api.call(method, path, undefined, body)).status).toBe(401);
      }
    });

    test('grantable: the owner pages with buttons, without team/* or operator pages, in the request language', async () => {
      const en = (await get('team/grantable', demo)).body.data.rules;
      const names = en.map((p: { name: string }) => p.name);
      expect(names).toContain('order/guzhu');
      expect(names.some((n: string) => n.startsWith('team') || n.startsWith('operator'))).toBe(false);
      expect(en.find((p: { name: string }) => p.name === 'order/guzhu')).toMatchObject({ title: "Employer's liability" });
      const zh = (await get('team/grantable', demo, 'zh-cn')).body.data.rules;
      expect(zh.find((p: { name: string }) => p.name === 'order/guzhu').title).toBe('雇主责任险');
    });

    test('add: field checks, taken username and mobile → 409 naming the field, rules outside → 400 rules, then detail', async () => {
      const base = { username: 'site_new', password: 'Sub#2026', mobile: mobile(), nickname: 'New site', rules: [ruleId('order/guzhu')] };
      const bad = await post('team/add', demo, { ...base, mobile: '12345678901' });
      expect([bad.status, bad.body.data.field]).toEqual([400, 'mobile']);
      expect((await post('team/add', demo, { ...base, username: '1abc' })).body.data.field).toBe('username');
      expect((await post('team/add', demo, { ...base, password: 'a<b' })).body.data.field).toBe('password');
      const takenName = await post('team/add', demo, { ...base, username: 'manager' });
      expect([takenName.status, takenName.body.data.field]).toEqual([409, 'username']);
      const takenMobile = await post('team/add', demo, { ...base, mobile: '13900139000' }, 'zh-cn');
      expect([takenMobile.status, takenMobile.body.data.field, takenMobile.body.message]).toEqual([409, 'mobile', '手机号已被使用']);
      for (const rule of ['team/allocation', 'operator/members']) {
        const outside = await post('team/add', demo, { ...base, rules: [ruleId(rule)] });
        expect([outside.status, outside.body.data.field]).toEqual([400, 'rules']);
      }
      const ok = await post('team/add', demo, base);
      expect(ok.status).toBe(200);
      expect(ok.body.data.account).toMatchObject({ username: 'site_new', status: 'enable', money: '0.00', pages: 1 });
      const d = await get(`team/detail?id=${ok.body.data.account.id}`, demo);
      expect(d.body.data.rules).toEqual(
        expect.arrayContaining([ruleId('order'), ruleId('order/guzhu'), ruleId('order/groupDetail'), ruleId('nav/home')]),
      );
      expect(d.body.data.rules).not.toContain(ruleId('claim/detail'));
      // edit: pages change, mobile must stay unique
      const id = ok.body.data.account.id;
      const e = await post('team/edit', demo, { id, nickname: 'Renamed', mobile: mobile(), rules: [ruleId('claim/list/add')] });
      expect(e.body.data.account).toMatchObject({ nickname: 'Renamed', pages: 1 });
      const after = (await get(`team/detail?id=${id}`, demo)).body.data.rules;
      expect(after).toEqual(expect.arrayContaining([ruleId('claim/list'), ruleId('claim/list/add'), ruleId('claim/detail')]));
      expect(after).not.toContain(ruleId('order/guzhu'));
      expect((await post('team/edit', demo, { id, mobile: '13800138001', rules: [] })).status).toBe(409);
      const audit = await listAudit(t.db, { limit: 50 });
      expect(audit.some((a) => a.action === 'team.add' && a.detail.sub_id === id)).toBe(true);
      expect(audit.some((a) => a.action === 'team.edit' && a.detail.sub_id === id)).toBe(true);
    });

    test("another owner's sub-account → 404 everywhere", async () => {
      const other = await otherOwner(`owner_${engine.name}`);
      const created = await post('team/add', other.token, {
        username: `xo_${engine.name}`,
        password: 'Sub#2026',
        mobile: mobile(),
        rules: [],
      });
      const foreign = created.body.data.account.id;
      expect((await get(`team/detail?id=${foreign}`, demo)).status).toBe(404);
      expect((await post('team/edit', demo, { id: foreign, mobile: mobile(), rules: [] })).status).toBe(404);
      expect((await post('team/status', demo, { id: foreign, status: 'disable' })).status).toBe(404);
      expect((await post('team/resetPassword', demo, { id: foreign, password: 'Sub#2026' })).status).toBe(404);
      const alloc = await post('team/allocate', demo, { id: foreign, direction: 'allocate', amount: '1.00', request_id: 'cross-owner-1' });
      expect(alloc.status).toBe(404);
      // the owner itself, or demo's own id, is not a sub-account of demo either
      expect((await get(`team/detail?id=${other.id}`, demo)).status).toBe(404);
      expect((await get('team/list', other.token)).body.data.total).toBe(1);
    });

    test('disable revokes every session (old token → 401001), login says disabled; enable lets it back; audit', async () => {
      const add = await post('team/add', demo, {
        username: 'dis_me',
        password: 'Dis#2026',
        mobile: mobile(),
        rules: [ruleId('account/overview')],
      });
      const id = add.body.data.account.id;
      const a = await login('dis_me', 'Dis#2026');
      const b = await login('dis_me', 'Dis#2026');
      expect((await get('account/sessions', a.token)).status).toBe(200);
      expect((await get('account/balance', a.token)).status).toBe(403); // a live session, without that page
      const r = await post('team/status', demo, { id, status: 'disable' });
      expect(r.status).toBe(200);
      expect(r.body.data.revoked).toBe(2);
      expect(r.body.data.account.status).toBe('disable');
      for (const tok of [a.token, b.token]) {
        const gone = await get('account/sessions', tok);
        expect(gone.status).toBe(401);
        expect(gone.body.code).toBe(401001);
      }
      const refused = await login('dis_me', 'Dis#2026');
      expect([refused.status, refused.body.code]).toEqual([403, 403004]);
      // reclaim from a disabled sub is allowed, allocating to it is not
      const to = await post('team/allocate', demo, { id, direction: 'allocate', amount: '1.00', request_id: 'to-disabled-1' });
      expect(to.status).toBe(409);
      expect((await post('team/status', demo, { id, status: 'enable' })).body.data.revoked).toBe(0);
      expect((await login('dis_me', 'Dis#2026')).status).toBe(200);
      const audit = await listAudit(t.db, { limit: 50 });
      expect(audit.find((x) => x.action === 'team.disable' && x.detail.sub_id === id)?.detail.revoked).toBe(2);
      expect(audit.some((x) => x.action === 'team.enable' && x.detail.sub_id === id)).toBe(true);
    });

    test('reset password ends every session of the sub', async () => {
      const add = await post('team/add', demo, { username: 'reset_me', password: 'Old#2026', mobile: mobile(), rules: [] });
      const id = add.body.data.account.id;
      const s = await login('reset_me', 'Old#2026');
      expect((await get('account/sessions', s.token)).status).toBe(200);
      const r = await post('team/resetPassword', demo, { id, password: 'New#2026' });
      expect(r.body.data.revoked).toBe(1);
      expect((await get('account/sessions', s.token)).body.code).toBe(401001);
      expect((await login('reset_me', 'Old#2026')).status).toBe(401);
      expect((await login('reset_me', 'New#2026')).status).toBe(200);
      expect((await listAudit(t.db, { limit: 20 })).some((x) => x.action === 'team.reset_password' && x.detail.sub_id === id)).toBe(true);
    });

    test("a disabled owner's sub-accounts cannot log in", async () => {
      const other = await otherOwner(`owner2_${engine.name}`);
      await post('team/add', other.token, { username: `os_${engine.name}`, password: 'Sub#2026', mobile: mobile(), rules: [] });
      expect((await login(`os_${engine.name}`, 'Sub#2026')).status).toBe(200);
      await t.db.sql`UPDATE "user" SET status = 'disable' WHERE id = ${other.id}`;
      const r = await login(`os_${engine.name}`, 'Sub#2026');
      expect([r.status, r.body.code]).toEqual([403, 403004]);
      expect(r.body.message).toBe((await login(`owner2_${engine.name}`, 'Owner#2026')).body.message);
    });

    test('allocate and reclaim: amounts, short balance with the available amount, replay, other body → 409, history, ledger, audit', async () => {
      const add = await post('team/add', demo, { username: 'money_me', password: 'Sub#2026', mobile: mobile(), rules: [] });
      const id = add.body.data.account.id;
      for (const amount of ['0', '0.00', '1.234', 'abc', '-1', '', 5]) {
        const r = await post('team/allocate', demo, { id, direction: 'allocate', amount, request_id: 'bad-amount-1' });
        expect([r.status, r.body.data.field]).toEqual([400, 'amount']);
      }
      expect(
        (await post('team/allocate', demo, { id, direction: 'sideways', amount: '1', request_id: 'bad-dir-11' })).body.data.field,
      ).toBe('direction');
      expect((await post('team/allocate', demo, { id, direction: 'allocate', amount: '1', request_id: 'x' })).body.data.field).toBe(
        'request_id',
      );
      const short = await post('team/allocate', demo, { id, direction: 'allocate', amount: '99999.00', request_id: 'too-much-1' }, 'zh-cn');
      expect([short.status, short.body.data.field]).toEqual([400, 'amount']);
      expect(short.body.message).toContain('11700.00');
      const a = await post('team/allocate', demo, { id, direction: 'allocate', amount: '100.5', memo: 'tools', request_id: 'alloc-one-1' });
      expect(a.status).toBe(200);
      expect(a.body.data.replayed).toBe(false);
      expect(a.body.data.transfer).toMatchObject({ direction: 'allocate', amount: '100.50', owner_after: '11599.50', sub_after: '100.50' });
      const again = await post('team/allocate', demo, {
        id,
        direction: 'allocate',
        amount: '100.50',
        memo: 'tools',
        request_id: 'alloc-one-1',
      });
      expect(again.body.data).toEqual({ transfer: a.body.data.transfer, replayed: true });
      const clash = await post('team/allocate', demo, {
        id,
        direction: 'allocate',
        amount: '100.51',
        memo: 'tools',
        request_id: 'alloc-one-1',
      });
      expect(clash.status).toBe(409);
      const over = await post('team/allocate', demo, { id, direction: 'reclaim', amount: '100.51', request_id: 'reclaim-over' });
      expect([over.status, over.body.data.field]).toEqual([400, 'amount']);
      expect(over.body.message).toContain('100.50');
      const back = await post('team/allocate', demo, { id, direction: 'reclaim', amount: '0.50', request_id: 'reclaim-one' });
      expect(back.body.data.transfer).toMatchObject({ direction: 'reclaim', owner_after: '11600.00', sub_after: '100.00' });
      const ledger = await t.db.sql`SELECT user_id, amount, kind, reference FROM user_money_log
        WHERE reference = ${`team_transfer:${a.body.data.transfer.id}`} ORDER BY id`;
      expect(ledger.map((e: { amount: unknown; kind: string }) => [num(e.amount), e.kind])).toEqual([
        [-10_050, 'allocation'],
        [10_050, 'allocation'],
      ]);
      const hist = await get(`team/allocations?sub_id=${id}`, demo);
      expect(hist.body.data.total).toBe(2);
      expect(hist.body.data.list[0]).toMatchObject({ direction: 'reclaim', amount: '0.50', sub_username: 'money_me' });
      expect((await get('team/allocations', demo)).body.data.total).toBe(3); // with the seeded 800.00
      expect((await get('team/allocations?start=2000-01-01&end=2000-01-02', demo)).body.data.total).toBe(0);
      expect((await get('team/allocations?start=2026-02-01&end=2026-01-01', demo)).body.data.field).toBe('end');
      const audit = await listAudit(t.db, { limit: 50 });
      expect(audit.find((x) => x.action === 'team.allocate' && x.detail.sub_id === id)?.detail.amount).toBe('100.50');
      expect(audit.find((x) => x.action === 'team.reclaim' && x.detail.sub_id === id)?.detail.amount).toBe('0.50');
    });

    test('at most teamMaxAccounts sub-accounts per owner', async () => {
      const other = await otherOwner(`capped_${engine.name}`);
      await setConfigValue(t.db, 'teamMaxAccounts', 1);
      try {
        expect(
          (await post('team/add', other.token, { username: `cap1_${engine.name}`, password: 'Sub#2026', mobile: mobile() })).status,
        ).toBe(200);
        const r = await post('team/add', other.token, { username: `cap2_${engine.name}`, password: 'Sub#2026', mobile: mobile() });
        expect(r.status).toBe(409);
        expect(r.body.message).toContain('1');
      } finally {
        await setConfigValue(t.db, 'teamMaxAccounts', 50);
      }
    });
  });
}
