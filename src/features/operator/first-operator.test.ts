/**
 * The first operator of a production database (`bun run create-operator`), on both engines: the
 * account signs in and opens the console; bad input and a taken name or address are refused with
 * the field or the reason; the creation is audited; the command prints a password once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '~/features/_shared/envelope';
import { ensurePortalDatabase } from '~/demo';
import { createApi } from '~/server/api';
import { num } from '~/server/db/client';
import { isDomainError } from '~/server/errors';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { ROOT } from '../../../tests/support/server';
import { createOperator } from './first-operator';

const ORIGIN = 'http://localhost';

/** The error a call throws, as the API would answer it. */
async function refusal(run: Promise<unknown>) {
  try {
    await run;
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return { status: err.status, key: err.key, errors: err.errors ?? null };
  }
  throw new Error('expected a refusal');
}

for (const engine of engines()) {
  describe(`create-operator on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof createApi>;
    beforeAll(async () => {
      t = await freshDatabase(engine);
      await ensurePortalDatabase(t.db, { demo: false }); // a production database: no demo members
      api = createApi({ getDb: () => t.db });
    });
    afterAll(() => t.drop());

    const request = async (
      path: string,
      init: { json?: unknown; token?: string } = {},
    ): Promise<{ status: number; body: Envelope<{ userInfo: { token: string } }> }> => {
      const headers: Record<string, string> = { origin: ORIGIN, 'think-lang': 'en', 'content-type': 'application/json' };
      if (init.token) headers['ba-user-token'] = init.token;
      const res = await api.request(`${ORIGIN}/userapi/v1/${path}`, {
        method: init.json === undefined ? 'GET' : 'POST',
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      return { status: res.status, body: await res.json() };
    };

    test('the new operator signs in and opens the console; the creation is in the audit log', async () => {
      const made = await createOperator(t.db, { username: 'ops_lead', email: 'Ops.Lead@Example.com', password: 'Strong#Pass2026' });
      const login = await request('user/login', { json: { account: 'ops_lead', password: 'Strong#Pass2026' } });
      expect(login.body.code).toBe(200001);
      const token = login.body.data.userInfo.token;
      const settings = await request('operator/settings', { token });
      expect([settings.status, settings.body.code]).toEqual([200, 200001]);
      const [row] = await t.db.sql`SELECT u.email, u.status, u.password_hash, g.code FROM "user" u JOIN user_group g ON g.id = u.group_id
        WHERE u.id = ${made.id}`;
      expect({ email: row.email, status: row.status, group: row.code }).toEqual({
        email: 'ops.lead@example.com',
        status: 'enable',
        group: 'operator',
      });
      expect(String(row.password_hash)).toStartWith('$argon2id$');
      const audit = await t.db
        .sql`SELECT user_id, detail FROM audit_log WHERE action = 'operator.member.created' AND target_id = ${String(made.id)}`;
      expect(audit.length).toBe(1);
      expect(audit[0].user_id).toBeNull();
      expect(JSON.parse(String(audit[0].detail))).toMatchObject({ username: 'ops_lead', via: 'create-operator' });
    });

    test('bad input names each field; a taken username or address (any case) is refused; nothing is written', async () => {
      const [before] = await t.db.sql`SELECT COUNT(*) AS n FROM "user"`;
      expect(await refusal(createOperator(t.db, { username: '1x', email: 'nope', password: 'a<b' }))).toEqual({
        status: 400,
        key: 'validate.account',
        errors: { username: 'validate.account', email: 'validate.email', password: 'validate.password' },
      });
      for (const clash of [
        { username: 'OPS_LEAD', email: 'other@example.com' },
        { username: 'someone', email: 'ops.lead@EXAMPLE.com' },
      ]) {
        expect(await refusal(createOperator(t.db, { ...clash, password: 'Strong#Pass2026' }))).toMatchObject({
          status: 409,
          key: 'operator.accountTaken',
        });
      }
      const [after] = await t.db.sql`SELECT COUNT(*) AS n FROM "user"`;
      expect(num(after.n)).toBe(num(before.n));
    });
  });
}

test('the command: a generated password printed once; the same name again is refused with the reason', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-create-operator-'));
  try {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
    delete env.DATABASE_URL;
    delete env.PORTAL_OPERATOR_PASSWORD;
    Object.assign(env, { DATA_DIR: dataDir, NODE_ENV: 'production' });
    const run = () =>
      Bun.spawnSync([process.execPath, 'scripts/create-operator.ts', 'first_ops', 'ops@example.com'], {
        cwd: ROOT,
        env,
        stdout: 'pipe',
        stderr: 'pipe',
      });
    const first = run();
    expect(first.exitCode).toBe(0);
    const out = first.stdout.toString();
    expect(out).toContain('Operator first_ops created');
    expect(out).toMatch(/Password \(shown once; change it after signing in\): [A-Za-z0-9]{24}\n/);
    const again = run();
    expect(again.exitCode).toBe(1);
    expect(again.stderr.toString()).toContain('create-operator: This username or e-mail address is used by another member');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
