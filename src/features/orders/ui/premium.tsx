/**
 * A policy's premium on its detail page: what it was priced at, one line per occupation class
 * (class, people, per person, subtotal, total), and its premium account — the first premium, each
 * endorsement's charge or refund, a surrender or refusal refund — with the net paid so far.
 */
import { endorsementRefs } from '~/features/endorse';
import { netPremium, premiumHistory } from '~/features/ledger';
import type { OrderRecord } from '../records';
import { mixPremium } from '~/features/products';
import { fen, formatDate, signedFen } from '~/lib/format';
import type { Db } from '~/server/db/client';
import { DataTable } from '~/ui/data-table';
import type { OrderTexts } from '../texts';
import { fill } from '../texts';

export async function OrderPremium({ db, order, o, timeZone }: { db: Db; order: OrderRecord; o: OrderTexts; timeZone: string }) {
  const t = o.premium;
  const priced = mixPremium(order.plan, order.months, order.classMix);
  const [entries, net] = await Promise.all([premiumHistory(db.sql, order.id), netPremium(db.sql, order.id)]);
  const refs = await endorsementRefs(db, [...new Set(entries.map((e) => e.endorsementId).filter((id): id is number => id !== null))]);
  // One line per ledger move: a refund taken from several sources is several entries of one move.
  const moves: { id: string; at: number; kind: string; amount: number; ref: string; effective: string; people: number }[] = [];
  for (const e of entries) {
    const last = moves.at(-1);
    const ref = e.endorsementId ? refs.get(e.endorsementId)?.endorseNo || refs.get(e.endorsementId)?.applyNo || '' : '';
    if (last?.id === e.ledgerRequestId) last.amount += e.amount;
    else
      moves.push({
        id: e.ledgerRequestId,
        at: e.createdAt,
        kind: e.kind,
        amount: e.amount,
        ref,
        effective: e.effectiveDate,
        people: e.people.length,
      });
  }
  let running = 0;
  const rows = moves.map((m) => {
    running += m.amount;
    return { ...m, running };
  });
  return (
    <section className="card order-wide" aria-labelledby="od-premium" data-premium-account>
      <h2 id="od-premium" className="card-title">
        {t.title}
      </h2>
      <h3 className="order-sub">{t.byClass}</h3>
      <DataTable
        className="order-classes"
        rows={priced.lines}
        rowKey={(l) => l.class}
        rowAttrs={(l) => ({ 'data-class-line': l.class })}
        columns={[
          { head: t.cls, label: t.cls, cell: (l) => l.class },
          { head: t.people, label: t.people, headClass: 'num', cellClass: 'num', cell: (l) => l.people },
          { head: t.perPerson, label: t.perPerson, headClass: 'num', cellClass: 'num nowrap', cell: (l) => fen(l.perPerson) },
          { head: t.subtotal, label: t.subtotal, headClass: 'num', cellClass: 'num nowrap', cell: (l) => fen(l.subtotal) },
        ]}
        foot={<TotalRow label={t.total} amount={priced.total} data="data-class-total" />}
      />
      {moves.length ? (
        <>
          <h3 className="order-sub">{t.history}</h3>
          <DataTable
            className="order-premium-history"
            rows={rows}
            // the account only ever grows at its end
            rowKey={(_m, i) => i}
            rowAttrs={(m) => ({ 'data-premium-kind': m.kind })}
            columns={[
              { head: t.when, label: t.when, cellClass: 'nowrap', cell: (m) => formatDate(m.at, 'YYYY-MM-DD', timeZone) },
              {
                head: t.what,
                label: t.what,
                cell: (m) => (
                  <>
                    {t.kinds[m.kind] ?? m.kind}
                    {m.ref ? <span className="order-sub nowrap"> {m.ref}</span> : null}
                    {m.effective && m.kind !== 'premium' ? (
                      <span className="order-sub nowrap">
                        {fill(m.kind === 'surrender_refund' ? t.ends : t.effective, { date: m.effective })}
                        {m.people ? ` · ${m.people === 1 ? t.people_one : fill(t.people_n, { n: m.people })}` : ''}
                      </span>
                    ) : null}
                  </>
                ),
              },
              {
                head: t.amount,
                label: t.amount,
                headClass: 'num',
                cellClass: (m) => `num nowrap ${m.amount < 0 ? 'amount-in' : 'amount-out'}`,
                cell: (m) => signedFen(m.amount),
              },
              { head: t.net, label: t.net, headClass: 'num', cellClass: 'num nowrap', cell: (m) => fen(m.running) },
            ]}
            foot={<TotalRow label={t.netPaid} amount={net} data="data-net-premium" />}
          />
        </>
      ) : null}
    </section>
  );
}

/** A table's closing line: the label across the first three columns, the amount under the last. */
function TotalRow({ label, amount, data }: { label: string; amount: number; data: 'data-class-total' | 'data-net-premium' }) {
  return (
    <tr>
      <th scope="row" colSpan={3}>
        {label}
      </th>
      <td className="num nowrap" {...{ [data]: true }}>
        {fen(amount)}
      </td>
    </tr>
  );
}
