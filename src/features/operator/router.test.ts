import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Envelope } from '~/features/_shared/envelope';
import { createApi } from '~/server/api';
import { seedLedgerDemo } from '~/features/ledger';
import { num } from '~/server/db/client';
import { ensureDatabase } from '~/server/db/seed';
import { seedOperatorDemo } from './demo';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';

const ORIGIN = 'http://localhost';
// biome-ignore lint/suspicious/noExplicitAny: replies are read field by field
type Reply = { status: number; body: Envelope<any> };
type Api = ReturnType<typeof createApi>;

/** Every operator endpoint: [method, path, body]. */
const ENDPOINTS: [string, string, Record<string, unknown>?][] = [
  ['GET', 'operator/member/list'],
  ['GET', 'operator/member/detail?id=1'],
  ['POST', 'operator/member/status', { id: 1, status: 'enable' }],
  ['POST', 'operator/member/group', { id: 1, group_id: 1 }],
  ['POST', 'operator/member/revokeSessions', { id: 1 }],
  ['POST', 'operator/member/adjust', { request_id: 'abcdefgh1', id: 1, kind: 'money', amount: '1.00', reason: 'test' }],
  ['GET', 'operator/group/list'],
  ['GET', 'operator/group/detail?id=1'],
  ['POST', 'operator/group/save', { name: 'x', rules: [] }],
  ['POST', 'operator/group/delete', { id: 1 }],
  ['GET', 'operator/rule/tree'],
  ['POST', 'operator/rule/save', { pid: 0, type: 'menu_dir', name: 'x', title: 'x', title_en: 'x' }],
  ['POST', 'operator/rule/sort', { pid: 0, ids: [] }],
  ['POST', 'operator/rule/delete', { id: 1 }],
  ['GET', 'operator/settings'],
  ['POST', 'operator/settings', { version: 1, changes: {} }],
  ['GET', 'operator/audit/list'],
  ['GET', 'operator/audit/export'],
];

