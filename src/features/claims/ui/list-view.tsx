/**
 * A claims table with its GET-form filters (status, type, keyword, report-day range, page size)
 * and plain page links, so filters and page live in the URL and work without JavaScript. The
 * member list (team scope, newest first) and the operator queue (oldest first, counts per
 * status) share it. Reads the domain functions directly (pages never call the API over HTTP).
 */
import { CLAIM_PAGE_SIZES, CLAIM_STATUSES, CLAIM_TYPES, type ClaimListQuery, type ClaimStatus, claimListSchema } from '../schemas';
import type { ClaimListItem } from '../queries';
import { formatDate, formatMoney } from '~/lib/format';
import { listQuery } from '~/lib/list-query';
import type { Locale } from '~/lib/types';
import { ClaimStatusBadge } from './status';
import { type claimText, claimMessage, fill } from '../texts';
import { Notice } from '~/ui/notice';
import { DataTable } from '~/ui/data-table';
import { Pager } from '~/ui/pager';

export const CLAIM_LIST_DEFAULTS: ClaimListQuery = { status: '', type: '', keyword: '', start: '', end: '', page: 1, limit: 10 };

/** The claim lists' query ↔ URL (filters, page size, page); `?new=1` opens the wizard, not a filter. */
const claimsQuery = listQuery(claimListSchema, CLAIM_LIST_DEFAULTS);

/** The list query of a raw query string; `ok: false` when a filter was invalid (defaults then). */
export const parseClaimQuery = (query: string) => claimsQuery.parse(query, ['new']);

/** The filters as a query string (page optional), for page links and the export link. */
export const claimQueryString = claimsQuery.toQuery;

const href = claimsQuery.href;

export interface ClaimListProps {
  path: string;
  /** Where a row links: `/user/claim/detail` or `/user/operator/claimDetail`. */
  detailPath: string;
  q: ClaimListQuery;
  ok: boolean;
  result: { list: ClaimListItem[]; total: number; counts?: Record<ClaimStatus, number> };
  locale: Locale;
  c: ReturnType<typeof claimText>;
  timeZone: string;
  /** Shown in the empty state (e.g. the Report link). */
  empty?: React.ReactNode;
}

export function ClaimList({ path, detailPath, q, ok, result, locale, c, timeZone, empty }: ClaimListProps) {
  const m = (k: string) => claimMessage(locale, k);
  const filtered = Boolean(q.status || q.type || q.keyword || q.start || q.end);
  return (
    <div className="claims">
      {result.counts ? (
        <nav className="claim-counts" aria-label={c.operator.counts}>
          <a className={`badge${q.status ? '' : ' is-current'}`} href={path}>
            {c.operator.open}:{' '}
            {CLAIM_STATUSES.filter((s) => ['reported', 'reviewing', 'need_documents', 'approved'].includes(s)).reduce(
              (n, s) => n + (result.counts?.[s] ?? 0),
              0,
            )}
          </a>
          {CLAIM_STATUSES.map((s) => (
            <a
              key={s}
              className={`badge claim-status claim-status-${s}${q.status === s ? ' is-current' : ''}`}
              href={`${path}?status=${s}`}
            >
              {m(`claim.statuses.${s}`)}: {result.counts?.[s] ?? 0}
            </a>
          ))}
        </nav>
      ) : null}
      <form className="card list-filters claim-filters" method="get" action={path} aria-label={c.filters.label}>
        <div className="field">
          <label htmlFor="cl-status">{c.filters.status}</label>
          <select id="cl-status" name="status" defaultValue={q.status}>
            <option value="">{c.filters.all}</option>
            {CLAIM_STATUSES.map((s) => (
              <option key={s} value={s}>
                {m(`claim.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="cl-type">{c.filters.type}</label>
          <select id="cl-type" name="type" defaultValue={q.type}>
            <option value="">{c.filters.all}</option>
            {CLAIM_TYPES.map((s) => (
              <option key={s} value={s}>
                {m(`claim.types.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="cl-keyword">{c.filters.keyword}</label>
          <input id="cl-keyword" name="keyword" type="search" maxLength={50} defaultValue={q.keyword} placeholder={c.filters.keywordHint} />
        </div>
        <div className="field">
          <label htmlFor="cl-start">{c.filters.start}</label>
          <input id="cl-start" name="start" type="date" defaultValue={q.start} />
        </div>
        <div className="field">
          <label htmlFor="cl-end">{c.filters.end}</label>
          <input id="cl-end" name="end" type="date" defaultValue={q.end} />
        </div>
        <div className="field">
          <label htmlFor="cl-limit">{c.filters.perPage}</label>
          <select id="cl-limit" name="limit" defaultValue={String(q.limit)}>
            {CLAIM_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="list-filter-actions claim-filter-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            {c.filters.apply}
          </button>
          <a href={path} className="btn btn-ghost btn-sm">
            {c.filters.reset}
          </a>
        </div>
      </form>
      {ok ? null : (
        <Notice kind="warning" role="status">
          <p>{c.filters.bad}</p>
        </Notice>
      )}
      <section className="card" aria-labelledby="cl-title">
        <div className="card-head">
          <h2 id="cl-title">{fill(c.table.count, { n: result.total })}</h2>
        </div>
        {result.list.length === 0 ? (
          <div className="claim-empty">
            <p>{result.total > 0 ? c.table.pastEnd : filtered ? c.table.emptyFiltered : c.table.empty}</p>
            {result.total === 0 && !filtered ? empty : null}
          </div>
        ) : (
          <DataTable
            className="claim-table"
            rows={result.list}
            rowKey={(r) => r.id}
            rowAttrs={(r) => ({ 'data-claim': r.claim_no })}
            columns={[
              {
                head: c.table.claimNo,
                cellClass: 'cl-no nowrap',
                cell: (r) => (
                  <>
                    <a className="claim-no" href={`${detailPath}?id=${r.id}`}>
                      {r.claim_no}
                    </a>
                    <span className="claim-sub">{formatDate(r.created_at, 'YYYY-MM-DD HH:mm', timeZone)}</span>
                  </>
                ),
              },
              { head: c.table.status, cellClass: 'cl-status', cell: (r) => <ClaimStatusBadge status={r.status} locale={locale} /> },
              { head: c.table.insured, cellClass: 'cl-who', cell: (r) => r.insured_name },
              { head: c.table.type, cellClass: 'cl-type nowrap', cell: (r) => m(`claim.types.${r.type}`) },
              { head: c.table.policyNo, cellClass: 'cl-policy nowrap', cell: (r) => r.policy_no },
              { head: c.table.accidentDate, cellClass: 'cl-when nowrap', cell: (r) => r.accident_date },
              {
                head: (
                  <>
                    {c.table.estimated} / {c.table.approved}
                  </>
                ),
                headClass: 'num',
                cellClass: 'cl-amount num nowrap',
                cell: (r) => (
                  <>
                    ¥{formatMoney(r.estimated_amount)}
                    {r.approved_amount ? <span className="claim-sub">¥{formatMoney(r.approved_amount)}</span> : null}
                  </>
                ),
              },
              {
                head: <span className="sr-only">{c.table.view}</span>,
                cellClass: 'cl-view nowrap',
                cell: (r) => (
                  <a href={`${detailPath}?id=${r.id}`} className="btn btn-ghost btn-sm" aria-label={`${c.table.view} ${r.claim_no}`}>
                    {c.table.view}
                  </a>
                ),
              },
            ]}
          />
        )}
        <Pager locale={locale} total={result.total} page={q.page} limit={q.limit} href={(p) => href(path, q, p)} />
      </section>
    </div>
  );
}
