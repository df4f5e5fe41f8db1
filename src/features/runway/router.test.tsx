/**
 * The balance runway through the API and on the pages' components, and its alert job, on both
 * engines: what demo_site1 (a sub-account) and demo (its main account) see, that a member sees
 * only their own team, and that the notice goes out once per crossing — not again while the
 * runway stays low, not twice from two instances, again after it recovered and fell.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { renderNotification } from '~/features/notifications';
import { num } from '~/server/db/client';
import { setConfigValue } from '~/server/site-config';
import { apiClient } from '../../../tests/support/api-client';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { sendRunwayAlerts } from './alerts';
import { loadRunway } from './queries';
import { RunwayCard, RunwayTable } from './ui/runway';

setDefaultTimeout(60_000);

const DAY = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY) + 1;

for (const engine of engines()) {
  describe(`balance runway on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: ReturnType<typeof apiClient>;
    let demo: string;
    let site1: string;
    let manager: string;
    const ids: Record<string, number> = {};

    /** What demo_site1's people cost a day, straight from its rows (fen), and its balance. */
    async function site1Facts(today: string) {
      const rows = await t.db.sql`SELECT i.premium, i.active_from, i.active_to FROM order_insured i JOIN policy_order o ON o.id = i.order_id
        WHERE o.payer_id = ${ids.demo_site1} AND o.status = 'effective' AND i.active_from <= ${today} AND i.active_to >= ${today}`;
      const daily = rows.reduce(
        (s: number, r: Record<string, unknown>) => s + num(r.premium) / days(String(r.active_from), String(r.active_to)),
        0,
      );
      const [u] = await t.db.sql`SELECT money FROM "user" WHERE id = ${ids.demo_site1}`;
      return { people: rows.length, daily, balance: num(u.money) };
    }

    const setMoney = (id: number, fen: number) => t.db.sql`UPDATE "user" SET money = ${fen} WHERE id = ${id}`;
    const notices = async (userId: number) =>
      await t.db.sql`SELECT params, link FROM notification WHERE user_id = ${userId} AND kind = 'balance_runway' ORDER BY id`;

    /** The alert job run by another instance on the same database (SQLite: another process): what it saw cross. */
    async function otherInstance(): Promise<string[]> {
      if (engine.name === 'postgres') return (await sendRunwayAlerts(t.open())).crossed;
      const code = `import { openDb } from '~/server/db/client'; import { sendRunwayAlerts } from '~/features/runway';
        const db = openDb(process.env.RUNWAY_DB_URL); const r = await sendRunwayAlerts(db); console.log(JSON.stringify(r.crossed)); await db.close();`;
      const proc = Bun.spawn(['bun', '-e', code], { cwd: process.cwd(), env: { ...process.env, RUNWAY_DB_URL: t.url }, stdout: 'pipe' });
      const out = await new Response(proc.stdout).text();
      expect(await proc.exited).toBe(0);
      return JSON.parse(out.trim().split('\n').at(-1) ?? '[]');
    }

    beforeAll(async () => {
      t = await freshDatabase(engine, { seed: true });
      api = apiClient(t.db);
      [demo, site1, manager] = await Promise.all([
        api.login('demo', 'Demo#2026'),
        api.login('demo_site1', 'Site1#2026'),
        api.login('manager', 'Manager#2026'),
      ]);
      for (const u of await t.db.sql`SELECT id, username FROM "user" WHERE username IN ('demo', 'demo_site1', 'demo_site2', 'manager')`)
        ids[String(u.username)] = num(u.id);
    }, 120_000);
    afterAll(async () => {
      await t?.drop();
    });

    test('signed out: 401', async () => {
      expect((await api.get('runway')).status).toBe(401);
    });

    test('a sub-account sees its own runway: its balance over the people on the policy it bought', async () => {
      const r = await api.get('runway', site1);
      expect(r.status).toBe(200);
      const v = r.body.data;
      const facts = await site1Facts(v.today);
      expect(facts.people).toBe(3);
      expect(v.scope).toBe('account');
      expect(v.threshold).toBe(14);
      expect(v.accounts.map((a: { username: string }) => a.username)).toEqual(['demo_site1']);
      expect(v.headline).toMatchObject({
        people: 3,
        balance: (facts.balance / 100).toFixed(2),
        days: Math.floor(facts.balance / facts.daily),
        low: false,
      });
      expect(v.headline.daily_premium).toBe((Math.round(facts.daily) / 100).toFixed(2));
    });

    test('a main account sees the company (every balance over every person) and each account', async () => {
      const v = (await api.get('runway', demo)).body.data;
      expect(v.scope).toBe('company');
      expect(v.accounts.map((a: { username: string }) => a.username)).toEqual(['demo', 'demo_site1', 'demo_site2']);
      const [site1Row] = v.accounts.filter((a: { username: string }) => a.username === 'demo_site1');
      const mine = (await api.get('runway', site1)).body.data.headline;
      expect(site1Row).toMatchObject({ days: mine.days, people: mine.people, balance: mine.balance, main: false });
      const sum = (k: 'people') => v.accounts.reduce((s: number, a: Record<string, number>) => s + a[k], 0);
      expect(v.headline.people).toBe(sum('people'));
      const balance = v.accounts.reduce((s: number, a: { balance: string }) => s + Math.round(Number(a.balance) * 100), 0);
      expect(Math.round(Number(v.headline.balance) * 100)).toBe(balance);
      expect(v.accounts.find((a: { username: string }) => a.username === 'demo_site2')).toMatchObject({ people: 0, days: null });
    });

    test('another member sees only their own accounts', async () => {
      const v = (await api.get('runway', manager)).body.data;
      expect(v.accounts.map((a: { id: number }) => a.id)).toEqual([ids.manager]);
    });

    test('the overview card and the allocation table show the figure, in the warning style under the threshold', async () => {
      const view = await loadRunway(t.db, ids.demo_site1);
      const en = renderToStaticMarkup(<RunwayCard view={view} locale="en" />);
      expect(en).toContain(`data-runway-days="${view.headline.days}"`);
      expect(en).toContain(`${view.headline.days} days`);
      expect(en).not.toContain('runway-card-low');
      expect(en).not.toContain('/user/account/balance'); // a sub-account cannot top up
      const low = { ...view, threshold: (view.headline.days ?? 0) + 1 };
      const zh = renderToStaticMarkup(<RunwayCard view={low} locale="zh-cn" />);
      expect(zh).toContain('runway-card-low');
      expect(zh).toContain(`${view.headline.days} 天`);
      expect(zh).toContain('低于提醒线');
      expect(zh).toContain('请联系主账号划拨额度');
      const team = await loadRunway(t.db, ids.demo);
      const table = renderToStaticMarkup(<RunwayTable view={{ ...team, threshold: (view.headline.days ?? 0) + 1 }} locale="en" />);
      expect(table).toContain('data-account="demo_site1"');
      expect(table).toContain(`/user/team/allocation?sub=${ids.demo_site1}`); // the low sub-account's allocate link
      expect(table).toContain('Company total');
      expect(table).toContain('href="/user/account/balance"'); // the main account, low too: Top up
      const card = renderToStaticMarkup(<RunwayCard view={team} locale="en" />);
      expect(card).toContain('/user/account/balance');
      expect(card).toContain('/user/team/allocation');
      expect(card).toContain(`data-runway-days="${team.headline.days}"`);
    });

    test('the alert: once per crossing, never twice from two instances, again after a recovery', async () => {
      const before = await site1Facts((await loadRunway(t.db, ids.demo_site1)).today);
      // Nothing is low with the seeded balances.
      expect((await sendRunwayAlerts(t.db)).crossed).not.toContain(`${ids.demo_site1}:account`);
      // demo_site1 spends down to 1.00: a day or so left.
      await setMoney(ids.demo_site1, 100);
      const [a, b] = await Promise.all([sendRunwayAlerts(t.db), otherInstance()]);
      const key = `${ids.demo_site1}:account`;
      expect([...a.crossed, ...b].filter((k) => k === key)).toHaveLength(1);
      const mine = await notices(ids.demo_site1);
      expect(mine).toHaveLength(1);
      expect(mine[0].link).toBe('/user/account/overview');
      const toMain = (await notices(ids.demo)).filter((n: Record<string, unknown>) => String(n.link).endsWith(`sub=${ids.demo_site1}`));
      expect(toMain).toHaveLength(1);
      const params = JSON.parse(String(mine[0].params));
      expect(params).toMatchObject({ account: 'demo_site1', balance: 100, days: Math.floor(100 / before.daily), threshold: 14 });
      const en = renderNotification('en', 'balance_runway', params);
      expect(en.title).toBe(`Balance lasts about ${params.days} days`);
      expect(en.body).toContain('Sub-account balance (demo_site1): ¥1.00');
      const zh = renderNotification('zh-cn', 'balance_runway', params);
      expect(zh.body).toContain('子账号余额（demo_site1）¥1.00');
      // Still low the next day: nothing new.
      const again = await sendRunwayAlerts(t.db, Date.now() + DAY);
      expect(again.crossed).not.toContain(key);
      expect(await notices(ids.demo_site1)).toHaveLength(1);
      // Recovered, then low again: a second notice.
      await setMoney(ids.demo_site1, before.balance);
      expect((await sendRunwayAlerts(t.db)).recovered).toBeGreaterThanOrEqual(1);
      expect(await notices(ids.demo_site1)).toHaveLength(1);
      await setMoney(ids.demo_site1, 0);
      expect((await sendRunwayAlerts(t.db)).crossed).toContain(key);
      const twice = await notices(ids.demo_site1);
      expect(twice).toHaveLength(2);
      expect(JSON.parse(String(twice[1].params)).days).toBe(0);
      await setMoney(ids.demo_site1, before.balance);
      await sendRunwayAlerts(t.db);
    });

    test('the threshold is the operator’s setting; the company crosses on its own', async () => {
      const company = (await loadRunway(t.db, ids.demo)).headline.days ?? 0;
      expect(company).toBeGreaterThan(0);
      await setConfigValue(t.db, 'runwayAlertDays', Math.min(365, company + 1));
      try {
        const run = await sendRunwayAlerts(t.db);
        expect(run.crossed).toContain(`${ids.demo}:company`);
        const n = (await notices(ids.demo)).filter((r: Record<string, unknown>) => r.link === '/user/team/allocation');
        expect(n).toHaveLength(1);
        expect(JSON.parse(String(n[0].params))).toMatchObject({ scope: 'msg:runway.scope.company', days: company });
        expect(renderNotification('en', 'balance_runway', JSON.parse(String(n[0].params))).body).toContain('Company balance (');
      } finally {
        await setConfigValue(t.db, 'runwayAlertDays', 14);
      }
    });

    test('operators set runwayAlertDays on the settings page (1–365)', async () => {
      const operator = await api.login('operator', 'Operator#2026');
      const s = (await api.get('operator/settings', operator)).body.data;
      expect(s.settings.runwayAlertDays).toBe(14);
      const bad = await api.post('operator/settings', operator, { version: s.version, changes: { runwayAlertDays: '0' } });
      expect(bad.status).toBe(400);
      const good = await api.post('operator/settings', operator, { version: s.version, changes: { runwayAlertDays: '21' } });
      expect(good.status).toBe(200);
      expect((await api.get('runway', site1)).body.data.threshold).toBe(21);
      const s2 = (await api.get('operator/settings', operator)).body.data;
      await api.post('operator/settings', operator, { version: s2.version, changes: { runwayAlertDays: 14 } });
    });
  });
}
