/**
 * /user/operator/underwriting (operator-only rule): orders waiting for the insurer's decision,
 * oldest payment first, with Accept / Refuse (button rule `operator/underwriting/decide`).
 */
import { DataTable, PageFrame, Pager } from '~/ui';
import './orders.css';
import { fill, orderText } from '../texts';
import { insurerSettings } from '~/features/insurer';
import { type QueueItem, underwritingQueue } from '../queue';
import { formatDate, formatMoney } from '~/lib/format';
import { periodColumn } from './columns';
import { OrderUnderwrite } from './underwrite';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { hasExplicitRule } from '~/server/permissions';

export function UnderwritingPage({ query }: { query?: string }) {
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
              <DataTable
                className="order-queue"
                rows={queue.list}
                rowKey={(r) => r.id}
                rowAttrs={(r) => ({ 'data-order': r.order_no })}
                columns={[
                  {
                    head: o.table.orderNo,
                    cellClass: 'oq-no nowrap',
                    cell: (r) => (
                      <>
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
                      </>
                    ),
                  },
                  {
                    head: o.operator.holder,
                    cellClass: 'oq-who',
                    cell: (r) => (
                      <>
                        <span translate="no">{r.holder_name}</span>
                        <span className="order-sub">
                          {o.operator.member}: <span translate="no">{r.member}</span> {r.credit_code ? `· ${r.credit_code}` : ''} ·{' '}
                          {fill(o.table.people, { n: r.insured_count })}
                        </span>
                      </>
                    ),
                  },
                  periodColumn<QueueItem>(o.table.period, 'oq-period nowrap', (r) => [r.start_date, r.end_date]),
                  {
                    head: o.table.premium,
                    headClass: 'num',
                    cellClass: 'oq-premium num nowrap',
                    cell: (r) => `¥${formatMoney(r.premium)}`,
                  },
                  {
                    head: o.operator.paidAt,
                    cellClass: 'oq-paid nowrap',
                    cell: (r) => (r.paid_at ? formatDate(r.paid_at, 'YYYY-MM-DD HH:mm', view.timeZone) : ''),
                  },
                  {
                    head: <span className="sr-only">{o.operator.accept}</span>,
                    cellClass: 'oq-act',
                    cell: (r) => (canDecide ? <OrderUnderwrite id={r.id} o={{ operator: o.operator, confirm: o.confirm }} /> : null),
                  },
                ]}
              />
            )}
            <Pager
              locale={view.locale}
              total={queue.total}
              page={page}
              limit={20}
              href={(p) => `/user/operator/underwriting?page=${p}`}
              compact
            />
          </section>
        );
      }}
    />
  );
}
