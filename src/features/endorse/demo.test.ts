import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { moneyProblems } from '../../../tests/support/money-invariants';
import { seedInvoicesDemo } from '~/features/invoices';
import { seedLedgerDemo } from '~/features/ledger';
import { seedOrdersDemo } from '~/features/orders';
import { num } from '~/server/db/client';
import { ensureDatabase } from '~/server/db/seed';
import { apiClient } from '../../../tests/support/endorse-kit';
import { engines, freshDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { seedEndorseDemo } from './demo';

for (const engine of engines()) {
  describe(`endorsement and invoice demo data on ${engine.name}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await freshDatabase(engine);
      await ensureDatabase(t.db, { demo: true, demoSeeders: [seedLedgerDemo, seedOrdersDemo, seedEndorseDemo, seedInvoicesDemo] });
    }, 120_000);
    afterAll(async () => {
      await t?.drop();
    });

    test('demo: E01–E03 approved, one rejected, one cancelled, one submitted ID fix; invoices issued, rejected, applied; balance equals its ledger', async () => {
      const api = apiClient(t.db);
      const demo = await api.login('demo', 'Demo#2026');
      const list = (await api.get('endorse/list?limit=50', demo)).body.data.list as { status: string; endorse_no: string }[];
      expect(
        list
          .filter((e) => e.status === 'approved')
          .map((e) => e.endorse_no.slice(-3))
          .sort(),
      ).toEqual(['E01', 'E01', 'E02', 'E02', 'E03']);
      expect(list.filter((e) => e.status === 'rejected')).toHaveLength(1);
      expect(list.filter((e) => e.status === 'cancelled')).toHaveLength(1);
      expect(list.filter((e) => e.status === 'submitted')).toHaveLength(1);
      const invoices = (await api.get('invoice/list?limit=50', demo)).body.data.list as {
        status: string;
        kind: string;
        credit_of: number | null;
        amount: string;
      }[];
      expect(invoices.map((i) => i.status).sort()).toEqual(['applied', 'applied', 'issued', 'issued', 'rejected']);
      expect(invoices.find((i) => i.status === 'applied' && !i.credit_of)?.kind).toBe('special');
      // A policy with endorsements, invoiced and then surrendered: its credit invoice waits for the operator.
      const credit = invoices.find((i) => i.credit_of);
      expect(credit?.status).toBe('applied');
      expect(Number(credit?.amount)).toBeLessThan(0);
      const [surrendered] = await t.db.sql`SELECT o.id FROM policy_order o WHERE o.status = 'surrendered'
        AND EXISTS (SELECT 1 FROM endorsement e WHERE e.order_id = o.id AND e.status = 'approved')`;
      expect(surrendered).toBeDefined();
      expect(await moneyProblems(t.db)).toEqual([]);
      const sources = (await api.get('invoice/sources', demo)).body.data.list as {
        source_type: string;
        invoiceable: string;
        ref_no: string;
      }[];
      expect(sources.some((s) => s.source_type === 'order' && Number(s.invoiceable) > 0)).toBe(true);
      const [u] = await t.db.sql`SELECT id, money FROM "user" WHERE username = 'demo'`;
      const [sum] = await t.db.sql`SELECT COALESCE(SUM(amount), 0) AS s FROM user_money_log WHERE user_id = ${u.id}`;
      expect(num(u.money)).toBe(num(sum.s));
      const operator = await api.login('operator', 'Operator#2026');
      const queue = (await api.get('operator/endorse/list', operator)).body.data.list as { has_id_fix: boolean }[];
      expect(queue.some((e) => e.has_id_fix)).toBe(true);
      const manager = await api.login('manager', 'Manager#2026');
      expect((await api.get('endorse/list', manager)).body.data.total).toBe(0);
      expect((await api.get('operator/invoice/list', manager)).status).toBe(403);
    }, 30_000);
  });
}
