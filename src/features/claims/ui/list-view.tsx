/**
 * A claims table with its GET-form filters (status, type, keyword, report-day range, page size)
 * and plain page links, so filters and page live in the URL and work without JavaScript. The
 * member list (team scope, newest first) and the operator queue (oldest first, counts per
 * status) share it. Reads the domain functions directly (pages never call the API over HTTP).
 */
import { countText } from '~/lib/texts';
import { CLAIM_PAGE_SIZES, CLAIM_STATUSES, CLAIM_TYPES, type ClaimListQuery, type ClaimStatus, claimListSchema } from '../schemas';
import type { ClaimListItem } from '../queries';
import { formatDate, formatMoney } from '~/lib/format';
import { listQuery } from '~/lib/list-query';
import { ClaimStatusBadge } from './status';
import { type ClaimText, claimMessage } from '../texts';
import type { PortalView } from '~/server/portal';
import { Field, SelectField } from '~/ui/field';
import { DateRangeFields, FilterForm } from '~/ui/filter-form';
import { DataTable } from '~/ui/data-table';
import { Pager } from '~/ui/pager';
import { StatusTabs } from '~/ui/status-tabs';

export const CLAIM_LIST_DEFAULTS: ClaimListQuery = { status: '', type: '', keyword: '', start: '', end: '', page: 1, limit: 10 };

/** The claim lists' query ↔ URL (filters, page size, page); `?new=1` opens the wizard, not a filter. */
const claimsQuery = listQuery(claimListSchema, CLAIM_LIST_DEFAULTS);

/** The list query of a raw query string; `ok: false` when a filter was invalid (defaults then). */
export const parseClaimQuery = (query: string) => claimsQuery.parse(query, ['new']);

/** The filters as a query string (page optional), for page links and the export link. */
export const claimQueryString = claimsQuery.toQuery;

const href = claimsQuery.href;

/** A claim list's page: its rows, the total, and (the operator's queue) the counts per status. */
export interface ClaimListResult {
  list: ClaimListItem[];
  total: number;
  counts?: Record<ClaimStatus, number>;
  /** How many claims the filters but the status find in each status (the member list's status tabs). */
  tabs?: Record<string, number>;
}

/** Status tabs always shown (the others only when the filters find claims in them). */
const MAIN_TABS: readonly string[] = ['need_documents', 'reviewing', 'paid'];

/** The member's list and the operator's queue: where each lives and where its rows link. */
const LISTS = {
  member: { path: '/user/claim/list', detailPath: '/user/claim/detail' },
  operator: { path: '/user/operator/claims', detailPath: '/user/operator/claimDetail' },
} as const;

export interface ClaimListProps {
  list: keyof typeof LISTS;
  /** The page's raw query string (filters, page size, page). */
  query: string;
  /** Reads the page of claims the filters ask for. */
  load: (q: ClaimListQuery) => Promise<ClaimListResult>;
  view: PortalView;
  c: ClaimText;
  /** Shown in the empty state (e.g. the Report link). */
  empty?: React.ReactNode;
}

export async function ClaimList({ list, query, load, view, c, empty }: ClaimListProps) {
  const { path, detailPath } = LISTS[list];
  const { locale, timeZone } = view;
  const { q, ok } = parseClaimQuery(query);
  const result = await load(q);
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
      {result.tabs ? (
        <StatusTabs
          label={c.table.tabs}
          current={q.status}
          href={(status) => href(path, { ...q, status: status as ClaimListQuery['status'] })}
          tabs={[
            { value: '', label: c.filters.all, count: Object.values(result.tabs).reduce((n, k) => n + k, 0) },
            ...CLAIM_STATUSES.filter((s) => MAIN_TABS.includes(s) || result.tabs?.[s] || q.status === s).map((s) => ({
              value: s,
              label: m(`claim.statuses.${s}`),
              count: result.tabs?.[s] ?? 0,
            })),
          ]}
        />
      ) : null}
      <FilterForm
        action={path}
        className="claim-filters"
        label={c.filters.label}
        actionsClass="claim-filter-actions"
        apply={c.filters.apply}
        reset={c.filters.reset}
        invalid={ok ? undefined : c.filters.bad}
        perPage={{ id: 'cl-limit', label: c.filters.perPage, value: q.limit, sizes: CLAIM_PAGE_SIZES }}
      >
        <SelectField
          id="cl-status"
          name="status"
          label={c.filters.status}
          value={q.status}
          all={c.filters.all}
          options={CLAIM_STATUSES.map((s) => [s, m(`claim.statuses.${s}`)] as const)}
        />
        <SelectField
          id="cl-type"
          name="type"
          label={c.filters.type}
          value={q.type}
          all={c.filters.all}
          options={CLAIM_TYPES.map((s) => [s, m(`claim.types.${s}`)] as const)}
        />
        <Field id="cl-keyword" label={c.filters.keyword}>
          <input id="cl-keyword" name="keyword" type="search" maxLength={50} defaultValue={q.keyword} placeholder={c.filters.keywordHint} />
        </Field>
        <DateRangeFields id="cl" start={q.start} end={q.end} labels={c.filters} />
      </FilterForm>
      <section className="card" aria-labelledby="cl-title">
        <div className="card-head">
          <h2 id="cl-title">{countText(c.table, result.total)}</h2>
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
              { head: c.table.insured, cellClass: 'cl-who', cell: (r) => <span translate="no">{r.insured_name}</span> },
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
                head: <span className="sr-only">{c.table.actions}</span>,
                cellClass: 'cl-view nowrap',
                cell: (r) => (
                  <span className="claim-row-actions">
                    {list === 'member' && r.status === 'need_documents' ? (
                      <a
                        href={`${detailPath}?id=${r.id}#cd-docs`}
                        className="btn btn-primary btn-sm"
                        data-action="upload"
                        aria-label={`${c.table.upload} ${r.claim_no}`}
                      >
                        {c.table.upload}
                      </a>
                    ) : null}
                    <a href={`${detailPath}?id=${r.id}`} className="btn btn-ghost btn-sm" aria-label={`${c.table.view} ${r.claim_no}`}>
                      {c.table.view}
                    </a>
                  </span>
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
