/**
 * /user/operator/deliveries (operators with `operator/deliveries`): the e-mail and SMS copies of
 * notices, newest first, by status (pending, sent, retrying, given up) with tries and the reason of
 * the last failure.
 */
import './notices.css';
import { formatDate } from '~/lib/format';
import { listQuery } from '~/lib/list-query';
import { getDb } from '~/server/db/client';
import { DataTable, PageFrame, Pager, StatusTabs } from '~/ui';
import { type DeliveryView, deliveryCounts, listDeliveries } from '../delivery';
import { deliveryListSchema } from '../schemas';
import { noticeText } from '../texts';

const PATH = '/user/operator/deliveries';
const STATUSES = ['pending', 'sent', 'retrying', 'failed'] as const;
const deliveriesQuery = listQuery(deliveryListSchema, { status: '', page: 1, limit: 20 } as {
  status: '' | (typeof STATUSES)[number];
  page: number;
  limit: number;
});

export function DeliveriesPage({ query }: { query?: string }) {
  return (
    <PageFrame
      page="user/operator/deliveries"
      title={({ view }) => noticeText(view.locale).deliveries.title}
      render={async ({ view }) => {
        const d = noticeText(view.locale).deliveries;
        const db = getDb();
        const { q } = deliveriesQuery.parse(query ?? '');
        const [{ list, total }, counts] = await Promise.all([listDeliveries(db, q, view.locale), deliveryCounts(db)]);
        const all = STATUSES.reduce((sum, s) => sum + counts[s], 0);
        const when = (t: number | null) => (t ? formatDate(t, 'YYYY-MM-DD HH:mm', view.timeZone) : '—');
        return (
          <div className="deliveries">
            <p className="muted notices-lead">{d.lead}</p>
            <StatusTabs
              label={d.tabsLabel}
              current={q.status}
              tabs={[
                { value: '', label: d.tabs.all, count: all },
                ...STATUSES.map((s) => ({ value: s, label: d.tabs[s], count: counts[s] })),
              ]}
              href={(value) => deliveriesQuery.href(PATH, { ...q, status: value as typeof q.status }, 1)}
            />
            {list.length === 0 ? (
              <p className="card notices-none">{d.none}</p>
            ) : (
              <div className="card">
                <DataTable<DeliveryView>
                  className="delivery-table"
                  rows={list}
                  rowKey={(r) => r.id}
                  rowAttrs={(r) => ({ 'data-status': r.status })}
                  columns={[
                    { head: d.created, label: d.created, cell: (r) => when(r.created_at) },
                    { head: d.member, label: d.member, cellClass: 'nowrap', cell: (r) => <span translate="no">{r.username}</span> },
                    { head: d.notice, cell: (r) => r.title },
                    {
                      head: d.channel,
                      label: d.channel,
                      cell: (r) => (
                        <>
                          {d.channels[r.channel]} <span translate="no">{r.address}</span>
                        </>
                      ),
                    },
                    {
                      head: d.status,
                      label: d.status,
                      cellClass: 'nowrap',
                      cell: (r) => (
                        <span className={r.status === 'sent' ? 'badge badge-ok' : r.status === 'failed' ? 'badge badge-danger' : 'badge'}>
                          {d.tabs[r.status]}
                        </span>
                      ),
                    },
                    { head: d.attempts, label: d.attempts, headClass: 'num', cellClass: 'num', cell: (r) => r.attempts },
                    { head: d.next, label: d.next, cell: (r) => when(r.next_attempt_at) },
                    { head: d.error, label: d.error, cell: (r) => (r.last_error ? <span translate="no">{r.last_error}</span> : '—') },
                  ]}
                />
              </div>
            )}
            <Pager locale={view.locale} total={total} page={q.page} limit={q.limit} href={(page) => deliveriesQuery.href(PATH, q, page)} />
          </div>
        );
      }}
    />
  );
}
