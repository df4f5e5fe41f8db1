/**
 * The endorsement list (the member's list and the operator's queue): GET-form filters and plain page
 * links, so it needs no JavaScript.
 */
import { type EndorseListQuery, ENDORSE_PAGE_SIZES, endorseListSchema as endorseQuerySchema } from '../schemas';
import { ENDORSE_STATUSES } from '../states';
import { yuan } from '~/lib/format';
import { StatusBadge } from './status';
import { type EndorseText, fill } from '../texts';
import { listQuery } from '~/lib/list-query';
import type { Locale } from '~/lib/types';
import { type Column, DataTable } from '~/ui/data-table';
import { Field, SelectField } from '~/ui/field';
import { DateRangeFields, FilterForm } from '~/ui/filter-form';
import { Pager } from '~/ui/pager';
import './endorse.css';

const KINDS = ['add', 'remove', 'replace', 'correct'] as const;
/** The list query ↔ URL (filters, page size, page); `new`, `edit`, `as_of` and `search` are the page's own. */
export const endorseQuery = listQuery(endorseQuerySchema, {
  status: '',
  kind: '',
  keyword: '',
  start: '',
  end: '',
  limit: 10,
  page: 1,
} as EndorseListQuery);

/** The list query of a raw query string; `ok: false` when a filter was invalid (defaults then). */
export const parseEndorseQuery = (query: string) => endorseQuery.parse(query, ['new', 'edit', 'as_of', 'search']);

/** One row of the list, as the member list and the operator queue answer it. */
export interface EndorseListRowView {
  id: number;
  apply_no: string;
  endorse_no: string;
  policy_no: string;
  status: string;
  effective_date: string;
  in_force: boolean;
  withdrawn?: boolean;
  counts: { add: number; remove: number; replace: number; correct: number };
  premium_delta: string;
  has_id_fix?: boolean;
}

/**
 * The table's columns: number (linked), status, policy, date, counts, premium change. With
 * `withdraw` (the member's list), a submitted row links to its Withdraw confirmation.
 */
function endorseColumns(t: EndorseText, detailPath: string, withdraw: boolean): Column<EndorseListRowView>[] {
  return [
    {
      head: t.table.applyNo,
      cellClass: 'nowrap el-no',
      cell: (r) => (
        <>
          <a href={`${detailPath}?id=${r.id}`}>{r.apply_no}</a>
          {r.endorse_no ? <span className="endorse-sub">{r.endorse_no}</span> : null}
        </>
      ),
    },
    {
      head: t.table.status,
      cellClass: 'el-status',
      cell: (r) => (
        <>
          <StatusBadge status={r.status} text={t} label={r.withdrawn ? t.withdraw.badge : undefined} />
          {r.in_force ? <span className="endorse-sub">{t.table.inForce}</span> : null}
          {r.has_id_fix ? <span className="endorse-sub">{t.operator.idFix}</span> : null}
          {withdraw && r.status === 'submitted' ? (
            <a
              className="endorse-sub-action"
              href={`${detailPath}?id=${r.id}&ask=withdraw`}
              aria-label={fill(t.withdraw.listAction, { apply_no: r.apply_no })}
              data-action="withdraw"
            >
              {t.withdraw.action}
            </a>
          ) : null}
        </>
      ),
    },
    { head: t.table.policyNo, cellClass: 'nowrap el-policy', cell: (r) => r.policy_no },
    { head: t.table.effective, cellClass: 'nowrap el-date', cell: (r) => r.effective_date },
    {
      head: t.table.counts,
      cellClass: 'nowrap el-counts',
      cell: (r) => (
        <span title={t.table.counts}>{`+${r.counts.add} / −${r.counts.remove} / ⇄${r.counts.replace} / ✎${r.counts.correct}`}</span>
      ),
    },
    { head: t.table.premium, headClass: 'num', cellClass: 'num nowrap el-premium', cell: (r) => yuan(r.premium_delta) },
  ];
}

/** The endorsement table with its filters and pager (member list and operator queue). */
export function EndorseList({
  path,
  detailPath,
  q,
  ok,
  result,
  text,
  locale,
  withKindFilter = true,
  withdraw = false,
}: {
  path: string;
  detailPath: string;
  q: EndorseListQuery;
  ok: boolean;
  result: { list: EndorseListRowView[]; total: number };
  text: EndorseText;
  locale: Locale;
  withKindFilter?: boolean;
  /** The member's list: submitted rows offer Withdraw. */
  withdraw?: boolean;
}) {
  const t = text;
  const filtered = Boolean(q.status || q.kind || q.keyword || q.start || q.end);
  return (
    <div className="endorse">
      <FilterForm
        action={path}
        className="endorse-filters"
        label={t.filters.label}
        actionsClass="endorse-filter-actions"
        apply={t.filters.apply}
        reset={t.filters.reset}
        invalid={ok ? undefined : t.filters.bad}
        perPage={{ id: 'en-limit', label: t.filters.perPage, value: q.limit, sizes: ENDORSE_PAGE_SIZES }}
      >
        <SelectField
          id="en-status"
          name="status"
          label={t.filters.status}
          value={q.status}
          all={t.filters.all}
          options={ENDORSE_STATUSES.map((s) => [s, t.status[s]] as const)}
        />
        {withKindFilter ? (
          <SelectField
            id="en-kind"
            name="kind"
            label={t.filters.kind}
            value={q.kind}
            all={t.filters.all}
            options={KINDS.map((k) => [k, t.kinds[k]] as const)}
          />
        ) : null}
        <Field id="en-keyword" label={t.filters.keyword}>
          <input id="en-keyword" name="keyword" type="search" maxLength={50} defaultValue={q.keyword} placeholder={t.filters.keywordHint} />
        </Field>
        {withKindFilter ? <DateRangeFields id="en" start={q.start} end={q.end} labels={t.filters} locale={locale} /> : null}
      </FilterForm>
      <section className="card" aria-labelledby="en-title">
        <div className="card-head">
          <h2 id="en-title">{fill(t.table.count, { n: result.total })}</h2>
        </div>
        {result.list.length === 0 ? (
          <p className="endorse-empty">{filtered ? t.table.emptyFiltered : t.table.empty}</p>
        ) : (
          <DataTable
            className="endorse-table"
            columns={endorseColumns(t, detailPath, withdraw)}
            rows={result.list}
            rowKey={(r) => r.id}
            rowAttrs={(r) => ({ 'data-endorse': r.apply_no })}
          />
        )}
        <Pager
          locale={locale}
          total={result.total}
          page={q.page}
          limit={q.limit}
          href={(page) => endorseQuery.href(path, q, page)}
          compact
        />
      </section>
    </div>
  );
}
