/**
 * The insured list of an order's detail page: search by name or ID digits, the list "as of" a day
 * (or every row), paging and the export link, all as GET forms and links (no JavaScript needed).
 * A headcount order has no list and says so.
 */
import type { InsuredRecord, OrderRecord } from '~/features/orders';
import { maskResidentId } from '~/lib/cn-id';
import { fill, type OrderTexts } from './order-text';

export interface OrderRosterProps {
  order: OrderRecord;
  /** This page of the list, or null for a headcount order. */
  roster: { list: InsuredRecord[]; total: number } | null;
  /** The search as typed, the day shown (`''`: every row) and the `as_of` parameter as given. */
  kw: string;
  asOf: string;
  asOfRaw: string;
  page: number;
  limit: number;
  o: OrderTexts;
}

/** The insured card of /user/order/groupDetail. */
export function OrderRoster({ order, roster, kw, asOf, asOfRaw, page, limit, o }: OrderRosterProps) {
  const pages = roster ? Math.max(1, Math.ceil(roster.total / limit)) : 1;
  const self = (p: number) =>
    `/user/order/groupDetail?id=${order.id}${kw ? `&keyword=${encodeURIComponent(kw)}` : ''}${asOfRaw ? `&as_of=${encodeURIComponent(asOf || 'all')}` : ''}${p > 1 ? `&page=${p}` : ''}`;
  const d = o.detail;
  return (
    <section className="card order-wide" aria-labelledby="od-insured">
      <div className="order-card-head">
        <h2 id="od-insured">
          {d.insured}
          {roster ? ` (${roster.total})` : ''}
          {roster ? <span className="order-sub">{asOf ? fill(d.asOfTitle, { date: asOf }) : d.allRows}</span> : null}
        </h2>
        {roster ? (
          <a className="btn btn-ghost btn-sm" href={`/userapi/v1/order/exportInsured?id=${order.id}`} download data-action="exportInsured">
            {o.actions.exportInsured}
          </a>
        ) : null}
      </div>
      {!roster ? (
        <p className="muted">{d.headcountOnly}</p>
      ) : (
        <>
          <form className="order-inline" method="get" action="/user/order/groupDetail">
            <input type="hidden" name="id" value={order.id} />
            <input type="search" name="keyword" defaultValue={kw} maxLength={50} placeholder={d.search} aria-label={d.search} />
            <label className="order-asof">
              <span>{d.asOf}</span>
              <input type="date" name="as_of" defaultValue={asOf} min={order.startDate} max={order.endDate} data-as-of />
            </label>
            <button type="submit" className="btn btn-ghost">
              {d.searchButton}
            </button>
            {asOf ? (
              <a className="btn btn-ghost" href={`/user/order/groupDetail?id=${order.id}&as_of=all`}>
                {d.allRows}
              </a>
            ) : null}
          </form>
          {roster.list.length === 0 ? (
            <p className="order-empty">{d.noInsured}</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table order-insured">
                <thead>
                  <tr>
                    <th scope="col">{d.name}</th>
                    <th scope="col">{d.idNo}</th>
                    <th scope="col">{d.gender}</th>
                    <th scope="col">{d.birthday}</th>
                    <th scope="col">{o.form.rowClass}</th>
                    <th scope="col">{d.period}</th>
                  </tr>
                </thead>
                <tbody>
                  {roster.list.map((r) => (
                    <tr key={r.id}>
                      <td className="oi-name">{r.name}</td>
                      <td className="oi-id nowrap">{maskResidentId(r.idNo)}</td>
                      <td className="oi-gender">{r.gender === 1 ? d.male : d.female}</td>
                      <td className="oi-birthday nowrap">{r.birthday}</td>
                      <td className="oi-class">{r.class}</td>
                      <td className="oi-period nowrap">
                        {r.activeFrom} ~ {r.activeTo}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {roster.total > limit ? (
            <nav className="pager" aria-label={o.table.pages}>
              {page > 1 ? (
                <a className="btn btn-ghost btn-sm" href={self(page - 1)} rel="prev">
                  {o.table.prev}
                </a>
              ) : null}
              <span className="pager-status">{fill(o.table.pageOf, { page, pages })}</span>
              {page < pages ? (
                <a className="btn btn-ghost btn-sm" href={self(page + 1)} rel="next">
                  {o.table.next}
                </a>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
