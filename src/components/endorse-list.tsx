/**
 * The endorsement list (the member's list and the operator's queue): GET-form filters and plain page
 * links, so it needs no JavaScript.
 */
import * as v from 'valibot';
import { type EndorseListQuery, ENDORSE_PAGE_SIZES, ENDORSE_STATUSES, endorseQuerySchema } from '~/features/endorse';
import { money } from './endorse-money';
import { StatusBadge } from './endorse-status';
import { type EndorseText, fill } from './endorse-text';
import { Notice } from '~/ui/notice';
import '../styles/endorse.css';

const KINDS = ['add', 'remove', 'replace', 'correct'] as const;
/** The list's query when the address has none. */
export const ENDORSE_DEFAULTS: EndorseListQuery = { status: '', kind: '', keyword: '', start: '', end: '', page: 1, limit: 10 };

/** The list query of a raw query string; `ok: false` when a filter was invalid (defaults then). */
export function parseEndorseQuery(query: string): { q: EndorseListQuery; ok: boolean } {
  const raw = Object.fromEntries(new URLSearchParams(query));
  for (const k of ['new', 'edit', 'as_of', 'search']) delete raw[k];
  const parsed = v.safeParse(endorseQuerySchema, raw);
  return parsed.success ? { q: parsed.output, ok: true } : { q: ENDORSE_DEFAULTS, ok: false };
}

function queryString(q: EndorseListQuery, page?: number): string {
  const p = new URLSearchParams();
  for (const k of ['status', 'kind', 'keyword', 'start', 'end'] as const) if (q[k]) p.set(k, q[k]);
  if (q.limit !== 10) p.set('limit', String(q.limit));
  if (page && page > 1) p.set('page', String(page));
  return p.toString();
}

/** One row of the list, as the member list and the operator queue answer it. */
export interface EndorseListRowView {
  id: number;
  apply_no: string;
  endorse_no: string;
  policy_no: string;
  status: string;
  effective_date: string;
  in_force: boolean;
  counts: { add: number; remove: number; replace: number; correct: number };
  premium_delta: string;
  has_id_fix?: boolean;
}

/** The endorsement table with its filters and pager (member list and operator queue). */
export function EndorseList({
  path,
  detailPath,
  q,
  ok,
  result,
  text,
  withKindFilter = true,
}: {
  path: string;
  detailPath: string;
  q: EndorseListQuery;
  ok: boolean;
  result: { list: EndorseListRowView[]; total: number };
  text: EndorseText;
  withKindFilter?: boolean;
}) {
  const t = text;
  const pages = Math.max(1, Math.ceil(result.total / q.limit));
  const filtered = Boolean(q.status || q.kind || q.keyword || q.start || q.end);
  const href = (page: number) => {
    const s = queryString(q, page);
    return s ? `${path}?${s}` : path;
  };
  return (
    <div className="endorse">
      <form className="card endorse-filters" method="get" action={path} aria-label={t.filters.label}>
        <div className="field">
          <label htmlFor="en-status">{t.filters.status}</label>
          <select id="en-status" name="status" defaultValue={q.status}>
            <option value="">{t.filters.all}</option>
            {ENDORSE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t.status[s]}
              </option>
            ))}
          </select>
        </div>
        {withKindFilter ? (
          <div className="field">
            <label htmlFor="en-kind">{t.filters.kind}</label>
            <select id="en-kind" name="kind" defaultValue={q.kind}>
              <option value="">{t.filters.all}</option>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {t.kinds[k]}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="en-keyword">{t.filters.keyword}</label>
          <input id="en-keyword" name="keyword" type="search" maxLength={50} defaultValue={q.keyword} placeholder={t.filters.keywordHint} />
        </div>
        {withKindFilter ? (
          <>
            <div className="field">
              <label htmlFor="en-start">{t.filters.start}</label>
              <input id="en-start" name="start" type="date" defaultValue={q.start} />
            </div>
            <div className="field">
              <label htmlFor="en-end">{t.filters.end}</label>
              <input id="en-end" name="end" type="date" defaultValue={q.end} />
            </div>
          </>
        ) : null}
        <div className="field">
          <label htmlFor="en-limit">{t.filters.perPage}</label>
          <select id="en-limit" name="limit" defaultValue={String(q.limit)}>
            {ENDORSE_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="endorse-filter-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            {t.filters.apply}
          </button>
          <a href={path} className="btn btn-ghost btn-sm">
            {t.filters.reset}
          </a>
        </div>
      </form>
      {ok ? null : (
        <Notice kind="warning" role="status">
          <p>{t.filters.bad}</p>
        </Notice>
      )}
      <section className="card" aria-labelledby="en-title">
        <div className="card-head">
          <h2 id="en-title">{fill(t.table.count, { n: result.total })}</h2>
        </div>
        {result.list.length === 0 ? (
          <p className="endorse-empty">{filtered ? t.table.emptyFiltered : t.table.empty}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table endorse-table">
              <thead>
                <tr>
                  <th scope="col">{t.table.applyNo}</th>
                  <th scope="col">{t.table.status}</th>
                  <th scope="col">{t.table.policyNo}</th>
                  <th scope="col">{t.table.effective}</th>
                  <th scope="col">{t.table.counts}</th>
                  <th scope="col" className="num">
                    {t.table.premium}
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.list.map((r) => (
                  <tr key={r.id} data-endorse={r.apply_no}>
                    <td className="nowrap el-no">
                      <a href={`${detailPath}?id=${r.id}`}>{r.apply_no}</a>
                      {r.endorse_no ? <span className="endorse-sub">{r.endorse_no}</span> : null}
                    </td>
                    <td className="el-status">
                      <StatusBadge status={r.status} text={t} />
                      {r.in_force ? <span className="endorse-sub">{t.table.inForce}</span> : null}
                      {r.has_id_fix ? <span className="endorse-sub">{t.operator.idFix}</span> : null}
                    </td>
                    <td className="nowrap el-policy">{r.policy_no}</td>
                    <td className="nowrap el-date">{r.effective_date}</td>
                    <td className="nowrap el-counts" title={t.table.counts}>
                      +{r.counts.add} / −{r.counts.remove} / ⇄{r.counts.replace} / ✎{r.counts.correct}
                    </td>
                    <td className="num nowrap el-premium">{money(r.premium_delta)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 ? (
          <nav className="pager" aria-label={fill(t.table.page, { page: q.page, pages })}>
            {q.page > 1 ? <a href={href(q.page - 1)}>{t.table.prev}</a> : <span className="muted">{t.table.prev}</span>}
            <span>{fill(t.table.page, { page: q.page, pages })}</span>
            {q.page < pages ? <a href={href(q.page + 1)}>{t.table.next}</a> : <span className="muted">{t.table.next}</span>}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
