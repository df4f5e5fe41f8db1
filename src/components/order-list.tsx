/**
 * The five order list pages (guzhu, tuanyi, anze, personal, withoutDetail): GET-form filters
 * (status, policy start range, keyword, page size) and plain page links, so everything lives in
 * the URL and works without JavaScript; status badges; an empty state; Add (rule `<page>/add`)
 * opening the order form at `?new=1`; Export (rule `<page>/export`) as a CSV link with the filters.
 */
import * as v from 'valibot';
import {
  listOrders,
  ORDER_PAGE_SIZES,
  ORDER_STATUSES,
  type OrderListQuery,
  type OrderType,
  orderListSchema,
  siteToday,
} from '~/features/orders';
import { formatDate, formatMoney } from '~/lib/format';
import { checkAuth } from '~/lib/member-centre';
import { fenToYuan } from '~/lib/money';
import { getRequestContext } from '~/server/context';
import { allowPageCache } from '~/server/page-cache';
import { getDb } from '~/server/db/client';
import { Auth } from '~/ui/auth';
import { OrderForm } from './order-form';
import { PageFrame } from '~/ui';
import { Pager } from '~/ui/pager';
import './order-page.css';
import { OrderStatusBadge } from './order-status';
import { fill, orderText } from './order-text';
import { NavAnchor } from '~/ui/nav-anchor';
import { Notice } from '~/ui/notice';
import { StaticRegion } from '~/ui/static-region';

const DEFAULTS: Omit<OrderListQuery, 'type'> = { status: '', keyword: '', start: '', end: '', page: 1, limit: 10 };
/** Statuses a member filters by (`paid` is only a moment between payment and underwriting). */
const FILTER_STATUSES = ORDER_STATUSES.filter((s) => s !== 'paid');

export function parseOrderQuery(type: OrderType, query: string): { q: OrderListQuery; ok: boolean } {
  const raw: Record<string, string> = Object.fromEntries(new URLSearchParams(query));
  for (const k of ['new', 'plan', 'class', 'months', 'headcount', 'start_date']) delete raw[k];
  const parsed = v.safeParse(orderListSchema, { ...raw, type });
  return parsed.success ? { q: parsed.output, ok: true } : { q: { ...DEFAULTS, type }, ok: false };
}

/** A page of the list with its filters. */
const orderHref = (path: string, q: OrderListQuery, page: number) => {
  const s = orderQueryString(q, page);
  return s ? `${path}?${s}` : path;
};

export function orderQueryString(q: OrderListQuery, page?: number): string {
  const p = new URLSearchParams();
  if (q.status) p.set('status', q.status);
  if (q.keyword) p.set('keyword', q.keyword);
  if (q.start) p.set('start', q.start);
  if (q.end) p.set('end', q.end);
  if (q.limit !== DEFAULTS.limit) p.set('limit', String(q.limit));
  if (page && page > 1) p.set('page', String(page));
  return p.toString();
}

export function OrderListPage({ type, query }: { type: OrderType; query: string }) {
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
        const { q } = parseOrderQuery(type, query);
        const qs = orderQueryString(q);
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
        const { q, ok } = parseOrderQuery(type, query);
        const today = await siteToday(db);
        const result = await listOrders(db, session.userId, q, today);
        const filtered = Boolean(q.status || q.keyword || q.start || q.end);
        const canAdd = checkAuth(view.centre.authNode, view.path, 'add');
        return (
          // The list has no islands (a plain GET form, links, a table): one static region, rendered
          // to HTML once and not hydrated.
          <StaticRegion id="order-list" className="orders">
            <form className="card order-filters" method="get" action={path} aria-label={o.filters.label}>
              <div className="field">
                <label htmlFor="od-status">{o.filters.status}</label>
                <select id="od-status" name="status" defaultValue={q.status}>
                  <option value="">{o.filters.all}</option>
                  {FILTER_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {o.status[s]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="od-keyword">{o.filters.keyword}</label>
                <input
                  id="od-keyword"
                  name="keyword"
                  type="search"
                  maxLength={50}
                  defaultValue={q.keyword}
                  placeholder={o.filters.keywordHint}
                />
              </div>
              <div className="field">
                <label htmlFor="od-limit">{o.filters.perPage}</label>
                <select id="od-limit" name="limit" defaultValue={String(q.limit)}>
                  {ORDER_PAGE_SIZES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="od-start">{o.filters.start}</label>
                <input id="od-start" name="start" type="date" defaultValue={q.start} />
              </div>
              <div className="field">
                <label htmlFor="od-end">{o.filters.end}</label>
                <input id="od-end" name="end" type="date" defaultValue={q.end} />
              </div>
              <div className="order-filter-actions">
                <button type="submit" className="btn btn-primary btn-sm">
                  {o.filters.apply}
                </button>
                <a href={path} className="btn btn-ghost btn-sm">
                  {o.filters.reset}
                </a>
              </div>
            </form>
            {ok ? null : (
              <Notice kind="warning" role="status">
                <p>{o.filters.bad}</p>
              </Notice>
            )}
            <section className="card" aria-labelledby="od-title">
              <div className="order-card-head">
                <h2 id="od-title">{fill(o.table.count, { n: result.total })}</h2>
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
                <div className="table-scroll">
                  <table className="data-table order-table">
                    <thead>
                      <tr>
                        <th scope="col">{o.table.orderNo}</th>
                        <th scope="col">{o.table.status}</th>
                        <th scope="col">{o.table.plan}</th>
                        <th scope="col">{o.table.period}</th>
                        <th scope="col" className="num">
                          {o.table.insured}
                        </th>
                        <th scope="col" className="num">
                          {o.table.premium}
                        </th>
                        <th scope="col">
                          <span className="sr-only">{o.table.view}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {result.list.map((r) => {
                        const status = r.status === 'effective' && r.endDate < today ? 'expired' : r.status;
                        const href = `/user/order/groupDetail?id=${r.id}`;
                        return (
                          <tr key={r.id} data-order={r.orderNo}>
                            <td className="od-no">
                              <NavAnchor to={href} className="order-no" match="none">
                                {r.orderNo}
                              </NavAnchor>
                              <span className="order-sub">{r.policyNo ?? formatDate(r.createdAt, 'YYYY-MM-DD HH:mm', view.timeZone)}</span>
                            </td>
                            <td className="od-status">
                              <OrderStatusBadge status={status} o={o} />
                            </td>
                            <td className="od-plan">
                              {type === 'withoutDetail' ? `${o.products[r.product]} · ` : ''}
                              {view.locale === 'en' ? r.planNameEn : r.planName}
                              <span className="order-sub">{r.holderName}</span>
                            </td>
                            <td className="od-period">
                              {r.startDate} ~ {r.endDate}
                            </td>
                            <td className="od-people num">
                              {fill(o.table.people, { n: r.insuredCount })}
                              {r.namedList ? null : <span className="order-sub">{o.table.noList}</span>}
                            </td>
                            <td className="od-premium num">¥{formatMoney(fenToYuan(r.premium))}</td>
                            <td className="od-view">
                              <NavAnchor
                                to={href}
                                className="btn btn-ghost btn-sm"
                                match="none"
                                aria-label={`${o.table.view} ${r.orderNo}`}
                              >
                                {o.table.view}
                              </NavAnchor>
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              )}
              <Pager locale={view.locale} total={result.total} page={q.page} limit={q.limit} href={(p) => orderHref(path, q, p)} />
            </section>
          </StaticRegion>
        );
      }}
    />
  );
}
