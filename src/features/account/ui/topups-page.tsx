/**
 * /user/operator/topups: every member's top-up requests (pending first) with the transfer slip,
 * and the confirm / reject actions for groups holding `operator/topups/confirm`. Operator-only: a
 * group's '*' never grants the page (the gate answers 403; so does every endpoint behind it).
 */
import { formatDate, formatMoney } from '~/lib/format';
import { menuTitleFor } from '~/lib/member-centre';
import { fenToYuan } from '~/lib/money';
import { countText } from '~/lib/texts';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { hasExplicitRule } from '~/server/permissions';
import { PageFrame } from '~/ui';
import type { PageContext } from '~/ui/page-context';
import { DataTable } from '~/ui/data-table';
import { SelectField } from '~/ui/field';
import { FilterForm } from '~/ui/filter-form';
import { Pager } from '~/ui/pager';
import { accountText } from '../texts';
import { listTopupsForReview } from '../topup';
import { AccountReviewActions } from './review-actions';
import { TopupStatus } from './topup-status';
import './account.css';

const STATUSES = ['pending', 'confirmed', 'rejected'] as const;

/** The heading: the operator's menu entry, else the page's own title. */
const title = (view: PageContext['view']) => menuTitleFor(view.centre, '/user/operator/topups') ?? accountText(view.locale).titles.topups;

export function OperatorTopupsPage({ query }: { query?: string }) {
  const params = new URLSearchParams(query ?? '');
  const status = (STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as (typeof STATUSES)[number])
    : '';
  const page = Math.min(Math.max(Number.parseInt(params.get('page') ?? '1', 10) || 1, 1), 100_000);
  const limit = 20;
  const link = (p: number) => {
    const q = new URLSearchParams();
    if (status) q.set('status', status);
    if (p > 1) q.set('page', String(p));
    const s = q.toString();
    return `/user/operator/topups${s ? `?${s}` : ''}`;
  };
  return (
    <PageFrame
      page="user/operator/topups"
      title={({ view }) => accountText(view.locale).titles.topups}
      render={async ({ view }) => {
        const session = getRequestContext().session;
        if (!session) return null;
        const tx = accountText(view.locale).review;
        const db = getDb();
        const [result, canDecide] = await Promise.all([
          listTopupsForReview(db, { status, page, limit }),
          hasExplicitRule(db, session, 'operator/topups/confirm'),
        ]);
        const tz = view.timeZone;
        return (
          <div className="account-topups">
            <FilterForm
              className="ledger-filters"
              action="/user/operator/topups"
              label={tx.filter}
              actionsClass="ledger-filter-actions"
              apply={tx.filter}
            >
              <SelectField
                id="tr-status"
                name="status"
                label={tx.status}
                value={status}
                all={tx.all}
                options={STATUSES.map((s) => [s, tx.statuses[s]] as const)}
              />
            </FilterForm>
            <section className="card" aria-labelledby="tr-title">
              <div className="card-head ledger-head">
                <h2 id="tr-title">{title(view)}</h2>
                <p className="ledger-totals">{countText(tx, result.total)}</p>
              </div>
              <p className="account-hint">{tx.lead}</p>
              {result.list.length === 0 ? (
                <p className="ledger-empty">{tx.none}</p>
              ) : (
                <DataTable
                  className="account-review-table"
                  rows={result.list}
                  rowKey={(x) => x.id}
                  rowAttrs={(x) => ({ 'data-topup': x.id })}
                  columns={[
                    { head: tx.time, cellClass: 'nowrap', cell: (x) => formatDate(x.createdAt, 'YYYY-MM-DD HH:mm', tz) },
                    {
                      head: tx.member,
                      cell: (x) => (
                        <>
                          <span translate="no">{x.nickname || x.username}</span>
                          <span className="ledger-ref">{x.username}</span>
                        </>
                      ),
                    },
                    { head: tx.amount, headClass: 'num', cellClass: 'num nowrap', cell: (x) => formatMoney(fenToYuan(x.amount)) },
                    { head: tx.paymentRef, cell: (x) => x.paymentRef },
                    {
                      head: tx.slip,
                      cell: (x) => {
                        const slip = `/userapi/v1/operator/topup/slip?id=${x.id}`;
                        return (
                          <a href={slip} target="_blank" rel="noopener" title={tx.openSlip}>
                            {x.slipMime.startsWith('image/') ? (
                              <img
                                className="account-slip"
                                src={slip}
                                alt={`${tx.slip} ${x.paymentRef}`}
                                width={96}
                                height={64}
                                loading="lazy"
                              />
                            ) : (
                              tx.openSlip
                            )}
                          </a>
                        );
                      },
                    },
                    {
                      head: tx.status,
                      cell: (x) => (
                        <TopupStatus status={x.status} reason={x.reason} text={tx.statuses}>
                          {x.decidedAt ? <span className="ledger-ref">{formatDate(x.decidedAt, 'YYYY-MM-DD HH:mm', tz)}</span> : null}
                        </TopupStatus>
                      ),
                    },
                    {
                      head: tx.action,
                      cell: (x) =>
                        x.status === 'pending' && canDecide ? (
                          <AccountReviewActions
                            id={x.id}
                            label={`${x.nickname || x.username} ¥${formatMoney(fenToYuan(x.amount))}`}
                            text={{ confirm: tx.confirm, reject: tx.reject, reason: tx.reason, reasonRequired: tx.reasonRequired }}
                          />
                        ) : null,
                    },
                  ]}
                />
              )}
              <Pager locale={view.locale} total={result.total} page={page} limit={limit} href={link} compact nav />
            </section>
          </div>
        );
      }}
    />
  );
}
