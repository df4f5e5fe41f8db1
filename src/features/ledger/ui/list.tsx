/**
 * A member's balance or points ledger as a server-rendered table: filters (day range, kind, page
 * size) in a GET form and pages as links (Waku's, with the progress bar; plain hrefs without
 * JavaScript), so the page and filters live in the URL. A CSV export of the filtered entries, and
 * a loading placeholder for the Suspense boundary. Reads the ledger directly (pages never call the
 * API over HTTP).
 */
import { formatDate, formatMoney } from '~/lib/format';
import { listQuery } from '~/lib/list-query';
import { fenToYuan } from '~/lib/money';
import { countText } from '~/lib/texts';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { DataTable } from '~/ui/data-table';
import { NavAnchor } from '~/ui/nav-anchor';
import { SelectField } from '~/ui/field';
import { DateRangeFields } from '~/ui/filter-form';
import { Notice } from '~/ui/notice';
import { Pager } from '~/ui/pager';
import { StaticRegion } from '~/ui/static-region';
import { describeEntry, entryData, visibleReference } from '../describe';
import { DataText } from '~/ui/data-text';
import { LEDGER_KINDS, LEDGER_PAGE_SIZES, type LedgerQuery, ledgerQuerySchema } from '../schemas';
import { type Ledger, listLedger } from '../service';
import { ledgerText } from '../texts';
import './ledger.css';

/** The list query ↔ URL (day range, kind, page size, page). */
const ledgerQuery = listQuery(ledgerQuerySchema, { start: '', end: '', kind: '', limit: 10, page: 1 } as LedgerQuery);

export interface LedgerListProps {
  ledger: Ledger;
  /** The page's path, e.g. `/user/account/balance`. */
  path: string;
  /** The raw query string of the request. */
  query: string;
  /** What an empty value reads as (the common `None`). */
  none: string;
  timeZone: string;
  siteTimeZone: string;
}

/** The CSV export of the same filters (an API download, not a page: a plain link). */
function exportHref(ledger: Ledger, q: LedgerQuery): string {
  return ledgerQuery.href(`/userapi/v1/account/${ledger === 'money' ? 'balance' : 'integral'}/export`, {
    ...q,
    limit: ledgerQuery.defaults.limit,
  });
}

/** What shows while the list streams in (Suspense fallback). */
export function LedgerLoading({ label }: { label: string }) {
  return (
    <div className="card ledger-loading" role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <span aria-hidden="true" />
      <span aria-hidden="true" />
      <span aria-hidden="true" />
      <span aria-hidden="true" />
    </div>
  );
}

export async function LedgerList({ ledger, path, query, none, timeZone, siteTimeZone }: LedgerListProps) {
  const { session, locale } = getRequestContext();
  if (!session) return null;
  const { q, ok } = ledgerQuery.parse(query);
  const t = ledgerText(locale)[ledger];
  const result = await listLedger(getDb(), ledger, session.userId, q, siteTimeZone);
  const show = (n: number) => (ledger === 'money' ? formatMoney(fenToYuan(n)) : String(n));
  const signed = (n: number) => (n > 0 ? `+${show(n)}` : show(n));
  return (
    // The filters hold the date fields (islands); the list (links, a table) is one static region,
    // rendered once and not hydrated.
    <div className="ledger">
      <form className="card list-filters ledger-filters" method="get" action={path} aria-label={t.filters}>
        <DateRangeFields id="lg" start={q.start} end={q.end} labels={t} locale={locale} />
        <SelectField
          id="lg-kind"
          name="kind"
          label={t.kind}
          value={q.kind}
          all={t.allKinds}
          options={LEDGER_KINDS.map((k) => [k, t.kinds[k]] as const)}
        />
        <SelectField id="lg-limit" name="limit" label={t.perPage} value={q.limit} options={LEDGER_PAGE_SIZES.map((n) => [n, n] as const)} />
        <div className="list-filter-actions ledger-filter-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            {t.apply}
          </button>
          <NavAnchor to={path} className="btn btn-ghost btn-sm" match="none">
            {t.reset}
          </NavAnchor>
        </div>
      </form>
      {ok ? null : (
        <Notice kind="warning" role="status">
          <p>{t.badFilters}</p>
        </Notice>
      )}
      <StaticRegion id="ledger-list" className="ledger">
        <section className="card ledger-card" aria-labelledby="lg-title">
          <div className="card-head ledger-head">
            <h2 id="lg-title">{t.entries}</h2>
            <p className="ledger-totals">
              <span>{countText(t, result.total)}</span>
              <span>
                {t.sum} <strong className={result.sum < 0 ? 'amount-out' : 'amount-in'}>{signed(result.sum)}</strong>
              </span>
            </p>
            {result.total > 0 ? (
              <a className="btn btn-ghost btn-sm ledger-export" href={exportHref(ledger, q)} download>
                {t.export}
              </a>
            ) : null}
          </div>
          {result.list.length === 0 ? (
            <p className="ledger-empty">{result.total === 0 ? t.empty : t.pastEnd}</p>
          ) : (
            <DataTable
              columns={[
                {
                  head: t.time,
                  cellClass: 'nowrap lg-time',
                  cell: (e) => formatDate(e.createdAt, 'YYYY-MM-DD HH:mm', timeZone, { none }),
                },
                { head: t.kind, cellClass: 'nowrap lg-kind', cell: (e) => t.kinds[e.kind] },
                {
                  head: t.amount,
                  headClass: 'num',
                  cellClass: (e) => `num nowrap lg-amount ${e.amount < 0 ? 'amount-out' : 'amount-in'}`,
                  cell: (e) => signed(e.amount),
                },
                {
                  head: t.after,
                  label: t.after,
                  headClass: 'num',
                  cellClass: 'num nowrap lg-after',
                  cell: (e) => <span title={`${show(e.before)} → ${show(e.after)}`}>{show(e.after)}</span>,
                },
                {
                  head: t.memo,
                  cellClass: 'lg-memo',
                  cell: (e) => (
                    <>
                      {describeEntry(locale, e) ? <DataText text={describeEntry(locale, e)} values={entryData(e)} /> : none}
                      {visibleReference(e.reference) ? <span className="ledger-ref">{visibleReference(e.reference)}</span> : null}
                    </>
                  ),
                },
              ]}
              rows={result.list}
              rowKey={(e) => e.id}
            />
          )}
          <Pager locale={locale} total={result.total} page={q.page} limit={q.limit} href={(page) => ledgerQuery.href(path, q, page)} nav />
        </section>
      </StaticRegion>
    </div>
  );
}
