/**
 * The five order list pages (guzhu, tuanyi, anze, personal, withoutDetail): GET-form filters
 * (status, policy start range, keyword, page size) and plain page links, so everything lives in
 * the URL and works without JavaScript; status badges; an empty state; Add (rule `<page>/add`)
 * opening the order form at `?new=1`; Export (rule `<page>/export`) as a CSV link with the filters.
 */
import { countText } from '~/lib/texts';
import { countOrderStatuses, listOrders } from '../list';
import { type OrderRecord, siteToday } from '../records';
import { ORDER_PAGE_SIZES, ORDER_STATUSES, type OrderListQuery, type OrderType, orderListSchema } from '../schemas';
import { fen, formatDate } from '~/lib/format';
import { listQuery } from '~/lib/list-query';
import { checkAuth } from '~/lib/member-centre';
import { getRequestContext } from '~/server/context';
import { allowPageCache } from '~/server/page-cache';
import { getDb } from '~/server/db/client';
import { Auth } from '~/ui/auth';
import { periodColumn } from './columns';
import { OrderForm } from './new-order';
import { DataTable, DateRangeFields, Field, FilterForm, PageFrame, Pager, SelectField, StatusTabs } from '~/ui';
import './orders.css';
import { OrderStatusBadge } from './status';
import { fill, orderText } from '../texts';
import { NavAnchor } from '~/ui/nav-anchor';
import { StaticRegion } from '~/ui/static-region';

/** The list's filters in the URL; the type is the page's, never the URL's. */
const ordersQuery = listQuery(orderListSchema, {
  type: '',
  status: '',
  keyword: '',
  start: '',
  end: '',
  limit: 10,
  page: 1,
} as OrderListQuery);
/** The order form's prefill parameters (from the quote page) are not filters. */
const NOT_FILTERS = ['type', 'new', 'plan', 'class', 'months', 'headcount', 'start_date'];
/** Statuses a member filters by (`paid` is only a moment between payment and underwriting). */
const FILTER_STATUSES = ORDER_STATUSES.filter((s) => s !== 'paid');
/** Status tabs always shown (the others only when the filters find orders in them). */
const MAIN_TABS: readonly string[] = ['unpaid', 'underwriting', 'effective', 'expired'];
/** Products whose policies in force take endorsements (named lists; as the endorse area's start form). */
const ENDORSABLE: readonly string[] = ['guzhu', 'tuanyi'];

// The route components are declared functions on purpose: the RSC plugin links a module's CSS
// (./orders.css) into the page only through the exported components it can see as functions; a
// component made by a factory call (`export const X = listPage('guzhu')`) rendered the list unstyled.
type RouteProps = { query?: string };
export function GuzhuListPage({ query }: RouteProps) {
  return <OrderListPage type="guzhu" query={query ?? ''} />;
}
export function TuanyiListPage({ query }: RouteProps) {
  return <OrderListPage type="tuanyi" query={query ?? ''} />;
}
export function AnzeListPage({ query }: RouteProps) {
  return <OrderListPage type="anze" query={query ?? ''} />;
}
export function PersonalListPage({ query }: RouteProps) {
  return <OrderListPage type="personal" query={query ?? ''} />;
}
export function WithoutDetailListPage({ query }: RouteProps) {
  return <OrderListPage type="withoutDetail" query={query ?? ''} />;
}

