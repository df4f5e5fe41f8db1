import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { num, nowSeconds } from '~/server/db';
import { listAudit } from '~/server/audit';
import { login, MAX_LOGIN_FAILURES, refreshToken, signLink, verifySignature } from './index';
import { findUserByAccount, getUserInfo } from '~/server/members';
import { createSignature, hashToken, resolveSession, revokeSession as logout } from '~/server/session';
import { failure } from '../../../tests/support/domain-error';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';

for (const engine of engines()) {
  describe(`auth on ${engine.name}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
    });
    afterAll(async () => {
      await t.drop();
    });

    test('login by username, email (any case) and mobile', async () => {
      for (const account of ['demo', 'Demo@Example.com', '13800138000']) {
        const r = await login(t.db, { account, password: 'Demo#2026', ip: '10.0.0.1' });
        expect(r.userInfo.username).toBe('demo');
        expect(r.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(r.refreshToken).toBe('');
      }
    });

    test('unknown account and wrong password fail the same way', async () => {
      const a = await failure(login(t.db, { account: 'nobody', password: 'Whatever#1' }));
      const b = await failure(login(t.db, { account: 'demo', password: 'Wrong#2026' }));
      expect([a.key, a.status, a.code]).toEqual([b.key, b.status, b.code]);
      expect(a.key).toBe('auth.loginFailed');
    });

    test('validation names the fields (spec §5)', async () => {
      const e = await failure(login(t.db, { account: '1bad', password: 'a<b' }));
      expect(e.status).toBe(400);
      expect(e.field).toBe('account');
      expect(e.errors).toEqual({ account: 'validate.account', password: 'validate.password' });
      const e2 = await failure(login(t.db, { account: 'ab', password: '' }));
      expect(e2.errors).toEqual({ account: 'validate.account', password: 'validate.required' });
    });

    test('tokens are stored only as SHA-256 hashes', async () => {
      const r = await login(t.db, { account: 'demo', password: 'Demo#2026', keep: true });
      const rows = await t.db.sql`SELECT token_hash, type FROM token WHERE user_id = ${r.userInfo.id}`;
      const all = JSON.stringify(rows);
      expect(all).not.toContain(r.token);
      expect(all).not.toContain(r.refreshToken);
      expect(rows.map((x: { token_hash: string }) => x.token_hash)).toContain(hashToken(r.token));
      expect(hashToken(r.token)).toMatch(/^[0-9a-f]{64}$/);
      const [row] = await t.db.sql`SELECT expires_at, created_at FROM token WHERE token_hash = ${hashToken(r.refreshToken)}`;
      expect(num(row.expires_at) - num(row.created_at)).toBe(30 * 24 * 3600);
    });

    test('resolveSession: missing, invalid, valid, expired', async () => {
      expect((await resolveSession(t.db, {})).problem).toBe('missing');
      expect((await resolveSession(t.db, { token: 'garbage' })).problem).toBe('invalid');
      const r = await login(t.db, { account: 'demo', password: 'Demo#2026' });
      const ok = await resolveSession(t.db, { token: r.token });
      expect(ok.problem).toBe('none');
      expect(ok.session).toMatchObject({ userId: r.userInfo.id, via: 'token' });
      await t.db.sql`UPDATE token SET expires_at = ${nowSeconds() - 5} WHERE token_hash = ${hashToken(r.token)}`;
      const expired = await resolveSession(t.db, { token: r.token });
      expect(expired.session).toBeNull();
      expect(expired.problem).toBe('expired');
    });

    test('requests do not rewrite last login; last_used_at is throttled', async () => {
      const r = await login(t.db, { account: 'manager', password: 'Manager#2026', ip: '10.1.1.1' });
      await t.db.sql`UPDATE "user" SET last_login_time = 1000, last_login_ip = 'x' WHERE id = ${r.userInfo.id}`;
      await t.db.sql`UPDATE token SET last_used_at = NULL WHERE token_hash = ${hashToken(r.token)}`;
      await resolveSession(t.db, { token: r.token }, { ip: '10.9.9.9' });
      const [first] = await t.db.sql`SELECT last_used_at FROM token WHERE token_hash = ${hashToken(r.token)}`;
      expect(num(first.last_used_at)).toBeGreaterThan(0);
      await t.db.sql`UPDATE token SET last_used_at = ${nowSeconds() - 30} WHERE token_hash = ${hashToken(r.token)}`;
      await resolveSession(t.db, { token: r.token });
      const [second] = await t.db.sql`SELECT last_used_at FROM token WHERE token_hash = ${hashToken(r.token)}`;
      expect(num(second.last_used_at)).toBe(nowSeconds() - 30);
      const [u] = await t.db.sql`SELECT last_login_time, last_login_ip FROM "user" WHERE id = ${r.userInfo.id}`;
      expect([num(u.last_login_time), u.last_login_ip]).toEqual([1000, 'x']);
    });

    test('refresh issues a new access token and revokes the current one; bad refresh → 401200', async () => {
      const r = await login(t.db, { account: 'demo', password: 'Demo#2026', keep: true });
      const next = await refreshToken(t.db, r.refreshToken, r.token);
      expect(next.token).not.toBe(r.token);
      expect((await resolveSession(t.db, { token: next.token })).problem).toBe('none');
      expect((await resolveSession(t.db, { token: r.token })).problem).toBe('invalid');
      for (const bad of ['', 'nope', r.token]) {
        const e = await failure(refreshToken(t.db, bad));
        expect([e.status, e.code]).toEqual([401, 401200]);
      }
      await t.db.sql`UPDATE token SET expires_at = ${nowSeconds() - 1} WHERE token_hash = ${hashToken(r.refreshToken)}`;
      expect((await failure(refreshToken(t.db, r.refreshToken))).code).toBe(401200);
    });

    test('logout revokes the access and the refresh token', async () => {
      const r = await login(t.db, { account: 'demo', password: 'Demo#2026', keep: true });
      expect(await logout(t.db, { token: r.token, refreshToken: r.refreshToken })).toEqual({ revoked: 2 });
      expect((await resolveSession(t.db, { token: r.token })).session).toBeNull();
      expect((await failure(refreshToken(t.db, r.refreshToken))).code).toBe(401200);
    });

    test('lock after repeated failures; counter resets on success', async () => {
      const user = (await findUserByAccount(t.db, 'operator'))!;
      await failure(login(t.db, { account: 'operator', password: 'Wrong#1234' }));
      const [after1] = await t.db.sql`SELECT login_failure FROM "user" WHERE id = ${user.id}`;
      expect(num(after1.login_failure)).toBe(1);
      await t.db.sql`UPDATE "user" SET login_failure = ${MAX_LOGIN_FAILURES}, last_failure_time = ${nowSeconds()} WHERE id = ${user.id}`;
      const locked = await failure(login(t.db, { account: 'operator', password: 'Operator#2026' }));
      expect([locked.status, locked.key]).toEqual([429, 'auth.locked']);
      expect(Number(locked.params?.minutes)).toBeGreaterThan(0);
      await t.db.sql`UPDATE "user" SET last_failure_time = ${nowSeconds() - 16 * 60} WHERE id = ${user.id}`;
      await login(t.db, { account: 'operator', password: 'Operator#2026' });
      const [after] = await t.db.sql`SELECT login_failure FROM "user" WHERE id = ${user.id}`;
      expect(num(after.login_failure)).toBe(0);
    });

    test('parallel wrong guesses each count towards the lock', async () => {
      const user = (await findUserByAccount(t.db, 'manager'))!;
      await t.db.sql`UPDATE "user" SET login_failure = 0, last_failure_time = NULL WHERE id = ${user.id}`;
      const guesses = Array.from({ length: 6 }, (_, i) => failure(login(t.db, { account: 'manager', password: `Guess#${i}000` })));
      await Promise.all(guesses);
      const [row] = await t.db.sql`SELECT login_failure FROM "user" WHERE id = ${user.id}`;
      expect(num(row.login_failure)).toBe(6);
      await t.db.sql`UPDATE "user" SET login_failure = 0, last_failure_time = NULL WHERE id = ${user.id}`;
    });

    test('disabled accounts are refused, and their sessions stop working', async () => {
      const r = await login(t.db, { account: 'operator', password: 'Operator#2026' });
      await t.db.sql`UPDATE "user" SET status = 'disable' WHERE username = 'operator'`;
      try {
        const e = await failure(login(t.db, { account: 'operator', password: 'Operator#2026' }));
        expect([e.status, e.key]).toEqual([403, 'auth.accountDisabled']);
        expect((await resolveSession(t.db, { token: r.token })).session).toBeNull();
      } finally {
        await t.db.sql`UPDATE "user" SET status = 'enable' WHERE username = 'operator'`;
      }
    });

    test('userInfo: money as a yuan string, no secrets', async () => {
      const demo = (await findUserByAccount(t.db, 'demo'))!;
      const info = (await getUserInfo(t.db, demo.id, { token: 'mine' }))!;
      expect(info.money).toBe((demo.money / 100).toFixed(2)); // fen as a yuan string
      expect(info.token).toBe('mine');
      expect(info.refresh_token).toBe('');
      const json = JSON.stringify(info);
      for (const secret of ['password', 'argon2', 'group_id', 'login_failure', 'status']) expect(json).not.toContain(secret);
    });

    test('signed links: valid logs in via signature, tampered and expired refused with 401001', async () => {
      const sig = await signLink(t.db, 'manager', 600);
      expect((await verifySignature(t.db, sig)).username).toBe('manager');
      const s = await resolveSession(t.db, { signature: sig });
      expect(s.session?.via).toBe('signature');
      const rows = await t.db.sql`SELECT type FROM token WHERE token_hash = ${hashToken(sig)}`;
      expect(rows.map((r: { type: string }) => r.type)).toEqual(['signature']);
      // the same link again reuses the stored session
      expect((await resolveSession(t.db, { signature: sig })).session?.tokenId).toBe(s.session!.tokenId);

      const [body, mac] = sig.split('.');
      const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), u: 1 })).toString('base64url');
      for (const bad of [`${forged}.${mac}`, `${body}.${mac.slice(0, -2)}xx`, 'not-a-signature']) {
        const e = await failure(verifySignature(t.db, bad));
        expect([e.status, e.code]).toEqual([401, 401001]);
        expect((await resolveSession(t.db, { signature: bad })).problem).toBe('invalid');
      }
      const demo = (await findUserByAccount(t.db, 'demo'))!;
      const expired = await createSignature(t.db, demo.id, -5);
      expect((await failure(verifySignature(t.db, expired))).code).toBe(401001);
      expect((await resolveSession(t.db, { signature: expired })).session).toBeNull();

      expect((await failure(signLink(t.db, 'ghost'))).key).toBe('auth.unknownUser');
      await logout(t.db, { signature: sig });
      expect((await resolveSession(t.db, { signature: sig })).session).toBeNull();
    });

    test('login, refresh, logout and signature logins are audited', async () => {
      const actions = (await listAudit(t.db, { limit: 500 })).map((a) => a.action);
      for (const a of ['auth.login', 'auth.login_failed', 'auth.refresh', 'auth.logout', 'auth.signature_login', 'auth.login_locked']) {
        expect(actions).toContain(a);
      }
    });
  });
}
