/**
 * A policy's premium on its detail page: what it was priced at, one line per occupation class
 * (class, people, per person, subtotal, total), and its premium account — the first premium, each
 * endorsement's charge or refund, a surrender or refusal refund — with the net paid so far.
 */
import { endorsementRefs } from '~/features/endorse';
import { netPremium, premiumHistory } from '~/features/ledger';
import type { OrderRecord } from '~/features/orders';
import { mixPremium } from '~/features/products';
import { formatDate, formatMoney } from '~/lib/format';
import { fenToYuan } from '~/lib/money';
import type { Db } from '~/server/db/client';
import type { OrderTexts } from './order-text';
import { fill } from './order-text';

const money = (fen: number) => `¥${formatMoney(fenToYuan(fen))}`;
const signed = (fen: number) => (fen > 0 ? `+${money(fen)}` : fen < 0 ? `−${money(-fen)}` : money(0));

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
  return (
    <section className="card order-wide" aria-labelledby="od-premium" data-premium-account>
      <h2 id="od-premium" className="card-title">
        {t.title}
      </h2>
      <h3 className="order-sub">{t.byClass}</h3>
      <div className="table-scroll">
        <table className="data-table order-classes">
          <thead>
            <tr>
              <th scope="col">{t.cls}</th>
              <th scope="col" className="num">
                {t.people}
              </th>
              <th scope="col" className="num">
                {t.perPerson}
              </th>
              <th scope="col" className="num">
                {t.subtotal}
              </th>
            </tr>
          </thead>
          <tbody>
            {priced.lines.map((l) => (
              <tr key={l.class} data-class-line={l.class}>
                <td data-label={t.cls}>{l.class}</td>
                <td className="num" data-label={t.people}>
                  {l.people}
                </td>
                <td className="num nowrap" data-label={t.perPerson}>
                  {money(l.perPerson)}
                </td>
                <td className="num nowrap" data-label={t.subtotal}>
                  {money(l.subtotal)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t.total}
              </th>
              <td className="num nowrap" data-class-total>
                {money(priced.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {moves.length ? (
        <>
          <h3 className="order-sub">{t.history}</h3>
          <div className="table-scroll">
            <table className="data-table order-premium-history">
              <thead>
                <tr>
                  <th scope="col">{t.when}</th>
                  <th scope="col">{t.what}</th>
                  <th scope="col" className="num">
                    {t.amount}
                  </th>
                  <th scope="col" className="num">
                    {t.net}
                  </th>
                </tr>
              </thead>
              <tbody>
                {moves.map((m, i) => {
                  running += m.amount;
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the account only ever grows at its end
                    <tr key={i} data-premium-kind={m.kind}>
                      <td className="nowrap" data-label={t.when}>
                        {formatDate(m.at, 'YYYY-MM-DD', timeZone)}
                      </td>
                      <td data-label={t.what}>
                        {t.kinds[m.kind] ?? m.kind}
                        {m.ref ? <span className="order-sub nowrap"> {m.ref}</span> : null}
                        {m.effective && m.kind !== 'premium' ? (
                          <span className="order-sub nowrap">
                            {fill(m.kind === 'surrender_refund' ? t.ends : t.effective, { date: m.effective })}
                            {m.people ? ` · ${m.people === 1 ? t.people_one : fill(t.people_n, { n: m.people })}` : ''}
                          </span>
                        ) : null}
                      </td>
                      <td className={`num nowrap ${m.amount < 0 ? 'amount-in' : 'amount-out'}`} data-label={t.amount}>
                        {signed(m.amount)}
                      </td>
                      <td className="num nowrap" data-label={t.net}>
                        {money(running)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    {t.netPaid}
                  </th>
                  <td className="num nowrap" data-net-premium>
                    {money(net)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
