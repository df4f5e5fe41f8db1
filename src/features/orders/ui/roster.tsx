/**
 * The insured list of an order's detail page: search by name or ID digits, the list "as of" a day
 * (or every row), paging and the export link, all as GET forms and links (no JavaScript needed).
 * A headcount order has no list and says so.
 */
import type { InsuredRecord } from '../insured';
import type { OrderRecord } from '../records';
import { maskResidentId } from '~/lib/cn-id';
import type { Locale } from '~/lib/types';
import { DataTable, Pager } from '~/ui';
import { DateField } from '~/ui/date-field';
import { fill, type OrderTexts } from '../texts';

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
  locale: Locale;
  o: OrderTexts;
}

/** The insured card of /user/order/groupDetail. */
export function OrderRoster({ order, roster, kw, asOf, asOfRaw, page, limit, locale, o }: OrderRosterProps) {
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
            <div className="order-asof">
              <label htmlFor="od-asof">{d.asOf}</label>
              <DateField
                id="od-asof"
                name="as_of"
                locale={locale}
                defaultValue={asOf}
                {...{ min: order.startDate, max: order.endDate }}
                hiddenProps={{ 'data-as-of': true }}
              />
            </div>
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
            <DataTable
              className="order-insured"
              rows={roster.list}
              rowKey={(r) => r.id}
              columns={[
                { head: d.name, cellClass: 'oi-name', cell: (r) => <span translate="no">{r.name}</span> },
                { head: d.idNo, cellClass: 'oi-id nowrap', cell: (r) => maskResidentId(r.idNo) },
                { head: d.gender, cellClass: 'oi-gender', cell: (r) => (r.gender === 1 ? d.male : d.female) },
                { head: d.birthday, cellClass: 'oi-birthday nowrap', cell: (r) => r.birthday },
                { head: o.form.rowClass, cellClass: 'oi-class', cell: (r) => r.class },
                {
                  head: d.period,
                  cellClass: 'oi-period nowrap',
                  cell: (r) => (
                    <>
                      {r.activeFrom} ~ {r.activeTo}
                    </>
                  ),
                },
              ]}
            />
          )}
          <Pager locale={locale} total={roster.total} page={page} limit={limit} href={self} compact />
        </>
      )}
    </section>
  );
}
