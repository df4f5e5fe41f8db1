/**
 * Money adds up across a policy's whole life (the seams between orders, endorsements, surrender,
 * refusal and invoices), on SQLite and PostgreSQL: random sequences of member and operator actions
 * through the real API, and after every step the invariants of the premium account:
 *
 * - per policy: Σ its rows' premiums = net paid − charges still waiting for the insurer; each row
 *   within one fen of (days covered × its daily rate P / D); a refused policy keeps nothing;
 * - no insured row ends before it starts;
 * - per invoice source: 0 ≤ invoiced − credited ≤ net paid (applications issued, rejected and left waiting);
 * - every member's balance = Σ of their ledger entries, never negative; no 5xx, ever;
 * - a withdrawn endorsement (issue #31): withdrawn right after its submission, the member's balance,
 *   their ledger's sum and the policy's premium account are exactly as before the submission; withdrawn
 *   later (after top-ups, other policies' steps…), its own movements net to zero, each moved once.
 *
 * Seeded (MONEY_SEED, default 20261127); MONEY_RUNS sequences per engine (default 6 in CI;
 * `MONEY_RUNS=200 bun test tests/server/money-property.test.ts` for a long run).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { changeBalance } from '~/features/ledger';
import { addDays, siteToday } from '~/features/orders';
import { makeResidentId } from '~/lib/cn-id';
import { num } from '~/server/db/client';
import { type MoneyWorld, moneyWorld, placePolicy } from '../support/endorse-kit';
import { moneyProblems } from '../support/money-invariants';
import { engines, type TestDatabase } from '../support/test-db';

const RUNS = Number(process.env.MONEY_RUNS ?? 6);
const SEED = Number(process.env.MONEY_SEED ?? 20261127);

type Row = Record<string, unknown>;

const opArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('place' as const),
      product: fc.constantFrom('guzhu', 'tuanyi', 'guzhu', 'headcount'),
      start: fc.integer({ min: -40, max: 20 }),
      months: fc.constantFrom(1, 6, 12, 12),
      cls: fc.integer({ min: 1, max: 3 }),
      people: fc.integer({ min: 3, max: 6 }),
      underwriting: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      k: fc.constant('endorse' as const),
      p: fc.nat(),
      e: fc.integer({ min: -1, max: 90 }),
      adds: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
      removes: fc.integer({ min: 0, max: 2 }),
      replace: fc.boolean(),
      recls: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
      outcome: fc.constantFrom('approve', 'approve', 'approve', 'reject', 'cancel', 'withdraw', 'withdraw', 'leave', 'draft'),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('decide' as const), p: fc.nat(), approve: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('withdraw' as const), p: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('topup' as const), amount: fc.integer({ min: 1, max: 500_000 }) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('surrender' as const), p: fc.nat(), d: fc.integer({ min: -1, max: 120 }) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('refuse' as const), p: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ k: fc.constant('invoice' as const), p: fc.nat(), decision: fc.constantFrom('issue', 'reject', 'leave') }),
  },
);

for (const engine of engines()) {
  describe(`money across a policy's life on ${engine.name}`, () => {
    let t: TestDatabase;
    let api: MoneyWorld['api'];
    let demo: string;
    let operator: string;
    let demoId: number;
    let person = 0;
    const stats = new Map<string, number>();
    let rid = 0;
    const next = () => `money-${process.pid}-${++rid}`;

    beforeAll(async () => {
      ({ t, api, demo, operator, demoId } = await moneyWorld(engine));
    }, 60_000);
    afterAll(async () => {
      if (process.env.MONEY_DEBUG)
        console.log(
          [...stats]
            .sort()
            .map(([k, v]) => `${k}: ${v}`)
            .join('\n'),
        );
      await t?.drop();
    });

    /** Any answer but a 5xx is fine for a random step; a 5xx fails the run. */
    const noServerError = (label: string, status: number) => {
      if (process.env.MONEY_DEBUG) stats.set(`${label} ${status}`, (stats.get(`${label} ${status}`) ?? 0) + 1);
      if (status >= 500) throw new Error(`${label} answered ${status}`);
    };

    /** What a withdrawal right after a submission must restore: balance, ledger sum and count, the policy's premium account. */
    const moneyOf = async (orderId: number) => {
      const [u] = await t.db.sql`SELECT money FROM "user" WHERE id = ${demoId}`;
      const [l] = await t.db.sql`SELECT COALESCE(SUM(amount), 0) AS s FROM user_money_log WHERE user_id = ${demoId}`;
      const [p] = await t.db.sql`SELECT COALESCE(SUM(amount), 0) AS s FROM premium_entry WHERE order_id = ${orderId}`;
      return { balance: num(u.money), ledger: num(l.s), premium: num(p.s) };
    };
    /** A withdrawn endorsement's own movements: each once, netting to zero on the ledger and the premium account. */
    const withdrawnNetZero = async (eid: number) => {
      const ledger = await t.db.sql`SELECT request_id, amount FROM user_money_log WHERE request_id LIKE ${`endorse-${eid}-%`}`;
      const [p] = await t.db.sql`SELECT COALESCE(SUM(amount), 0) AS s FROM premium_entry WHERE endorsement_id = ${eid}`;
      const [e] = await t.db.sql`SELECT charged, refunded FROM endorsement WHERE id = ${eid}`;
      const ids = ledger.map((x: Row) => String(x.request_id)).sort();
      expect(ids).toEqual(num(e.charged) > 0 ? [`endorse-${eid}-charge`, `endorse-${eid}-refund`] : []);
      expect(ledger.reduce((a: number, x: Row) => a + num(x.amount), 0)).toBe(0);
      expect(num(p.s)).toBe(0);
      expect(num(e.refunded)).toBe(num(e.charged));
    };

    test('random sequences keep every invariant after every step', async () => {
      const today = await siteToday(t.db);
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 14 }), async (ops) => {
          await changeBalance(t.db, { userId: demoId, amount: 50_000_00, kind: 'adjust', memo: 'property test' });
          const policies: number[] = [];
          const pick = (n: number) => (policies.length ? policies[n % policies.length] : null);
          for (const op of ops) {
            if (op.k === 'place') {
              const headcount = op.product === 'headcount';
              const o = await placePolicy(t.db, demoId, {
                product: headcount ? 'tuanyi' : (op.product as 'guzhu' | 'tuanyi'),
                plan: headcount ? 2 : 0,
                class: op.cls,
                months: op.months,
                start: op.start,
                people: headcount ? 10 + op.people : op.people,
                status: op.underwriting ? 'underwriting' : 'effective',
              });
              policies.push(o.id);
            } else if (op.k === 'endorse') {
              // Mostly a policy that can be endorsed; now and then any (the refusal is checked too).
              const open: Row[] = policies.length
                ? await t.db
                    .sql`SELECT id FROM policy_order WHERE id IN ${t.db.sql(policies)} AND status = 'effective' AND named_list = 1 AND end_date >= ${today}`
                : [];
              const id = open.length && op.p % 5 !== 0 ? num(open[op.p % open.length].id) : pick(op.p);
              if (id === null) continue;
              const created = await api.post('endorse/create', demo, {
                request_id: next(),
                order_id: id,
                effective_date: addDays(today, op.e),
              });
              noServerError(`endorse/create ${created.status === 409 ? created.body.message : ''}`, created.status);
              if (created.status !== 200) continue;
              const e = created.body.data.endorsement ?? created.body.data;
              const eid = Number(e.id);
              const E = addDays(today, op.e);
              const rows: Row[] = await t.db
                .sql`SELECT id FROM order_insured WHERE order_id = ${id} AND active_from <= ${E} AND active_to >= ${E} ORDER BY id`;
              let used = 0;
              for (const cls of op.adds) {
                person += 1;
                const r = await api.post('endorse/item', demo, {
                  id: eid,
                  kind: 'add',
                  name: '新员工',
                  id_no: makeResidentId(`19${70 + (person % 29)}-0${1 + (person % 9)}-1${person % 10}`, person),
                  occupation_class: cls,
                });
                noServerError('endorse/item add', r.status);
              }
              for (let i = 0; i < op.removes && used < rows.length; i++, used++) {
                noServerError(
                  'endorse/item remove',
                  (await api.post('endorse/item', demo, { id: eid, kind: 'remove', insured_id: num(rows[used].id) })).status,
                );
              }
              if (op.replace && used < rows.length) {
                person += 1;
                const r = await api.post('endorse/item', demo, {
                  id: eid,
                  kind: 'replace',
                  insured_id: num(rows[used++].id),
                  name: '替换员工',
                  id_no: makeResidentId(`1988-0${1 + (person % 9)}-2${person % 10}`, person),
                  occupation_class: 2,
                });
                noServerError('endorse/item replace', r.status);
              }
              for (const cls of op.recls) {
                if (used >= rows.length) break;
                const r = await api.post('endorse/item', demo, {
                  id: eid,
                  kind: 'correct',
                  insured_id: num(rows[used++].id),
                  occupation_class: cls,
                });
                noServerError('endorse/item correct', r.status);
              }
              if (op.outcome === 'draft') continue;
              const beforeSubmit = await moneyOf(id);
              const submitted = await api.post('endorse/submit', demo, { id: eid });
              noServerError('endorse/submit', submitted.status);
              if (op.outcome === 'withdraw') {
                const r = await api.post('endorse/withdraw', demo, { id: eid, reason: '撤回' });
                noServerError('withdraw', r.status);
                // Withdrawn before anything else happened: exactly as before the submission.
                if (r.status === 200) {
                  expect(await moneyOf(id)).toEqual(beforeSubmit);
                  await withdrawnNetZero(eid);
                }
              }
              if (op.outcome === 'approve')
                noServerError('approve', (await api.post('operator/endorse/approve', operator, { id: eid, note: 'ok' })).status);
              if (op.outcome === 'reject')
                noServerError('reject', (await api.post('operator/endorse/reject', operator, { id: eid, reason: '不符合' })).status);
              if (op.outcome === 'cancel')
                noServerError('cancel', (await api.post('endorse/cancel', demo, { id: eid, reason: '撤回' })).status);
            } else if (op.k === 'decide') {
              const id = pick(op.p);
              if (id === null) continue;
              const [open] = await t.db.sql`SELECT id FROM endorsement WHERE order_id = ${id} AND status = 'submitted'`;
              if (!open) continue;
              const path = op.approve ? 'operator/endorse/approve' : 'operator/endorse/reject';
              noServerError(path, (await api.post(path, operator, { id: num(open.id), note: 'ok', reason: '不符合' })).status);
            } else if (op.k === 'withdraw') {
              // A submitted endorsement withdrawn later, whatever happened in between.
              const id = pick(op.p);
              if (id === null) continue;
              const [open] = await t.db.sql`SELECT id FROM endorsement WHERE order_id = ${id} AND status = 'submitted'`;
              if (!open) continue;
              const r = await api.post('endorse/withdraw', demo, { id: num(open.id) });
              noServerError('withdraw later', r.status);
              if (r.status === 200) await withdrawnNetZero(num(open.id));
            } else if (op.k === 'topup') {
              await changeBalance(t.db, { userId: demoId, amount: op.amount, kind: 'adjust', memo: 'property test top-up' });
            } else if (op.k === 'surrender') {
              const id = pick(op.p);
              if (id === null) continue;
              const date = addDays(today, op.d);
              const quote = await api.get(`order/surrenderQuote?id=${id}&date=${date}`, demo);
              noServerError('order/surrenderQuote', quote.status);
              const [before] = await t.db.sql`SELECT COALESCE(SUM(amount), 0) AS s FROM premium_entry WHERE order_id = ${id}`;
              const r = await api.post('order/surrender', demo, { id, date });
              noServerError('order/surrender', r.status);
              expect(r.status === 200).toBe(quote.status === 200);
              if (r.status === 200) {
                // The quote is what the surrender did, to the fen.
                const [after] = await t.db.sql`SELECT COALESCE(SUM(amount), 0) AS s FROM premium_entry WHERE order_id = ${id}`;
                expect(((num(before.s) - num(after.s)) / 100).toFixed(2)).toBe(quote.body.data.refund);
              }
            } else if (op.k === 'refuse') {
              const id = pick(op.p);
              if (id === null) continue;
              noServerError(
                'refuse',
                (await api.post('operator/order/underwrite', operator, { id, decision: 'refuse', reason: '风险过高' })).status,
              );
            } else if (op.k === 'invoice') {
              const id = pick(op.p);
              if (id === null) continue;
              const sources = (await api.get('invoice/sources', demo)).body.data.list as {
                source_type: string;
                source_id: number;
                invoiceable: string;
              }[];
              const mine = sources.filter((s) => Number(s.invoiceable) > 0).slice(0, 3);
              if (!mine.length) continue;
              const applied = await api.post('invoice/apply', demo, {
                request_id: next(),
                sources: mine.map((s) => ({ type: s.source_type, id: s.source_id })),
                kind: 'normal',
                title_type: 'company',
                title: '上海示例科技有限公司',
                taxpayer_id: '91310115MA1K4ABC18',
                email: 'finance@example.com',
              });
              noServerError('invoice/apply', applied.status);
              if (op.decision === 'issue' && applied.status === 200) {
                const r = await api.post('operator/invoice/issue', operator, {
                  id: applied.body.data.invoice.id,
                  invoice_no: `2631200000${String(rid).padStart(10, '0')}`,
                });
                noServerError('operator/invoice/issue', r.status);
              }
              // A rejection frees the application's amounts: they may be invoiced again later.
              if (op.decision === 'reject' && applied.status === 200) {
                const r = await api.post('operator/invoice/reject', operator, { id: applied.body.data.invoice.id, reason: '抬头有误' });
                noServerError('operator/invoice/reject', r.status);
              }
              // Credits waiting for the operator are issued too, sometimes.
              const credits: Row[] = await t.db.sql`SELECT id FROM invoice WHERE credit_of IS NOT NULL AND status = 'applied'`;
              for (const c of credits.slice(0, op.decision === 'issue' ? 5 : 0)) {
                const r = await api.post('operator/invoice/issue', operator, {
                  id: num(c.id),
                  invoice_no: `2631299999${String(next().length + num(c.id)).padStart(10, '0')}`,
                });
                noServerError('issue credit', r.status);
              }
            }
            const problems = await moneyProblems(t.db);
            if (problems.length) throw new Error(`after ${JSON.stringify(op)}:\n${problems.join('\n')}`);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }, 600_000);

    test('withdrawn endorsements leave the balance, the ledger, the premium account and the roster exactly as before', async () => {
      const today = await siteToday(t.db);
      const withdrawArb = fc.oneof(
        {
          weight: 5,
          arbitrary: fc.record({
            k: fc.constant('file' as const),
            adds: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
            removes: fc.integer({ min: 0, max: 2 }),
            recls: fc.integer({ min: 0, max: 1 }),
            end: fc.constantFrom('withdraw', 'withdraw', 'later', 'approve', 'reject'),
          }),
        },
        { weight: 2, arbitrary: fc.record({ k: fc.constant('topup' as const), amount: fc.integer({ min: 1, max: 300_000 }) }) },
        { weight: 2, arbitrary: fc.record({ k: fc.constant('withdrawOpen' as const) }) },
        { weight: 1, arbitrary: fc.record({ k: fc.constant('approveOpen' as const) }) },
      );
      /** The policy's money and roster, as a withdrawal must restore them (the balance: plus top-ups since). */
      const state = async (orderId: number) => {
        const rows = await t.db.sql`SELECT id, id_no, class, active_from, active_to, premium FROM order_insured
          WHERE order_id = ${orderId} ORDER BY id`;
        const [ledgerRows] = await t.db.sql`SELECT COUNT(*) AS n FROM user_money_log WHERE user_id = ${demoId}`;
        return {
          ...(await moneyOf(orderId)),
          ledgerRows: num(ledgerRows.n),
          roster: rows.map((r: Row) => `${r.id}|${r.id_no}|${r.class}|${r.active_from}|${r.active_to}|${r.premium}`),
        };
      };
      let withdrawn = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(withdrawArb, { minLength: 3, maxLength: 10 }), async (ops) => {
          await changeBalance(t.db, { userId: demoId, amount: 20_000_00, kind: 'adjust', memo: 'property test' });
          const policy = await placePolicy(t.db, demoId, { people: 8 });
          /** The open submitted endorsement, the state before its submission and the top-ups since. */
          let open: { eid: number; before: Awaited<ReturnType<typeof state>>; topups: number; entries: number } | null = null;
          const withdrawOpen = async () => {
            if (!open) return;
            const r = await api.post('endorse/withdraw', demo, { id: open.eid });
            expect(r.status).toBe(200);
            const after = await state(policy.id);
            const { before, topups, entries } = open;
            // Exactly as before the submission, but for the top-ups in between (each one ledger row);
            // the endorsement itself added its charge and the charge's refund, or nothing.
            const [e] = await t.db.sql`SELECT charged FROM endorsement WHERE id = ${open.eid}`;
            expect(after).toEqual({
              ...before,
              balance: before.balance + topups,
              ledger: before.ledger + topups,
              ledgerRows: before.ledgerRows + entries + (num(e.charged) > 0 ? 2 : 0),
            });
            await withdrawnNetZero(open.eid);
            withdrawn += 1;
            open = null;
          };
          for (const op of ops) {
            if (op.k === 'topup') {
              await changeBalance(t.db, { userId: demoId, amount: op.amount, kind: 'adjust', memo: 'property test top-up' });
              if (open) {
                open.topups += op.amount;
                open.entries += 1;
              }
            } else if (op.k === 'withdrawOpen') {
              await withdrawOpen();
            } else if (op.k === 'approveOpen') {
              if (!open) continue;
              expect((await api.post('operator/endorse/approve', operator, { id: open.eid, note: 'ok' })).status).toBe(200);
              open = null;
            } else {
              if (open) await withdrawOpen();
              const E = addDays(today, 1);
              const created = await api.post('endorse/create', demo, { request_id: next(), order_id: policy.id, effective_date: E });
              expect(created.status).toBe(200);
              const eid = num(created.body.data.endorsement.id);
              const rows: Row[] = await t.db
                .sql`SELECT id FROM order_insured WHERE order_id = ${policy.id} AND active_from <= ${E} AND active_to >= ${E} ORDER BY id`;
              let used = 0;
              for (const cls of op.adds) {
                person += 1;
                const id_no = makeResidentId(`19${70 + (person % 29)}-0${1 + (person % 9)}-1${person % 10}`, person);
                noServerError(
                  'item add',
                  (await api.post('endorse/item', demo, { id: eid, kind: 'add', name: '新员工', id_no, occupation_class: cls })).status,
                );
              }
              for (let i = 0; i < op.removes && used < rows.length; i++, used++) {
                noServerError(
                  'item remove',
                  (await api.post('endorse/item', demo, { id: eid, kind: 'remove', insured_id: num(rows[used].id) })).status,
                );
              }
              if (op.recls && used < rows.length) {
                noServerError(
                  'item correct',
                  (
                    await api.post('endorse/item', demo, {
                      id: eid,
                      kind: 'correct',
                      insured_id: num(rows[used++].id),
                      occupation_class: 4,
                    })
                  ).status,
                );
              }
              const before = await state(policy.id);
              const sub = await api.post('endorse/submit', demo, { id: eid });
              noServerError('submit', sub.status);
              if (sub.status !== 200) {
                expect((await api.post('endorse/cancel', demo, { id: eid })).status).toBe(200);
                continue;
              }
              open = { eid, before, topups: 0, entries: 0 };
              if (op.end === 'withdraw') await withdrawOpen();
              else if (op.end === 'approve' || op.end === 'reject') {
                const path = op.end === 'approve' ? 'operator/endorse/approve' : 'operator/endorse/reject';
                expect((await api.post(path, operator, { id: eid, note: 'ok', reason: '不符合' })).status).toBe(200);
                open = null;
              }
            }
            const problems = await moneyProblems(t.db);
            if (problems.length) throw new Error(`after ${JSON.stringify(op)}:\n${problems.join('\n')}`);
          }
          await withdrawOpen();
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      expect(withdrawn).toBeGreaterThan(0);
    }, 600_000);
  });
}
