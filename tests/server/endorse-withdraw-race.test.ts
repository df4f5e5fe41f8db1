/**
 * Racing a withdrawal (issue #31 item 2) on SQLite and PostgreSQL: the member's withdraw against an
 * operator's approve, an operator's reject and the sandbox insurer's job, each started together
 * (Promise.all, each side given a few milliseconds' head start in turn) many times. Exactly one outcome wins, the loser hears 409 (the job
 * skips), and the ledger, the member's balance, the policy's premium account and the roster are
 * those of that one outcome; the money invariants hold after every race.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { baseEndorseContext, runDueSandbox } from '~/features/endorse';
import { addDays, type OrderRecord } from '~/features/orders';
import { makeResidentId } from '~/lib/cn-id';
import { num, nowSeconds } from '~/server/db/client';
import { endorseWorld, placePolicy } from '../support/endorse-kit';
import { moneyProblems } from '../support/money-invariants';
import { engines } from '../support/test-db';

setDefaultTimeout(240_000);

const RACES = Number(process.env.RACE_RUNS ?? 12);

type Rival = 'approve' | 'reject' | 'job';

for (const engine of engines()) {
  describe(`withdraw races on ${engine.name}`, () => {
    const w = endorseWorld(engine);
    let person = 0;
    let rid = 0;

    /** What the outcome must leave: balance, ledger rows, the policy's premium account and roster. */
    async function snapshot(orderId: number) {
      const [u] = await w.db.sql`SELECT money FROM "user" WHERE id = ${w.demoId}`;
      const [l] = await w.db.sql`SELECT COUNT(*) AS n, COALESCE(SUM(amount), 0) AS s FROM user_money_log WHERE user_id = ${w.demoId}`;
      const [p] = await w.db.sql`SELECT COUNT(*) AS n, COALESCE(SUM(amount), 0) AS s FROM premium_entry WHERE order_id = ${orderId}`;
      const roster = await w.db.sql`SELECT id, id_no, class, active_from, active_to, premium FROM order_insured
        WHERE order_id = ${orderId} ORDER BY id`;
      return {
        balance: num(u.money),
        ledger: { n: num(l.n), sum: num(l.s) },
        premium: { n: num(p.n), sum: num(p.s) },
        roster: roster.map((r: Record<string, unknown>) => `${r.id}|${r.id_no}|${r.class}|${r.active_from}|${r.active_to}|${r.premium}`),
      };
    }

    /** A submitted endorsement from tomorrow: two people in (a charge), one out. */
    async function submitted(policy: OrderRecord): Promise<{ id: number; charged: number; adds: string[] }> {
      const E = addDays(w.today, 1);
      const created = await w.api.post('endorse/create', w.demo, {
        request_id: `race-${process.pid}-${++rid}`,
        order_id: policy.id,
        effective_date: E,
      });
      expect(created.status).toBe(200);
      const id = num(created.body.data.endorsement.id);
      const adds: string[] = [];
      for (const cls of [2, 3]) {
        person += 1;
        const id_no = makeResidentId(`198${person % 10}-0${1 + (person % 9)}-1${person % 10}`, 400 + person * 2);
        adds.push(id_no);
        expect((await w.api.post('endorse/item', w.demo, { id, kind: 'add', name: '并发员工', id_no, occupation_class: cls })).status).toBe(
          200,
        );
      }
      const [leaving] = await w.db.sql`SELECT id FROM order_insured WHERE order_id = ${policy.id}
        AND active_from <= ${E} AND active_to >= ${E} ORDER BY id LIMIT 1`;
      expect((await w.api.post('endorse/item', w.demo, { id, kind: 'remove', insured_id: num(leaving.id) })).status).toBe(200);
      expect((await w.api.post('endorse/submit', w.demo, { id })).status).toBe(200);
      const [row] = await w.db.sql`SELECT charged FROM endorsement WHERE id = ${id}`;
      return { id, charged: num(row.charged), adds };
    }

    const rivalCall = (rival: Rival, id: number): Promise<number> => {
      if (rival === 'approve') return w.api.post('operator/endorse/approve', w.operator, { id, note: 'ok' }).then((r) => r.status);
      if (rival === 'reject') return w.api.post('operator/endorse/reject', w.operator, { id, reason: 'no' }).then((r) => r.status);
      // The scheduler's insurer-answers job: it decides due rows and skips the rest.
      return runDueSandbox(w.db, baseEndorseContext()).then(() => 0);
    };

    for (const rival of ['approve', 'reject', 'job'] as const) {
      test(`withdraw vs ${rival}: one outcome, money and roster to match (${RACES} races)`, async () => {
        const policy = await placePolicy(w.db, w.demoId, { people: 6 + RACES });
        const wins = { withdraw: 0, [rival]: 0 } as Record<string, number>;
        for (let i = 0; i < RACES; i++) {
          const before = await snapshot(policy.id);
          const e = await submitted(policy);
          expect(e.charged).toBeGreaterThan(0);
          // The job needs the row due: the sandbox's answer time has come.
          if (rival === 'job') await w.db.sql`UPDATE endorsement SET decide_after = ${nowSeconds() - 1} WHERE id = ${e.id}`;
          const marks = await w.db.sql`SELECT COALESCE(MAX(id), 0) AS m FROM notification`;
          // Both start together; a few milliseconds' head start for one side or the other varies who arrives first.
          const lag = (i % 4) * 3;
          const wait = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
          const withdraw = () =>
            wait(i % 2 ? lag : 0).then(() => w.api.post('endorse/withdraw', w.demo, { id: e.id }).then((r) => r.status));
          const [withdrawn, r] = await Promise.all([withdraw(), wait(i % 2 ? 0 : lag).then(() => rivalCall(rival, e.id))]);
          const [row] = await w.db.sql`SELECT status, charged, refunded, endorse_no FROM endorsement WHERE id = ${e.id}`;
          const status = String(row.status);
          const after = await snapshot(policy.id);
          const refunds = await w.db.sql`SELECT COUNT(*) AS n FROM user_money_log WHERE request_id = ${`endorse-${e.id}-refund`}`;
          const kinds = (
            await w.db.sql`SELECT kind FROM notification WHERE id > ${num(marks[0].m)} AND user_id = ${w.demoId} ORDER BY id`
          ).map((x: Record<string, unknown>) => String(x.kind));
          const events = await w.db
            .sql`SELECT to_status FROM endorsement_event WHERE endorsement_id = ${e.id} AND from_status = 'submitted'`;
          expect(events).toHaveLength(1);

          if (withdrawn === 200) {
            wins.withdraw += 1;
            // Withdrawn: exactly as before the submission; the rival lost (409) or skipped.
            expect(status).toBe('cancelled');
            if (rival !== 'job') expect(r).toBe(409);
            expect(after.balance).toBe(before.balance);
            expect(after.ledger.sum).toBe(before.ledger.sum);
            expect(after.ledger.n).toBe(before.ledger.n + 2); // the charge and its refund, once each
            expect(after.premium.sum).toBe(before.premium.sum);
            expect(after.roster).toEqual(before.roster);
            expect(num(refunds[0].n)).toBe(1);
            expect(kinds).toEqual(['endorse_withdrawn']);
          } else {
            expect(withdrawn).toBe(409);
            wins[rival] += 1;
            if (rival !== 'job') expect(r).toBe(200);
            if (rival === 'reject') {
              // Rejected: the money came back too, once; the roster never changed.
              expect(status).toBe('rejected');
              expect(after.balance).toBe(before.balance);
              expect(after.premium.sum).toBe(before.premium.sum);
              expect(after.roster).toEqual(before.roster);
              expect(num(refunds[0].n)).toBe(1);
              expect(kinds).toEqual(['endorse_rejected']);
            } else {
              // Approved (by the operator or the sandbox): the charge stays, the roster changed from E.
              expect(status).toBe('approved');
              expect(row.endorse_no).toBeTruthy();
              expect(after.balance).toBe(before.balance - e.charged);
              expect(after.premium.sum).toBe(before.premium.sum + e.charged);
              expect(after.roster).not.toEqual(before.roster);
              const joined = await w.db
                .sql`SELECT COUNT(*) AS n FROM order_insured WHERE order_id = ${policy.id} AND id_no IN ${w.db.sql(e.adds)}`;
              expect(num(joined[0].n)).toBe(2);
              expect(num(refunds[0].n)).toBe(0);
              expect(kinds).toEqual(['endorse_approved']);
            }
          }
          expect(await moneyProblems(w.db)).toEqual([]);
        }
        if (process.env.RACE_DEBUG) console.log(engine.name, rival, wins);
        expect(wins.withdraw + wins[rival]).toBe(RACES);
      });
    }
  });
}