for (const engine of engines()) {
  describe(`operator console API on ${engine.name}`, () => {
    let t: TestDatabase;
    let app: Api;
    /** A second instance: its own connection and caches over the same database. */
    let app2: Api;
    let demo: string;
    let manager: string;
    let operator: string;
    const ids: Record<string, number> = {};

    async function call(a: Api, method: string, path: string, token?: string, body?: unknown, lang = 'en'): Promise<Reply> {
      const headers: Record<string, string> = { 'think-lang': lang, origin: ORIGIN };
      if (token) headers['ba-user-token'] = token;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await a.request(`${ORIGIN}/userapi/v1/${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: Envelope;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { code: 0, message: text, data: null, time: 0 };
      }
      return { status: res.status, body: parsed };
    }
    const get = (path: string, token = operator, lang = 'en') => call(app, 'GET', path, token, undefined, lang);
    const post = (path: string, body: unknown, token = operator, lang = 'en') => call(app, 'POST', path, token, body, lang);
    async function login(account: string, password: string, a = app): Promise<string> {
      const r = await call(a, 'POST', 'user/login', undefined, { account, password });
      return r.body.data.userInfo.token;
    }
    const count = async (table: string) => num((await t.db.sql`SELECT COUNT(*) AS n FROM ${t.db.sql(table)}`)[0].n);
    const ruleId = async (name: string) => num((await t.db.sql`SELECT id FROM user_rule WHERE name = ${name}`)[0].id);
    const groupId = async (code: string) => num((await t.db.sql`SELECT id FROM user_group WHERE code = ${code}`)[0].id);

    beforeAll(async () => {
      t = await freshDatabase(engine);
      // Only the seeders this area builds on: other areas' demo data is theirs to test.
      await ensureDatabase(t.db, { demo: true, demoSeeders: [seedLedgerDemo, seedOperatorDemo] });
      app = createApi({ getDb: () => t.db });
      const db2 = t.open();
      app2 = createApi({ getDb: () => db2 });
      demo = await login('demo', 'Demo#2026');
      manager = await login('manager', 'Manager#2026');
      operator = await login('operator', 'Operator#2026');
      for (const r of await t.db.sql`SELECT id, username FROM "user"`) ids[String(r.username)] = num(r.id);
    }, 60_000);
    afterAll(async () => {
      await t.drop();
    });

    test('every endpoint: 401001 logged out, 403 for demo (group *) and manager', async () => {
      for (const [method, path, body] of ENDPOINTS) {
        const guest = await call(app, method, path, undefined, body);
        expect([path, guest.status, guest.body.code]).toEqual([path, 401, 401001]);
        for (const token of [demo, manager]) {
          const r = await call(app, method, path, token, body);
          expect([path, r.status, r.body.code]).toEqual([path, 403, 403001]);
        }
      }
    });

    test('member list: seeded corp members give two pages; keyword, status and group filters', async () => {
      const p1 = await get('operator/member/list');
      expect(p1.status).toBe(200);
      expect(p1.body.data.total).toBe(27);
      expect(p1.body.data.list).toHaveLength(20);
      expect(Object.keys(p1.body.data.list[0]).sort()).toEqual(
        ['email', 'group', 'id', 'join_time', 'last_login_time', 'mobile', 'money', 'nickname', 'score', 'status', 'username'].sort(),
      );
      expect((await get('operator/member/list?page=2')).body.data.list).toHaveLength(7);
      const disabled = await get('operator/member/list?status=disable');
      expect(disabled.body.data.total).toBe(3);
      const kw = await get('operator/member/list?keyword=corp01');
      expect(kw.body.data.list.map((m: { username: string }) => m.username)).toEqual(['corp01']);
      expect(kw.body.data.list[0].money).toBe('500.00');
      const byId = await get(`operator/member/list?keyword=${ids.manager}`);
      expect(byId.body.data.list.some((m: { username: string }) => m.username === 'manager')).toBe(true);
      const mgr = await get(`operator/member/list?group_id=${await groupId('manager')}&limit=50`);
      expect(mgr.body.data.list.every((m: { group: { name: string } }) => m.group.name === 'Site manager')).toBe(true);
      const bad = await get('operator/member/list?limit=101&status=x', operator, 'zh-cn');
      expect(bad.status).toBe(400);
      expect(bad.body.data.errors).toMatchObject({ status: '状态无效', limit: '每页条数必须是 1 到 100 的整数' });
    });

    test('member detail: member, sessions, ledgers and audit; unknown → 404', async () => {
      const r = await get(`operator/member/detail?id=${ids.corp01}`);
      expect(r.status).toBe(200);
      expect(Object.keys(r.body.data).sort()).toEqual(['audit', 'member', 'money_log', 'score_log', 'sessions']);
      expect(r.body.data.member).toMatchObject({ username: 'corp01', money: '500.00' });
      expect(r.body.data.member.password_hash).toBeUndefined();
      expect(r.body.data.money_log[0]).toMatchObject({ amount: '500.00', kind: 'adjust', memo: '开户赠送余额' });
      expect(r.body.data.audit[0]).toMatchObject({
        action: 'operator.member.adjust',
        target_type: 'member',
        target_id: String(ids.corp01),
      });
      expect((await get('operator/member/detail?id=999999')).status).toBe(404);
      const own = await get(`operator/member/detail?id=${ids.operator}`);
      expect(own.body.data.sessions.length).toBeGreaterThan(0);
    });

    test('adjust: 20 parallel requests with one request_id make one entry; another body → 409', async () => {
      const before = await count('user_money_log');
      const body = { request_id: 'par-adjust-0001', id: ids.corp02, kind: 'money', amount: '12.34', reason: '补偿' };
      const replies = await Promise.all(Array.from({ length: 20 }, () => post('operator/member/adjust', body)));
      expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(new Set(replies.map((r) => r.body.data.entry.id)).size).toBe(1);
      expect(replies.filter((r) => !r.body.data.replayed)).toHaveLength(1);
      expect(replies[0].body.data.entry).toMatchObject({ amount: '12.34', before: '0.00', after: '12.34', memo: '补偿' });
      expect(await count('user_money_log')).toBe(before + 1);
      const [u] = await t.db.sql`SELECT money FROM "user" WHERE id = ${ids.corp02}`;
      expect(num(u.money)).toBe(1234);
      const other = await post('operator/member/adjust', { ...body, amount: '12.35' });
      expect(other.status).toBe(409);
      const audits = await t.db
        .sql`SELECT detail FROM audit_log WHERE action = 'operator.member.adjust' AND target_id = ${String(ids.corp02)}`;
      expect(audits).toHaveLength(1);
      expect(JSON.parse(audits[0].detail)).toMatchObject({ before: { money: '0.00' }, after: { money: '12.34' }, reason: '补偿' });
    });

    test('adjust: never below zero (400 amount with available), points as integers, bad amounts named', async () => {
      const low = await post('operator/member/adjust', {
        request_id: 'neg-adjust-01',
        id: ids.corp03,
        kind: 'money',
        amount: '-0.01',
        reason: '扣减',
      });
      expect(low.status).toBe(400);
      expect(low.body.data).toMatchObject({ field: 'amount', available: '0.00' });
      const pts = await post('operator/member/adjust', {
        request_id: 'pts-adjust-01',
        id: ids.corp03,
        kind: 'score',
        amount: 50,
        reason: '活动',
      });
      expect(pts.body.data.entry).toMatchObject({ amount: 50, before: 0, after: 50 });
      const before = await count('user_money_log');
      for (const [amount, lang, msg] of [
        ['0', 'en', 'The amount must be non-zero'],
        ['1.234', 'zh-cn', '调整数额需为非零数'],
        ['100000.01', 'en', 'at most 100000.00'],
        ['abc', 'zh-cn', '调整数额'],
      ] as const) {
        const r = await post(
          'operator/member/adjust',
          { request_id: 'bad-amount-1', id: ids.corp03, kind: 'money', amount, reason: 'xx' },
          operator,
          lang,
        );
        expect(r.status).toBe(400);
        expect(r.body.data.field).toBe('amount');
        expect(r.body.message).toContain(msg);
      }
      const reason = await post(
        'operator/member/adjust',
        { request_id: 'bad-reason-1', id: ids.corp03, kind: 'money', amount: '1', reason: 'x' },
        operator,
        'zh-cn',
      );
      expect(reason.body.data.errors.reason).toBe('原因需为 2 到 200 个字符');
      const rid = await post('operator/member/adjust', { request_id: 'short', id: ids.corp03, kind: 'money', amount: '1', reason: 'xx' });
      expect(rid.body.data.field).toBe('request_id');
      expect(await count('user_money_log')).toBe(before);
      expect(
        (await post('operator/member/adjust', { request_id: 'unknown-member', id: 999999, kind: 'money', amount: '1', reason: 'xx' }))
          .status,
      ).toBe(404);
    });

    test('disabling a member revokes every token at once: the next request on another instance is 401001', async () => {
      const corpToken = await login('manager', 'Manager#2026', app2);
      expect((await call(app2, 'GET', 'index/index', corpToken)).body.data.userInfo.username).toBe('manager');
      const r = await post('operator/member/status', { id: ids.manager, status: 'disable', reason: '离职' });
      expect(r.status).toBe(200);
      expect(r.body.data.member.status).toBe('disable');
      expect(r.body.data.revoked).toBeGreaterThanOrEqual(2);
      const after = await call(app2, 'GET', 'account/balance', corpToken);
      expect([after.status, after.body.code]).toEqual([401, 401001]);
      const back = await post('operator/member/status', { id: ids.manager, status: 'enable', reason: '复职' });
      expect(back.body.data.member.status).toBe('enable');
      const [row] = await t.db
        .sql`SELECT detail FROM audit_log WHERE action = 'operator.member.disable' AND target_id = ${String(ids.manager)}`;
      expect(JSON.parse(row.detail)).toMatchObject({ before: { status: 'enable' }, after: { status: 'disable' }, reason: '离职' });
      manager = await login('manager', 'Manager#2026');
      const bad = await post('operator/member/status', { id: ids.manager, status: 'gone' }, operator, 'zh-cn');
      expect(bad.body.data.errors.status).toBe('状态无效');
    }, 30_000);

    test('group change: enabled site group only (400), audited; revokeSessions ends sessions', async () => {
      const bad = await post('operator/member/group', { id: ids.corp04, group_id: 999999 }, operator, 'zh-cn');
      expect(bad.status).toBe(400);
      expect(bad.body.data.field).toBe('group_id');
      expect(bad.body.message).toBe('请选择一个启用的分组');
      const ok = await post('operator/member/group', { id: ids.corp04, group_id: await groupId('manager') });
      expect(ok.body.data.member.group.name).toBe('Site manager');
      const [a] = await t.db.sql`SELECT detail FROM audit_log WHERE action = 'operator.member.group' AND target_id = ${String(ids.corp04)}`;
      expect(JSON.parse(a.detail).after.group).toBe('Site manager');
      const token = await login('demo', 'Demo#2026');
      const rv = await post('operator/member/revokeSessions', { id: ids.demo });
      expect(rv.body.data.revoked).toBeGreaterThanOrEqual(2);
      expect((await get('account/balance', token)).body.code).toBe(401001);
      demo = await login('demo', 'Demo#2026');
    }, 30_000);

    test('lock-out guards: own status and group, the last console member, console rules (409)', async () => {
      const self = await post('operator/member/status', { id: ids.operator, status: 'disable' });
      expect([self.status, self.body.code]).toEqual([409, 409001]);
      const own = await post('operator/member/group', { id: ids.operator, group_id: await groupId('default') });
      expect(own.status).toBe(409);
      // The operator group without the settings rule would leave nobody able to reach it.
      const opGroup = await groupId('operator');
      const detail = await get(`operator/group/detail?id=${opGroup}`);
      const settingsRule = await ruleId('operator/settings');
      const settingsEdit = await ruleId('operator/settings/edit');
      const cut = await post('operator/group/save', {
        id: opGroup,
        name: 'Operator',
        status: 1,
        rules: detail.body.data.rules.filter((id: number) => id !== settingsRule && id !== settingsEdit),
      });
      expect([cut.status, cut.body.message]).toEqual([409, 'Refused: nobody could reach site settings, menu rules and groups any more']);
      const disableGroup = await post('operator/group/save', { id: opGroup, name: 'Operator', status: 0, rules: detail.body.data.rules });
      expect(disableGroup.status).toBe(409);
      for (const name of ['operator/settings', 'operator/rules/edit']) {
        expect((await post('operator/rule/delete', { id: await ruleId(name) })).status).toBe(409);
      }
      const rule = (await get('operator/rule/tree')).body.data.tree.find((r: { name: string }) => r.name === 'operator');
      const settings = rule.children.find((r: { name: string }) => r.name === 'operator/settings');
      const off = await post('operator/rule/save', { ...settings, status: 0, grant_groups: [] });
      expect(off.status).toBe(409);
      // Nothing moved.
      const [g] = await t.db.sql`SELECT status, rules FROM user_group WHERE id = ${opGroup}`;
      expect(num(g.status)).toBe(1);
      expect(String(g.rules).split(',').map(Number)).toContain(settingsRule);
    });

    test('groups: list, detail, all = *, ancestors added, unknown ids 400, taken name 409, delete rules', async () => {
      const list = await get('operator/group/list');
      const def = list.body.data.list.find((g: { name: string }) => g.name === 'Default member group');
      expect(def).toMatchObject({ all: true, status: 1 });
      expect(def.member_count).toBeGreaterThan(10);
      const button = await ruleId('account/profile');
      const created = await post('operator/group/save', { name: 'Brokers', status: 1, all: false, rules: [button] });
      expect(created.status).toBe(200);
      const gid = created.body.data.group.id;
      expect(created.body.data.group.rules).toEqual([await ruleId('account'), button].sort((a, b) => a - b));
      const star = await post('operator/group/save', { id: gid, name: 'Brokers', status: 1, all: true });
      expect(star.body.data.group.all).toBe(true);
      const [row] = await t.db.sql`SELECT rules FROM user_group WHERE id = ${gid}`;
      expect(row.rules).toBe('*');
      const taken = await post('operator/group/save', { name: 'brokers', rules: [] }, operator, 'zh-cn');
      expect([taken.status, taken.body.message]).toEqual([409, '分组名称已被使用']);
      const unknownRule = await post('operator/group/save', { name: 'X1', rules: [999999] });
      expect([unknownRule.status, unknownRule.body.data.field]).toEqual([400, 'rules']);
      const unknownId = await post('operator/group/save', { id: 999999, name: 'X2', rules: [] });
      expect([unknownId.status, unknownId.body.data.field]).toEqual([400, 'id']);
      const name = await post('operator/group/save', { name: '', rules: [] }, operator, 'zh-cn');
      expect(name.body.data.errors.name).toBe('分组名称需为 1 到 30 个字符');
      const busy = await post('operator/group/delete', { id: await groupId('manager') });
      expect(busy.status).toBe(409);
      const del = await post('operator/group/delete', { id: gid });
      expect(del.status).toBe(200);
      const audit = await get(`operator/audit/list?target_type=group&target_id=${gid}`);
      expect(audit.body.data.list.map((a: { action: string }) => a.action)).toEqual([
        'operator.group.delete',
        'operator.group.update',
        'operator.group.create',
      ]);
      expect(audit.body.data.list[1].detail.before.rules).not.toBe('*');
      expect(audit.body.data.list[1].detail.after.rules).toBe('*');
    });

    test('rule tree: placement, names, fields by type, grants, sort, delete; another instance sees it next request', async () => {
      const tree = (await get('operator/rule/tree')).body.data.tree;
      const account = tree.find((r: { name: string }) => r.name === 'account');
      expect(account.operator).toBe(false);
      expect(account.children.length).toBeGreaterThan(2);
      const op = tree.find((r: { name: string }) => r.name === 'operator');
      expect(op.operator).toBe(true);
      const base = { type: 'menu', title: '帮助', title_en: 'Help', pid: account.id, menu_type: 'tab', path: 'account/overview' };
      const cases: [Record<string, unknown>, number, string][] = [
        [{ ...base, name: '1bad' }, 400, 'name'],
        [{ ...base, name: 'help/x', pid: 999999 }, 400, 'pid'],
        [{ ...base, name: 'help/x', type: 'button', pid: 0 }, 400, 'pid'],
        [{ ...base, name: 'help/x', type: 'route', pid: 0 }, 400, 'pid'],
        [{ ...base, name: 'help/x', type: 'nav', pid: account.id }, 400, 'pid'],
        [{ ...base, name: 'help/x', path: 'nowhere' }, 400, 'path'],
        [{ ...base, name: 'help/x', menu_type: 'link', url: 'javascript:alert(1)' }, 400, 'url'],
        [{ ...base, name: 'help/x', menu_type: 'iframe', url: 'https://evil.example.net/' }, 400, 'url'],
        [{ ...base, name: 'help/x', title: '' }, 400, 'title'],
        [{ ...base, name: 'help/x', title_en: 'x'.repeat(31) }, 400, 'title_en'],
        [{ ...base, name: 'operator/sneak' }, 400, 'name'],
        [{ ...base, name: 'sneak', pid: op.id }, 400, 'name'],
        [{ ...base, name: 'account/overview' }, 409, ''],
      ];
      const before = await count('user_rule');
      for (const [body, status, field] of cases) {
        const r = await post('operator/rule/save', body, operator, 'zh-cn');
        expect([body.name, r.status, r.body.data?.field ?? '']).toEqual([body.name, status, field]);
      }
      expect(await count('user_rule')).toBe(before);
      const cycle = await post('operator/rule/save', {
        ...account,
        pid: account.children.find((c: { type: string }) => c.type === 'menu_dir')?.id ?? account.id,
      });
      expect(cycle.status).toBe(400);
      // A new page, granted to the manager group; the second instance shows it on its next request.
      const manager2 = await login('manager', 'Manager#2026', app2);
      const menus = async () => JSON.stringify((await call(app2, 'GET', 'index/index', manager2)).body.data.menus);
      expect(await menus()).not.toContain('FAQ corner');
      const created = await post('operator/rule/save', {
        ...base,
        name: 'account/faq',
        menu_type: 'link',
        url: 'https://help.example.com/',
        title_en: 'FAQ corner',
        grant_groups: [await groupId('manager')],
      });
      expect(created.status).toBe(200);
      expect(await menus()).toContain('FAQ corner');
      const renamed = await post('operator/rule/save', { ...created.body.data.rule, title_en: 'Guide', grant_groups: [] });
      expect(renamed.status).toBe(200);
      expect(await menus()).toContain('Guide');
      // Sort: the new page first among its siblings.
      const siblings = (await get('operator/rule/tree')).body.data.tree.find((r: { name: string }) => r.name === 'account').children;
      const order = [
        created.body.data.rule.id,
        ...siblings.map((s: { id: number }) => s.id).filter((i: number) => i !== created.body.data.rule.id),
      ];
      expect((await post('operator/rule/sort', { pid: account.id, ids: order.slice(1) })).status).toBe(400);
      expect((await post('operator/rule/sort', { pid: account.id, ids: order })).status).toBe(200);
      const firstMenu = JSON.parse(await menus()).find((m: { name: string }) => m.name === 'account').children[0];
      expect(firstMenu.title).toBe('Guide');
      // Delete: a parent with children → 409; a leaf leaves every group.
      expect((await post('operator/rule/delete', { id: account.id })).status).toBe(409);
      expect((await post('operator/rule/delete', { id: created.body.data.rule.id })).status).toBe(200);
      const [mg] = await t.db.sql`SELECT rules FROM user_group WHERE code = 'manager'`;
      expect(String(mg.rules).split(',')).not.toContain(String(created.body.data.rule.id));
      expect(await menus()).not.toContain('Guide');
      const audit = await get(`operator/audit/list?target_type=rule&target_id=${created.body.data.rule.id}`);
      expect(audit.body.data.list.map((a: { action: string }) => a.action)).toEqual([
        'operator.rule.delete',
        'operator.rule.update',
        'operator.rule.create',
      ]);
      expect(audit.body.data.list[1].detail).toMatchObject({ before: { title_en: 'FAQ corner' }, after: { title_en: 'Guide' } });
    }, 30_000);

    test('settings: schema-driven, all or nothing with data.errors, stale version 409, other instance sees it', async () => {
      const g = await get('operator/settings');
      expect(g.body.data.schema.map((s: { key: string }) => s.key)).toContain('upload.saveName');
      expect(g.body.data.settings.siteName).toBe('保险经纪会员中心');
      const version = g.body.data.version;
      // A menu entry that embeds a partner page keeps its host on the list (an operator made it one).
      await t.db.sql`UPDATE user_rule SET menu_type = 'iframe', url = 'https://help.example.com/guide' WHERE name = 'account/help'`;
      const bad = await post(
        'operator/settings',
        {
          version,
          changes: {
            siteName: 'OK name',
            recordNumber: 'bogus',
            timezone: 'Mars/Base',
            'upload.allowedSuffixes': 'jpg,svg',
            'upload.saveName': '/x/{fileName}',
            'upload.maxSize': 10,
            'upload.mode': 's3',
            iframeHosts: [],
            nope: 1,
          },
        },
        operator,
        'zh-cn',
      );
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.data.errors).sort()).toEqual(
        [
          'iframeHosts',
          'nope',
          'recordNumber',
          'timezone',
          'upload.allowedSuffixes',
          'upload.maxSize',
          'upload.mode',
          'upload.saveName',
        ].sort(),
      );
      expect(bad.body.data.errors['upload.saveName']).toBe(
        '保存文件名需包含随机或唯一部分：random、random32 或 fileSha1 变量（写在花括号中）',
      );
      expect(bad.body.data.used_by).toContain('account/help');
      expect((await get('operator/settings')).body.data).toMatchObject({ version, settings: { siteName: '保险经纪会员中心' } });
      // Two saves on one version: one wins, one 409.
      const [a, b] = await Promise.all([
        post('operator/settings', { version, changes: { siteName_en: 'Broker A' } }),
        post('operator/settings', { version, changes: { siteName_en: 'Broker B' } }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const won = a.status === 200 ? a : b;
      expect(won.body.data.version).toBe(version + 1);
      const en = await call(app2, 'GET', 'index/index', undefined, undefined, 'en');
      expect(en.body.data.site.siteName).toBe(won === a ? 'Broker A' : 'Broker B');
      const upload = await post('operator/settings', {
        version: version + 1,
        changes: { 'upload.allowedSuffixes': 'PDF, .png', loginCaptcha: false },
      });
      expect(upload.body.data.settings['upload.allowedSuffixes']).toEqual(['pdf', 'png']);
      const [row] = await t.db.sql`SELECT value FROM site_config WHERE key = 'upload'`;
      expect(JSON.parse(row.value).allowedSuffixes).toBe('pdf,png');
      const audit = await get('operator/audit/list?action=operator.settings.save');
      expect(audit.body.data.list[0].detail).toMatchObject({ before: { loginCaptcha: true }, after: { loginCaptcha: false } });
    });

    test('openMemberCenter off: members are refused, operators still work', async () => {
      const v = (await get('operator/settings')).body.data.version;
      expect((await post('operator/settings', { version: v, changes: { openMemberCenter: false } })).status).toBe(200);
      expect((await call(app2, 'GET', 'account/balance', demo)).body.code).toBe(403002);
      expect((await call(app2, 'GET', 'operator/member/list', operator)).status).toBe(200);
      expect((await post('operator/settings', { version: v + 1, changes: { openMemberCenter: true } })).status).toBe(200);
    });

    test('audit: filters, actor by name, CSV export, secrets redacted, no edit or delete routes', async () => {
      const list = await get('operator/audit/list?actor=operator&action=operator.member.*&limit=50');
      expect(list.body.data.total).toBeGreaterThan(3);
      expect(
        list.body.data.list.every(
          (a: { action: string; actor: { username: string } }) =>
            a.action.startsWith('operator.member.') && a.actor.username === 'operator',
        ),
      ).toBe(true);
      expect(Object.keys(list.body.data.list[0]).sort()).toEqual([
        'action',
        'actor',
        'created_at',
        'detail',
        'id',
        'ip',
        'target_id',
        'target_type',
      ]);
      const none = await get('operator/audit/list?actor=nobody');
      expect(none.body.data.total).toBe(0);
      const res = await app.request(`${ORIGIN}/userapi/v1/operator/audit/export?action=operator.member.adjust`, {
        headers: { 'ba-user-token': operator },
      });
      expect(res.headers.get('content-type')).toContain('text/csv');
      const csv = await res.text();
      expect(csv.split('\r\n')[0]).toContain('id,created_at,actor,action');
      expect(csv).toContain('operator.member.adjust');
      expect((await call(app, 'POST', 'operator/audit/delete', operator, { id: 1 })).status).toBe(404);
      const { writeAudit } = await import('~/server/audit');
      await writeAudit(t.db, {
        userId: ids.operator,
        action: 'operator.member.test',
        targetType: 'member',
        targetId: 1,
        before: { password: 'x', nested: { token: 'y' } },
      });
      const [row] = await t.db.sql`SELECT detail FROM audit_log WHERE action = 'operator.member.test'`;
      expect(JSON.parse(row.detail).before).toEqual({ password: '***', nested: { token: '***' } });
    });

    test('form posts answer 303 back with done or fail', async () => {
      const headers = { 'ba-user-token': operator, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' };
      const okRes = await app.request(`${ORIGIN}/userapi/v1/operator/member/status`, {
        method: 'POST',
        headers,
        body: new URLSearchParams({
          id: String(ids.corp06),
          status: 'disable',
          reason: '测试',
          to: '/user/operator/members?page=2',
        }).toString(),
      });
      expect(okRes.status).toBe(303);
      expect(okRes.headers.get('location')).toBe('/user/operator/members?page=2&done=operator.saved');
      const fail = await app.request(`${ORIGIN}/userapi/v1/operator/member/status`, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ id: String(ids.operator), status: 'disable', to: 'https://evil.example/' }).toString(),
      });
      expect(fail.headers.get('location')).toBe('/user/operator/members?fail=operator.lockout.self');
    });
  });
}
