/**
 * A member's balance or points ledger as a server-rendered table: filters (day range, kind, page
 * size) in a GET form and pages as links (Waku's, with the progress bar; plain hrefs without
 * JavaScript), so the page and filters live in the URL. A CSV export of the filtered entries, and
 * a loading placeholder for the Suspense boundary. Reads the ledger directly (pages never call the
 * API over HTTP).
 */
import * as v from 'valibot';
import { NavAnchor } from '~/ui/nav-anchor';
import { Notice } from '~/ui/notice';
import { StaticRegion } from '~/ui/static-region';
import {
  describeEntry,
  LEDGER_KINDS,
  LEDGER_PAGE_SIZES,
  type Ledger,
  type LedgerQuery,
  ledgerQuerySchema,
  listLedger,
  visibleReference,
} from '~/features/ledger';
import { formatDate, formatMoney } from '~/lib/format';
import type { Translator } from '~/lib/i18n';
import { fenToYuan } from '~/lib/money';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import '../styles/account.css';

const DEFAULTS: LedgerQuery = { page: 1, limit: 10, start: '', end: '', kind: '' };

export interface LedgerListProps {
  ledger: Ledger;
  /** The page's path, e.g. `/user/account/balance`. */
  path: string;
  /** The raw query string of the request. */
  query: string;
  t: Translator;
  timeZone: string;
  siteTimeZone: string;
}

/** The CSV export of the same filters (an API download, not a page: a plain link). */
function exportHref(ledger: Ledger, q: LedgerQuery): string {
  const p = new URLSearchParams();
  if (q.start) p.set('start', q.start);
  if (q.end) p.set('end', q.end);
  if (q.kind) p.set('kind', q.kind);
  const s = p.toString();
  return `/userapi/v1/account/${ledger === 'money' ? 'balance' : 'integral'}/export${s ? `?${s}` : ''}`;
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

function href(path: string, q: LedgerQuery, page: number): string {
  const p = new URLSearchParams();
  if (q.start) p.set('start', q.start);
  if (q.end) p.set('end', q.end);
  if (q.kind) p.set('kind', q.kind);
  if (q.limit !== DEFAULTS.limit) p.set('limit', String(q.limit));
  if (page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

export async function LedgerList({ ledger, path, query, t, timeZone, siteTimeZone }: LedgerListProps) {
  const { session, locale } = getRequestContext();
  if (!session) return null;
  const raw = Object.fromEntries(new URLSearchParams(query));
  const parsed = v.safeParse(ledgerQuerySchema, raw);
  const q = parsed.success ? parsed.output : DEFAULTS;
  const result = await listLedger(getDb(), ledger, session.userId, q, siteTimeZone);
  const pages = Math.max(1, Math.ceil(result.total / q.limit));
  const show = (n: number) => (ledger === 'money' ? formatMoney(fenToYuan(n)) : String(n));
  const signed = (n: number) => (n > 0 ? `+${show(n)}` : show(n));
  const none = t('None');
  return (
    // No islands (a GET form, links, a table): one static region, rendered once and not hydrated.
    <StaticRegion id="ledger-list" className="ledger">
      <form className="card ledger-filters" method="get" action={path} aria-label={t('ledger.filters')}>
        <div className="field">
          <label htmlFor="lg-start">{t('ledger.start')}</label>
          <input id="lg-start" name="start" type="date" defaultValue={q.start} />
        </div>
        <div className="field">
          <label htmlFor="lg-end">{t('ledger.end')}</label>
          <input id="lg-end" name="end" type="date" defaultValue={q.end} />
        </div>
        <div className="field">
          <label htmlFor="lg-kind">{t('ledger.kind')}</label>
          <select id="lg-kind" name="kind" defaultValue={q.kind}>
            <option value="">{t('ledger.allKinds')}</option>
            {LEDGER_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`ledger.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lg-limit">{t('ledger.perPage')}</label>
          <select id="lg-limit" name="limit" defaultValue={String(q.limit)}>
            {LEDGER_PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="ledger-filter-actions">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('ledger.apply')}
          </button>
          <NavAnchor to={path} className="btn btn-ghost btn-sm" match="none">
            {t('ledger.reset')}
          </NavAnchor>
        </div>
      </form>
      {parsed.success ? null : (
        <Notice kind="warning" role="status">
          <p>{t('ledger.badFilters')}</p>
        </Notice>
      )}
      <section className="card ledger-card" aria-labelledby="lg-title">
        <div className="card-head ledger-head">
          <h2 id="lg-title">{t('ledger.entries')}</h2>
          <p className="ledger-totals">
            <span>{t('ledger.count', { n: result.total })}</span>
            <span>
              {t('ledger.sum')} <strong className={result.sum < 0 ? 'amount-out' : 'amount-in'}>{signed(result.sum)}</strong>
            </span>
          </p>
          {result.total > 0 ? (
            <a className="btn btn-ghost btn-sm ledger-export" href={exportHref(ledger, q)} download>
              {t('ledger.export')}
            </a>
          ) : null}
        </div>
        {result.list.length === 0 ? (
          <p className="ledger-empty">{result.total === 0 ? t('ledger.empty') : t('ledger.pastEnd')}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('ledger.time')}</th>
                  <th scope="col">{t('ledger.kind')}</th>
                  <th scope="col" className="num">
                    {t('ledger.amount')}
                  </th>
                  <th scope="col" className="num">
                    {t('ledger.after')}
                  </th>
                  <th scope="col">{t('ledger.memo')}</th>
                </tr>
              </thead>
              <tbody>
                {result.list.map((e) => (
                  <tr key={e.id}>
                    <td className="nowrap lg-time">{formatDate(e.createdAt, 'YYYY-MM-DD HH:mm', timeZone, { none })}</td>
                    <td className="nowrap lg-kind">{t(`ledger.kinds.${e.kind}`)}</td>
                    <td className={`num nowrap lg-amount ${e.amount < 0 ? 'amount-out' : 'amount-in'}`}>{signed(e.amount)}</td>
                    <td className="num nowrap lg-after" data-label={t('ledger.after')} title={`${show(e.before)} → ${show(e.after)}`}>
                      {show(e.after)}
                    </td>
                    <td className="lg-memo">
                      {describeEntry(locale, e) || none}
                      {visibleReference(e.reference) ? <span className="ledger-ref">{visibleReference(e.reference)}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {result.total > 0 ? (
          <nav className="pager" aria-label={t('ledger.pages')}>
            {q.page > 1 ? (
              <NavAnchor className="btn btn-ghost btn-sm" to={href(path, q, Math.min(q.page - 1, pages))} match="none">
                {t('ledger.prev')}
              </NavAnchor>
            ) : (
              <span className="btn btn-ghost btn-sm is-disabled" aria-disabled="true">
                {t('ledger.prev')}
              </span>
            )}
            <span className="pager-status">{t('ledger.pageOf', { page: q.page, pages })}</span>
            {q.page < pages ? (
              <NavAnchor className="btn btn-ghost btn-sm" to={href(path, q, q.page + 1)} match="none">
                {t('ledger.next')}
              </NavAnchor>
            ) : (
              <span className="btn btn-ghost btn-sm is-disabled" aria-disabled="true">
                {t('ledger.next')}
              </span>
            )}
          </nav>
        ) : null}
      </section>
    </StaticRegion>
  );
}