function OrderListPage({ type, query }: { type: OrderType; query: string }) {
  const path = `/user/order/${type}`;
  const params = new URLSearchParams(query);
  const creating = params.get('new') === '1';
  // The list shows the member's orders, products and config only: all versioned (decision 0009).
  if (!creating) allowPageCache();
  return (
    <PageFrame
      page={`user/order/${type}`}
      title={({ view }) => {
        const o = orderText(view.locale);
        return creating ? `${o.titles[type]} · ${o.titles.newOrder}` : o.titles[type];
      }}
      actions={({ view }) => {
        const o = orderText(view.locale);
        const qs = ordersQuery.toQuery(ordersQuery.parse(query, NOT_FILTERS).q);
        return creating ? (
          <a href={path} className="btn btn-ghost">
            {o.actions.back}
          </a>
        ) : (
          <>
            <Auth action="add">
              <a href={`${path}?new=1`} className="btn btn-primary" data-action="add">
                {o.actions.add}
              </a>
            </Auth>
            <Auth action="export">
              <a
                href={`/userapi/v1/order/export?type=order/${type}&format=csv${qs ? `&${qs}` : ''}`}
                className="btn btn-ghost"
                download
                data-action="export"
              >
                {o.actions.export}
              </a>
            </Auth>
          </>
        );
      }}
      render={async ({ view }) => {
        const o = orderText(view.locale);
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        if (creating) {
          return (
            <Auth action="add">
              <OrderForm type={type} params={params} userId={session.userId} locale={view.locale} o={o} />
            </Auth>
          );
        }
        const { q, ok } = ordersQuery.parse(query, NOT_FILTERS);
        const today = await siteToday(db);
        const [result, counts] = await Promise.all([
          listOrders(db, session.userId, { ...q, type }, today),
          countOrderStatuses(db, session.userId, { ...q, type }, today),
        ]);
        const canEndorse = checkAuth(view.centre.authNode, '/user/order/endorse', 'add');
        const shownStatus = (r: OrderRecord) => (r.status === 'effective' && r.endDate < today ? 'expired' : r.status);
        const filtered = Boolean(q.status || q.keyword || q.start || q.end);
        const canAdd = checkAuth(view.centre.authNode, view.path, 'add');
        return (
          // The filters hold the date fields (islands); the list (tabs, links, a table) is one static
          // region, rendered to HTML once and not hydrated.
          <div className="orders">
            <FilterForm
              className="order-filters"
              action={path}
              label={o.filters.label}
              actionsClass="order-filter-actions"
              apply={o.filters.apply}
              reset={o.filters.reset}
              invalid={ok ? undefined : o.filters.bad}
            >
              <SelectField
                id="od-status"
                name="status"
                label={o.filters.status}
                value={q.status}
                all={o.filters.all}
                options={FILTER_STATUSES.map((s) => [s, o.status[s]])}
              />
              <Field id="od-keyword" label={o.filters.keyword}>
                <input
                  id="od-keyword"
                  name="keyword"
                  type="search"
                  maxLength={50}
                  defaultValue={q.keyword}
                  placeholder={o.filters.keywordHint}
                />
              </Field>
              <SelectField
                id="od-limit"
                name="limit"
                label={o.filters.perPage}
                value={String(q.limit)}
                options={ORDER_PAGE_SIZES.map((n) => [n, n])}
              />
              <DateRangeFields id="od" start={q.start} end={q.end} labels={o.filters} locale={view.locale} />
            </FilterForm>
            <StaticRegion id="order-list" className="orders">
              <StatusTabs
                label={o.tabs.label}
                current={q.status}
                href={(status) => ordersQuery.href(path, { ...q, status: status as OrderListQuery['status'] })}
                tabs={[
                  { value: '', label: o.filters.all, count: Object.values(counts).reduce((n, c) => n + c, 0) },
                  ...FILTER_STATUSES.filter((s) => MAIN_TABS.includes(s) || counts[s] || q.status === s).map((s) => ({
                    value: s,
                    label: o.tabs[s] ?? o.status[s],
                    count: counts[s] ?? 0,
                  })),
                ]}
              />
              <section className="card" aria-labelledby="od-title">
                <div className="order-card-head">
                  <h2 id="od-title">{countText(o.table, result.total)}</h2>
                </div>
                {result.list.length === 0 ? (
                  <div className="order-empty">
                    <p>{result.total > 0 ? o.table.pastEnd : filtered ? o.table.emptyFiltered : o.table.empty}</p>
                    {result.total === 0 && !filtered && canAdd ? (
                      <a href={`${path}?new=1`} className="btn btn-primary btn-sm">
                        {o.actions.add}
                      </a>
                    ) : null}
                  </div>
                ) : (
                  <DataTable
                    className="order-table"
                    rows={result.list}
                    rowKey={(r) => r.id}
                    rowAttrs={(r) => ({ 'data-order': r.orderNo })}
                    columns={[
                      {
                        head: o.table.orderNo,
                        cellClass: 'od-no',
                        cell: (r) => (
                          <>
                            <NavAnchor to={`/user/order/groupDetail?id=${r.id}`} className="order-no" match="none">
                              {r.orderNo}
                            </NavAnchor>
                            <span className="order-sub">{r.policyNo ?? formatDate(r.createdAt, 'YYYY-MM-DD HH:mm', view.timeZone)}</span>
                          </>
                        ),
                      },
                      {
                        head: o.table.status,
                        cellClass: 'od-status',
                        cell: (r) => <OrderStatusBadge status={shownStatus(r)} o={o} />,
                      },
                      {
                        head: o.table.plan,
                        cellClass: 'od-plan',
                        cell: (r) => (
                          <>
                            {type === 'withoutDetail' ? `${o.products[r.product]} · ` : ''}
                            {view.locale === 'en' ? r.planNameEn : r.planName}
                            <span className="order-sub" translate="no">
                              {r.holderName}
                            </span>
                          </>
                        ),
                      },
                      periodColumn<OrderRecord>(o.table.period, 'od-period', (r) => [r.startDate, r.endDate]),
                      {
                        head: o.table.insured,
                        headClass: 'num',
                        cellClass: 'od-people num',
                        cell: (r) => (
                          <>
                            {fill(o.table.people, { n: r.insuredCount })}
                            {r.namedList ? null : <span className="order-sub">{o.table.noList}</span>}
                          </>
                        ),
                      },
                      { head: o.table.premium, headClass: 'num', cellClass: 'od-premium num', cell: (r) => fen(r.premium) },
                      {
                        head: <span className="sr-only">{o.table.actions}</span>,
                        cellClass: 'od-view',
                        cell: (r) => (
                          <span className="order-row-actions">
                            {shownStatus(r) === 'unpaid' ? (
                              <a
                                href={`/user/order/groupDetail?id=${r.id}&ask=pay`}
                                className="btn btn-primary btn-sm"
                                data-action="pay"
                                aria-label={`${o.actions.pay} ${r.orderNo}`}
                              >
                                {o.actions.pay}
                              </a>
                            ) : null}
                            {canEndorse && shownStatus(r) === 'effective' && r.namedList && ENDORSABLE.includes(r.product) ? (
                              <a
                                href={`/user/order/endorse?new=1&order_id=${r.id}`}
                                className="btn btn-ghost btn-sm"
                                data-action="endorse"
                                aria-label={`${o.actions.endorse} ${r.policyNo ?? r.orderNo}`}
                              >
                                {o.actions.endorse}
                              </a>
                            ) : null}
                            <NavAnchor
                              to={`/user/order/groupDetail?id=${r.id}`}
                              className="btn btn-ghost btn-sm"
                              match="none"
                              aria-label={`${o.table.view} ${r.orderNo}`}
                            >
                              {o.table.view}
                            </NavAnchor>
                          </span>
                        ),
                      },
                    ]}
                  />
                )}
                <Pager locale={view.locale} total={result.total} page={q.page} limit={q.limit} href={(p) => ordersQuery.href(path, q, p)} />
              </section>
            </StaticRegion>
          </div>
        );
      }}
    />
  );
}
