/**
 * /user/operator/underwriting (operator-only rule): orders waiting for the insurer's decision,
 * oldest payment first, with Accept / Refuse (button rule `operator/underwriting/decide`).
 */
import { PageFrame } from '~/ui';
import '~/components/order-page.css';
import { fill, orderText } from '~/components/order-text';
import { insurerSettings } from '~/features/insurer';
import { underwritingQueue } from '~/features/orders';
import { formatDate, formatMoney } from '~/lib/format';
import { OrderUnderwrite } from '~/islands/order-underwrite';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { hasExplicitRule } from '~/server/permissions';

export default function Page({ query }: { query?: string }) {
  const page = Math.max(1, Number(new URLSearchParams(query ?? '').get('page')) || 1);
  return (
    <PageFrame
      page="user/operator/underwriting"
      title={({ view }) => orderText(view.locale).titles.underwriting}
      render={async ({ view }) => {
        const o = orderText(view.locale);
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        const [queue, settings, canDecide] = await Promise.all([
          underwritingQueue(db, { page, limit: 20 }),
          insurerSettings(db),
          hasExplicitRule(db, session, 'operator/underwriting/decide'),
        ]);
        const pages = Math.max(1, Math.ceil(queue.total / 20));
        return (
          <section className="card" aria-labelledby="uq-title">
            <div className="order-card-head">
              <h2 id="uq-title">
                {o.operator.queue} ({queue.total})
              </h2>
              <span className="muted">
                {fill(o.operator.mode, { mode: fill(o.operator.modes[settings.mode], { delay: settings.underwriteDelaySeconds }) })}
              </span>
            </div>
            {queue.list.length === 0 ? (
              <p className="order-empty">{o.operator.emptyQueue}</p>
            ) : (
              <div className="table-scroll">
                <table className="data-table order-queue">
                  <thead>
                    <tr>
                      <th scope="col">{o.table.orderNo}</th>
                      <th scope="col">{o.operator.holder}</th>
                      <th scope="col">{o.table.period}</th>
                      <th scope="col" className="num">
                        {o.table.premium}
                      </th>
                      <th scope="col">{o.operator.paidAt}</th>
                      <th scope="col">
                        <span className="sr-only">{o.operator.accept}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {queue.list.map((r) => (
                      <tr key={r.id} data-order={r.order_no}>
                        <td className="oq-no nowrap">
                          <span className="order-no">{r.order_no}</span>
                          <span className="order-sub">
                            {o.products[r.type]} · {getRequestContext().locale === 'en' ? r.plan_name_en : r.plan_name} ·{' '}
                            {Object.entries(r.class_mix)
                              .sort(([a], [b]) => Number(a) - Number(b))
                              .map(([c, n]) =>
                                Object.keys(r.class_mix).length > 1
                                  ? `${fill(o.form.classN, { n: c })} × ${n}`
                                  : fill(o.form.classN, { n: c }),
                              )
                              .join(' · ')}
                          </span>
                        </td>
                        <td className="oq-who">
                          {r.holder_name}
                          <span className="order-sub">
                            {o.operator.member}: {r.member} {r.credit_code ? `· ${r.credit_code}` : ''} ·{' '}
                            {fill(o.table.people, { n: r.insured_count })}
                          </span>
                        </td>
                        <td className="oq-period nowrap">
                          {r.start_date} ~ {r.end_date}
                        </td>
                        <td className="oq-premium num nowrap">¥{formatMoney(r.premium)}</td>
                        <td className="oq-paid nowrap">{r.paid_at ? formatDate(r.paid_at, 'YYYY-MM-DD HH:mm', view.timeZone) : ''}</td>
                        <td className="oq-act">
                          {canDecide ? <OrderUnderwrite id={r.id} o={{ operator: o.operator, confirm: o.confirm }} /> : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {queue.total > 20 ? (
              <nav className="pager" aria-label={o.table.pages}>
                {page > 1 ? (
                  <a className="btn btn-ghost btn-sm" href={`/user/operator/underwriting?page=${page - 1}`}>
                    {o.table.prev}
                  </a>
                ) : null}
                <span className="pager-status">{fill(o.table.pageOf, { page, pages })}</span>
                {page < pages ? (
                  <a className="btn btn-ghost btn-sm" href={`/user/operator/underwriting?page=${page + 1}`}>
                    {o.table.next}
                  </a>
                ) : null}
              </nav>
            ) : null}
          </section>
        );
      }}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
