import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { DEMO_SEEDERS } from '~/demo';
import { num } from '~/server/db/client';
import { ensureDatabase } from '~/server/db/seed';
import { type AuditItem, auditNames } from './audit-log';
import { operatorText } from './texts';
import { AuditEntry, changesOf, kindOf } from './ui/audit-entry';
import { QUEUES, queueHref, queueOf, waitingWork } from './waiting-work';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';

for (const engine of engines()) {
  describe(`waiting work on ${engine.name}`, () => {
    let t: TestDatabase;
    const n = async (q: TemplateStringsArray) => num((await t.db.sql(q))[0].n);

    beforeAll(async () => {
      t = await freshDatabase(engine);
      await ensureDatabase(t.db, { demo: true, demoSeeders: DEMO_SEEDERS });
    }, 120_000);
    afterAll(async () => {
      await t.drop();
    });

    test('each queue counts the rows its page lists by default', async () => {
      const w = await waitingWork(t.db, 'Asia/Shanghai');
      expect(Object.keys(w).sort()).toEqual([...QUEUES].sort());
      expect(w.underwriting).toBe(await n`SELECT COUNT(*) AS n FROM policy_order WHERE status = 'underwriting'`);
      expect(w.endorsements).toBe(await n`SELECT COUNT(*) AS n FROM endorsement WHERE status = 'submitted'`);
      expect(w.claims).toBe(
        await n`SELECT COUNT(*) AS n FROM claim WHERE status IN ('reported', 'reviewing', 'need_documents', 'approved')`,
      );
      expect(w.invoices).toBe(await n`SELECT COUNT(*) AS n FROM invoice WHERE status = 'applied'`);
      expect(w.topups).toBe(await n`SELECT COUNT(*) AS n FROM topup WHERE status = 'pending'`);
      expect(w.seals).toBe(await n`SELECT COUNT(*) AS n FROM seal WHERE status = 'pending'`);
      // The demo has work waiting in every queue, so the badges are seen.
      for (const q of QUEUES) expect(w[q]).toBeGreaterThan(0);
    });

    test('a decided row leaves its count; only the asked queues are counted', async () => {
      const before = await waitingWork(t.db, 'Asia/Shanghai', ['topups']);
      expect(Object.keys(before)).toEqual(['topups']);
      await t.db.sql`UPDATE topup SET status = 'rejected' WHERE id = (SELECT MIN(id) FROM topup WHERE status = 'pending')`;
      expect((await waitingWork(t.db, 'Asia/Shanghai', ['topups'])).topups).toBe((before.topups ?? 0) - 1);
    });

    test('audit entries read as sentences with the actor and target as data, and a before/after table', async () => {
      const rows = await t.db.sql`SELECT id FROM "user" WHERE username IN ('operator', 'corp01') ORDER BY username`;
      const [corp01, operator] = rows.map((r: { id: unknown }) => num(r.id));
      const item: AuditItem = {
        id: 1,
        actor: { id: operator, username: 'operator' },
        action: 'operator.member.adjust',
        target_type: 'member',
        target_id: String(corp01),
        detail: { kind: 'money', amount: '12.00', before: { money: '0.00' }, after: { money: '12.00' }, reason: '补偿' },
        ip: '127.0.0.1',
        created_at: 0,
      };
      const names = await auditNames(t.db, [item]);
      const en = renderToStaticMarkup(<AuditEntry a={item} names={names} tx={operatorText('en')} locale="en" />);
      expect(en).toContain('<strong class="op-log-actor" translate="no">运营专员</strong> adjusted member ');
      expect(en).toContain('<strong class="op-log-target" translate="no">corp01</strong>&#x27;s balance');
      expect(en).toContain(
        '<th scope="row">Balance</th><td class="op-before" translate="no">0.00</td><td class="op-after" translate="no">12.00</td>',
      );
      expect(en).not.toContain('operator.member.adjust<');
      const zh = renderToStaticMarkup(<AuditEntry a={item} names={names} tx={operatorText('zh-cn')} locale="zh-cn" />);
      expect(zh).toContain('调整了会员 <strong class="op-log-target" translate="no">corp01</strong> 的余额');
      expect(zh).toContain('<th scope="row">余额</th>');
      // Site settings by their labels; an unknown action still reads as a sentence.
      const settings: AuditItem = {
        ...item,
        action: 'operator.settings.save',
        target_type: 'settings',
        target_id: '',
        detail: { before: { siteName: 'A' }, after: { siteName: 'B' } },
      };
      const s = renderToStaticMarkup(<AuditEntry a={settings} names={names} tx={operatorText('en')} locale="en" />);
      expect(s).toContain('changed the site settings');
      expect(s).toContain('<th scope="row">Site name (Chinese)</th>');
      expect(kindOf({ action: 'something.new', detail: {} }, operatorText('en').log)).toBe('other');
      expect(changesOf({ before: { a: 1, b: 2 }, after: { a: 1, b: 3 } })).toEqual([{ key: 'b', before: 2, after: 3 }]);
    });
  });
}

test('queue pages and their links', () => {
  expect(queueOf('/user/operator/claims')).toBe('claims');
  expect(queueOf('/user/operator/members')).toBeUndefined();
  expect(queueHref('topups')).toBe('/user/operator/topups?status=pending');
});
