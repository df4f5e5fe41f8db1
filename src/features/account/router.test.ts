/** The account centre's endpoints through the API, on both engines. */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode, encode } from 'fast-png';
import { fenToYuan } from '~/lib/money';
import { createApi } from '~/server/api';
import { apiClient } from '../../../tests/support/api-client';
import { num } from '~/server/db/client';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { testOutbox } from '../../../tests/support/outbox';
import { getStorage, LocalStorage, readFileBytes, setStorage, storeServerFile } from '../upload';
import { sendCode } from '../verification';

const ORIGIN = 'http://localhost';
// Logins and password hashes on a shared, loaded host: more than bun's 5 s per test.
setDefaultTimeout(30_000);

/** A real PNG: left half red, right half blue. */
function picture(w: number, h: number): Uint8Array {
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const left = i % w < w / 2;
    data.set([left ? 255 : 0, 0, left ? 0 : 255, 255], i * 4);
  }
  return encode({ width: w, height: h, data, channels: 4 });
}

for (const engine of engines()) {
  describe(`account centre API on ${engine.name}`, () => {
    let t: TestDatabase;
    let app: ReturnType<typeof createApi>;
    let root: string;
    const outbox = testOutbox();
    const ids: Record<string, number> = {};
    const tokens: Record<string, string> = {};

    let api: ReturnType<typeof apiClient>;
    const get = (path: string, token?: string, lang?: string) => api.get(path, token, lang);
    const post = (path: string, token: string | undefined, body: unknown, lang?: string) => api.post(path, token, body, lang);
    async function login(account: string, password: string): Promise<string> {
      const r = await post('user/login', undefined, { account, password });
      expect(r.status).toBe(200);
      return r.body.data.userInfo.token;
    }
    const count = async (table: string) => num((await t.db.sql`SELECT COUNT(*) AS n FROM ${t.db.sql(table)}`)[0].n);
    const slipOf = async (user: string, topic = 'topup', bytes: Uint8Array = picture(40 + ids[user], 30), name = 'slip.png') =>
      (
        await storeServerFile(t.db, getStorage(), {
          userId: ids[user],
          topic,
          name,
          mime: name.endsWith('.png') ? 'image/png' : 'application/octet-stream',
          bytes,
        })
      ).id;

    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
      app = createApi({ getDb: () => t.db });
      api = apiClient(t.db);
      root = mkdtempSync(join(tmpdir(), 'account-uploads-'));
      setStorage(new LocalStorage(root));
      outbox.open();
      for (const r of await t.db.sql`SELECT id, username FROM "user"`) ids[String(r.username)] = num(r.id);
      tokens.demo = await login('demo', 'Demo#2026');
      tokens.manager = await login('manager', 'Manager#2026');
      tokens.operator = await login('operator', 'Operator#2026');
    }, 60_000);
    afterAll(async () => {
      outbox.close();
      setStorage(null);
      rmSync(root, { recursive: true, force: true });
      await t.drop();
    });

    test('a guest hears 401 on every account endpoint', async () => {
      for (const p of ['account/overview', 'account/profile', 'account/topup']) expect((await get(p)).status).toBe(401);
      for (const p of ['account/profile', 'account/changePassword', 'account/verification', 'account/changeBind', 'account/topup']) {
        expect((await post(p, undefined, {})).status).toBe(401);
      }
    });

    test('top-up: validation in both languages, nothing written on errors', async () => {
      const before = await count('topup');
      const bad = await post('account/topup', tokens.demo, { amount: '12.345', payment_ref: 'X1', slip: 1 });
      expect(bad.status).toBe(400);
      expect(bad.body.data.field).toBe('amount');
      expect(bad.body.message).toBe('Enter a valid amount (above 0, at most two decimals)');
      const zh = await post('account/topup', tokens.demo, { amount: '0', payment_ref: 'X1', slip: 1 }, 'zh-cn');
      expect(zh.body.message).toBe('请输入正确的金额（大于 0，最多两位小数）');
      const noRef = await post('account/topup', tokens.demo, { amount: '10', payment_ref: '  ', slip: 1 }, 'zh-cn');
      expect(noRef.body.data.field).toBe('payment_ref');
      const others = await slipOf('manager');
      const foreign = await post('account/topup', tokens.demo, { amount: '10', payment_ref: 'X1', slip: others });
      expect(foreign.status).toBe(400);
      expect(foreign.body.message).toBe('No upload of yours has this id: upload the transfer slip (an image or a PDF) first');
      const sheet = await slipOf('demo', 'insured', new TextEncoder().encode('name,id_no\nA,1\n'), 'people.csv');
      const notSlip = await post('account/topup', tokens.demo, { amount: '10', payment_ref: 'X1', slip: sheet });
      expect([notSlip.status, notSlip.body.code, notSlip.body.data.field]).toEqual([415, 415001, 'slip']);
      expect(notSlip.body.message).toBe('The file must be an image (PNG, JPEG, GIF, WebP, BMP) or a PDF');
      expect(await count('topup')).toBe(before);
    });

    test('top-up: any own image or PDF is a slip, whatever its upload topic', async () => {
      const avatarTopic = await slipOf('demo', 'avatar');
      expect((await post('account/topup', tokens.demo, { amount: '10', payment_ref: 'X-AV', slip: avatarTopic })).status).toBe(200);
      const pdf = await slipOf('demo', 'claim', new TextEncoder().encode('%PDF-1.4\n%%EOF\n'), 'slip.pdf');
      expect((await post('account/topup', tokens.demo, { amount: '10', payment_ref: 'X-PDF', slip: pdf })).status).toBe(200);
    });

    test('top-up: the member asks, sees it, a sub-account may not', async () => {
      const slip = await slipOf('demo');
      const r = await post('account/topup', tokens.demo, { amount: '1234.5', payment_ref: 'ICBC-001', slip });
      expect(r.status).toBe(200);
      expect(Object.keys(r.body.data.topup).sort()).toEqual(['amount', 'created_at', 'id', 'status']);
      expect(r.body.data.topup).toMatchObject({ status: 'pending', amount: '1234.50' });
      const mine = await get('account/topup', tokens.demo);
      expect(mine.body.data.list[0]).toMatchObject({ id: r.body.data.topup.id, payment_ref: 'ICBC-001' });
      expect((await get('account/topup', tokens.manager)).body.data.list).toEqual([]);

      const [g] = await t.db.sql`SELECT id FROM user_group WHERE code = 'default'`;
      const hash = await Bun.password.hash('Site#2026');
      await t.db
        .sql`INSERT INTO "user" ${t.db.sql({ group_id: num(g.id), username: 'site1', password_hash: hash, parent_id: ids.demo, join_time: 0, created_at: 0, updated_at: 0 })}`;
      const [sub] = await t.db.sql`SELECT id FROM "user" WHERE username = 'site1'`;
      ids.site1 = num(sub.id);
      const subToken = await login('site1', 'Site#2026');
      const refused = await post('account/topup', subToken, { amount: '10', payment_ref: 'X', slip: await slipOf('site1') }, 'zh-cn');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('子账号不能充值，请联系主账号');
    });

    test('operator endpoints: demo (group *) and manager get 403, the operator may', async () => {
      const [pending] = await t.db.sql`SELECT id FROM topup WHERE status = 'pending' ORDER BY id DESC LIMIT 1`;
      for (const who of ['demo', 'manager']) {
        expect((await get('operator/topup/list', tokens[who])).status).toBe(403);
        expect((await get(`operator/topup/slip?id=${pending.id}`, tokens[who])).status).toBe(403);
        expect((await post('operator/topup/confirm', tokens[who], { id: num(pending.id) })).status).toBe(403);
        expect((await post('operator/topup/reject', tokens[who], { id: num(pending.id), reason: 'no' })).status).toBe(403);
      }
      const list = await get('operator/topup/list?status=pending', tokens.operator);
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBeGreaterThanOrEqual(2);
      expect(list.body.data.list[0]).toMatchObject({ status: 'pending', username: 'demo' });
      const slip = await app.request(`${ORIGIN}/userapi/v1/operator/topup/slip?id=${pending.id}`, {
        headers: { 'ba-user-token': tokens.operator },
      });
      expect(slip.status).toBe(200);
      expect(slip.headers.get('content-type')).toBe('image/png');
      expect((await get('operator/topup/slip?id=999999', tokens.operator)).status).toBe(404);
      expect((await post('operator/topup/confirm', tokens.operator, { id: 999999 })).status).toBe(404);
    });

    test('20 parallel confirms credit the ledger exactly once', async () => {
      const slip = await slipOf('demo');
      const asked = await post('account/topup', tokens.demo, { amount: '88.80', payment_ref: 'BOC-42', slip });
      const id = asked.body.data.topup.id;
      const [before] = await t.db.sql`SELECT money FROM "user" WHERE id = ${ids.demo}`;
      const replies = await Promise.all(Array.from({ length: 20 }, () => post('operator/topup/confirm', tokens.operator, { id })));
      expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
      const entries = await t.db.sql`SELECT * FROM user_money_log WHERE reference = ${`TOPUP-${id}`}`;
      expect(entries.length).toBe(1);
      expect(entries[0]).toMatchObject({ kind: 'topup' });
      expect(num(entries[0].amount)).toBe(8880);
      const [after] = await t.db.sql`SELECT money FROM "user" WHERE id = ${ids.demo}`;
      expect(num(after.money) - num(before.money)).toBe(8880);
      const [row] = await t.db.sql`SELECT status, ledger_entry_id FROM topup WHERE id = ${id}`;
      expect(row.status).toBe('confirmed');
      expect(num(row.ledger_entry_id)).toBe(num(entries[0].id));
      const late = await post('operator/topup/reject', tokens.operator, { id, reason: 'late' }, 'zh-cn');
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('该充值申请已处理，不能再更改');
    });

    test('a rejected top-up credits nothing and cannot be confirmed', async () => {
      const asked = await post('account/topup', tokens.demo, { amount: 50, payment_ref: 'CCB-9', slip: await slipOf('demo') });
      const id = asked.body.data.topup.id;
      const noReason = await post('operator/topup/reject', tokens.operator, { id, reason: '' });
      expect(noReason.status).toBe(400);
      expect(noReason.body.data.field).toBe('reason');
      const r = await post('operator/topup/reject', tokens.operator, { id, reason: '凭证金额不符' });
      expect(r.body.data.topup).toMatchObject({ status: 'rejected', reason: '凭证金额不符' });
      expect((await post('operator/topup/confirm', tokens.operator, { id })).status).toBe(409);
      expect((await t.db.sql`SELECT id FROM user_money_log WHERE reference = ${`TOPUP-${id}`}`).length).toBe(0);
      expect((await get('account/topup', tokens.demo)).body.data.list.find((x: { id: number }) => x.id === id).reason).toBe('凭证金额不符');
    });

    test('overview: balances, the previous login (not this one), contacts, 7 or 30 days of changes', async () => {
      // The earlier login a minute back (a login within the same second as the last one would not
      // count as a new "previous" login).
      await t.db.sql`UPDATE "user" SET last_login_ip = '198.51.100.7', last_login_time = last_login_time - 60 WHERE id = ${ids.manager}`;
      const first = await t.db.sql`SELECT last_login_time, last_login_ip FROM "user" WHERE id = ${ids.manager}`;
      const again = await login('manager', 'Manager#2026');
      const r = await get('account/overview', again);
      expect(r.status).toBe(200);
      expect(r.body.data.last_login_ip).toBe('198.51.100.7');
      expect(r.body.data.last_login_time).toBe(num(first[0].last_login_time));
      const [m] = await t.db.sql`SELECT money, score FROM "user" WHERE id = ${ids.manager}`;
      expect(r.body.data).toMatchObject({
        balance: fenToYuan(num(m.money)),
        points: num(m.score),
        email_filled: true,
        mobile_filled: true,
      });
      expect(r.body.data.days.length).toBe(7);
      const demo = await get('account/overview?days=30', tokens.demo);
      expect(demo.body.data.days.length).toBe(30);
      expect(demo.body.data.money.length).toBe(30);
      expect(demo.body.data.score.reduce((s: number, n: number) => s + n, 0)).toBe(326 - 100);
      const bad = await get('account/overview?days=9', tokens.demo, 'zh-cn');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('天数只能是 7 或 30');
    });

    test('profile: fields saved, others ignored, rules in both languages, nothing written on errors', async () => {
      const info = await get('account/profile', tokens.manager);
      expect(info.body.data.accountVerificationType).toContain('email');
      const base = { username: 'manager', nickname: '现场经理', gender: 2, birthday: '1990-05-06', motto: 'hi' };
      const r = await post('account/profile', tokens.manager, { ...base, gender: '1', money: 999999, group_id: 1 });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Profile saved.');
      const [u] = await t.db.sql`SELECT * FROM "user" WHERE id = ${ids.manager}`;
      expect(u).toMatchObject({ gender: 1, birthday: '1990-05-06', motto: 'hi' });
      expect(num(u.money)).toBe(50_000);
      const taken = await post('account/profile', tokens.manager, { ...base, username: 'Demo' }, 'zh-cn');
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('该用户名已被使用');
      const nick = await post('account/profile', tokens.manager, { ...base, nickname: 'a b' });
      expect(nick.body.data.field).toBe('nickname');
      const born = await post('account/profile', tokens.manager, { ...base, birthday: '2999-01-01' }, 'zh-cn');
      expect(born.body.message).toBe('请输入正确的生日（YYYY-MM-DD，不晚于今天）');
      expect((await post('account/profile', tokens.manager, { ...base, gender: 3 })).body.data.field).toBe('gender');
      expect((await post('account/profile', tokens.manager, { ...base, avatar: 'https://evil.example/x.png' })).status).toBe(400);
      const [same] = await t.db.sql`SELECT username, gender, updated_at FROM "user" WHERE id = ${ids.manager}`;
      expect(same).toMatchObject({ username: 'manager', gender: 1, updated_at: u.updated_at });
    });

    test('profile: the avatar is cropped square and re-encoded as a 256 px PNG', async () => {
      const upload = await storeServerFile(t.db, getStorage(), {
        userId: ids.manager,
        topic: 'avatar',
        name: 'wide.png',
        mime: 'image/png',
        bytes: picture(300, 100),
      });
      const base = { username: 'manager', nickname: 'Mgr', gender: 2 };
      const r = await post('account/profile', tokens.manager, { ...base, avatar: upload.id });
      expect(r.status).toBe(200);
      const [u] = await t.db.sql`SELECT avatar FROM "user" WHERE id = ${ids.manager}`;
      expect(String(u.avatar)).toMatch(/^storage\/avatar\/.+\.png$/);
      const [file] = await t.db.sql`SELECT * FROM attachment WHERE path = ${u.avatar}`;
      const img = decode((await readFileBytes(getStorage(), { ...file, id: num(file.id) } as never))!);
      expect([img.width, img.height]).toEqual([256, 256]);
      // Centre crop: both halves of the wide picture remain, red on the left, blue on the right.
      const px = (x: number) => Array.from(img.data.slice((128 * 256 + x) * img.channels, (128 * 256 + x) * img.channels + 3));
      expect(px(10)).toEqual([255, 0, 0]);
      expect(px(245)).toEqual([0, 0, 255]);
      // Posting the current avatar back keeps it; another member's upload is refused.
      expect((await post('account/profile', tokens.manager, { ...base, avatar: `/${u.avatar}` })).status).toBe(200);
      const foreign = await storeServerFile(t.db, getStorage(), {
        userId: ids.demo,
        topic: 'avatar',
        name: 'a.png',
        mime: 'image/png',
        bytes: picture(20, 20),
      });
      expect((await post('account/profile', tokens.manager, { ...base, avatar: foreign.id })).status).toBe(400);
    });

    test('change bound e-mail: code to the current address, token, then code to the new one', async () => {
      const wrongType = await post('account/verification', tokens.manager, { type: 'fax', captcha: '123456' });
      expect(wrongType.status).toBe(400);
      await sendCode(t.db, {
        channel: 'email',
        address: 'manager@example.com',
        event: 'user_email_verify',
        ip: '1',
        locale: 'en',
        registered: true,
        ownAddress: 'manager@example.com',
      });
      const codeOld = outbox.latest('manager@example.com')!.code;
      const noToken = await post(
        'account/changeBind',
        tokens.manager,
        { type: 'email', captcha: '123456', email: 'boss@example.com' },
        'zh-cn',
      );
      expect(noToken.status).toBe(400);
      expect(noToken.body.message).toBe('修改绑定信息前需要先验证账户');
      const v = await post('account/verification', tokens.manager, { type: 'email', captcha: codeOld });
      expect(v.status).toBe(200);
      const token = v.body.data.accountVerificationToken;
      expect(typeof token).toBe('string');
      /** The manager's e-mail changed to `email` with this verification token. */
      const changeEmail = (captcha: string | undefined, email: string) =>
        post('account/changeBind', tokens.manager, { type: 'email', captcha, email, accountVerificationToken: token });
      const taken = await changeEmail('123456', 'demo@example.com');
      expect(taken.status).toBe(409);
      await sendCode(t.db, {
        channel: 'email',
        address: 'boss@example.com',
        event: 'user_change_email',
        ip: '2',
        locale: 'en',
        registered: false,
      });
      const codeNew = outbox.latest('boss@example.com')!.code;
      const wrong = await changeEmail(codeNew === '000000' ? '111111' : '000000', 'boss@example.com');
      expect(wrong.status).toBe(400);
      const [still] = await t.db.sql`SELECT email FROM "user" WHERE id = ${ids.manager}`;
      expect(still.email).toBe('manager@example.com');
      await t.db.sql`UPDATE verification_code SET attempts = 0 WHERE address = 'boss@example.com'`;
      const r = await changeEmail(codeNew, 'Boss@Example.com');
      expect(r.status).toBe(200);
      const [now] = await t.db.sql`SELECT email FROM "user" WHERE id = ${ids.manager}`;
      expect(now.email).toBe('boss@example.com');
      const reuse = await changeEmail(codeNew, 'x@example.com');
      expect(reuse.status).toBe(400);
    });

    test('bind a mobile when none is bound: the password instead of a token', async () => {
      await t.db.sql`UPDATE "user" SET mobile = NULL WHERE id = ${ids.site1}`;
      const sub = await login('site1', 'Site#2026');
      const nothing = await post('account/verification', sub, { type: 'mobile', captcha: '123456' });
      expect(nothing.body.message).toBe('Nothing is bound for this type, so there is nothing to verify');
      await sendCode(t.db, {
        channel: 'sms',
        address: '13700137000',
        event: 'user_change_mobile',
        ip: '3',
        locale: 'en',
        registered: false,
      });
      const code = outbox.latest('13700137000')!.code;
      const badPw = await post('account/changeBind', sub, { type: 'mobile', captcha: code, mobile: '13700137000', password: 'nope-nope' });
      expect(badPw.status).toBe(400);
      expect(badPw.body.data.field).toBe('password');
      const r = await post('account/changeBind', sub, { type: 'mobile', captcha: code, mobile: '13700137000', password: 'Site#2026' });
      expect(r.status).toBe(200);
      const [u] = await t.db.sql`SELECT mobile FROM "user" WHERE id = ${ids.site1}`;
      expect(u.mobile).toBe('13700137000');
    });

    test('change password: old one checked, spec rule, then every session ends', async () => {
      const other = await login('manager', 'Manager#2026');
      const wrong = await post('account/changePassword', tokens.manager, { oldPassword: 'nope-nope', newPassword: 'Fresh#2027' }, 'zh-cn');
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('旧密码错误');
      const rule = await post('account/changePassword', tokens.manager, { oldPassword: 'Manager#2026', newPassword: 'a<b' });
      expect(rule.body.message).toBe('Password must be 6 to 32 characters and must not contain & < > " \'');
      const same = await post('account/changePassword', tokens.manager, { oldPassword: 'Manager#2026', newPassword: 'Manager#2026' });
      expect(same.body.data.field).toBe('newPassword');
      expect((await get('account/overview', other)).status).toBe(200);
      const r = await post('account/changePassword', tokens.manager, {
        oldPassword: 'Manager#2026',
        newPassword: 'Fresh#2027',
        confirmPassword: 'x',
      });
      expect(r.status).toBe(200);
      expect(r.body.message).toBe('Password changed. Please log in again.');
      expect((await get('account/overview', other)).status).toBe(401);
      expect((await get('account/overview', tokens.manager)).status).toBe(401);
      expect((await post('user/login', undefined, { account: 'manager', password: 'Manager#2026' })).status).toBe(401);
      expect(typeof (await login('manager', 'Fresh#2027'))).toBe('string');
    }, 30_000);
  });
}
