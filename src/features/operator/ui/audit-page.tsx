/** /user/operator/audit: the audit log with its filters in the URL and a CSV export of the same filter. */
import './operator.css';
import * as v from 'valibot';
import { formatDate } from '~/lib/format';
import { getDb } from '~/server/db/client';
import { getSiteConfig } from '~/server/site-config';
import { listAuditLog } from '../audit-log';
import { auditQuerySchema } from '../schemas';
import { DateRangeFields } from '~/ui/filter-form';
import { ConsoleFilters } from './filters';
import { Pager } from '~/ui/pager';
import { ConsoleShell, withQuery } from './shell';
import { fill } from '../texts';

const DEFAULTS = v.parse(auditQuerySchema, {});
const TARGETS = ['member', 'group', 'rule', 'settings'];

/** before → after of an entry, one changed key a line. */
function changes(detail: Record<string, unknown>): string[] {
  const before = (detail.before ?? {}) as Record<string, unknown> | null;
  const after = (detail.after ?? {}) as Record<string, unknown> | null;
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const show = (x: unknown) => (x === undefined ? '—' : typeof x === 'string' ? x : JSON.stringify(x));
  const out: string[] = [];
  for (const k of keys) {
    const a = before?.[k];
    const b = after?.[k];
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${k}: ${show(a)} → ${show(b)}`);
  }
  return out;
}

/** The other detail fields of an entry without before/after (e.g. `auth.login`), short. */
function summary(detail: Record<string, unknown>): string {
  const { before: _b, after: _a, reason: _r, ...rest } = detail;
  const text = Object.keys(rest).length ? JSON.stringify(rest) : '';
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

export function AuditPage({ query = '' }: { query?: string }) {
  return (
    <ConsoleShell
      page="audit"
      query={query}
      render={async ({ tx, params, view }) => {
        const db = getDb();
        const parsed = v.safeParse(auditQuerySchema, params);
        const q = parsed.success ? parsed.output : DEFAULTS;
        const { site } = await getSiteConfig(db);
        const result = await listAuditLog(db, q, site.timezone);
        const path = '/user/operator/audit';
        const filter = { actor: q.actor, action: q.action, target_type: q.target_type, target_id: q.target_id, start: q.start, end: q.end };
        const href = (page: number) => withQuery(path, { ...filter, limit: q.limit === 20 ? '' : q.limit, page: page > 1 ? page : '' });
        return (
          <>
            <ConsoleFilters tx={tx} path={path} idPrefix="oa" limit={q.limit} ok={parsed.success}>
              <div className="field">
                <label htmlFor="oa-actor">{tx.actor}</label>
                <input id="oa-actor" name="actor" defaultValue={q.actor} />
              </div>
              <div className="field">
                <label htmlFor="oa-action">{tx.action}</label>
                <input id="oa-action" name="action" defaultValue={q.action} placeholder="operator.member.*" />
              </div>
              <div className="field">
                <label htmlFor="oa-type">{tx.targetType}</label>
                <select id="oa-type" name="target_type" defaultValue={q.target_type}>
                  <option value="">—</option>
                  {TARGETS.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="oa-id">{tx.targetId}</label>
                <input id="oa-id" name="target_id" defaultValue={q.target_id} />
              </div>
              <DateRangeFields id="oa" start={q.start} end={q.end} labels={tx} />
            </ConsoleFilters>
            <section className="card" aria-labelledby="oa-title">
              <div className="card-head">
                <h2 id="oa-title">{tx.titles.audit}</h2>
                <span className="muted op-count">{fill(tx.count, { n: result.total })}</span>
                <a className="btn btn-ghost btn-sm" href={withQuery('/userapi/v1/operator/audit/export', filter)} download>
                  {tx.export}
                </a>
              </div>
              {result.list.length === 0 ? (
                <p className="op-empty">{tx.empty}</p>
              ) : (
                <div className="table-scroll">
                  <table className="data-table op-table">
                    <thead>
                      <tr>
                        <th scope="col">{tx.createdAt}</th>
                        <th scope="col">{tx.actor}</th>
                        <th scope="col">{tx.action}</th>
                        <th scope="col">{tx.target}</th>
                        <th scope="col">{tx.detail}</th>
                        <th scope="col">{tx.ip}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {result.list.map((a) => (
                        <tr key={a.id}>
                          <td className="nowrap" data-label={tx.createdAt}>
                            {formatDate(a.created_at, 'YYYY-MM-DD HH:mm:ss', view.timeZone)}
                          </td>
                          <td data-label={tx.actor}>{a.actor?.username ?? '—'}</td>
                          <td data-label={tx.action}>
                            <code>{a.action}</code>
                          </td>
                          <td className="nowrap" data-label={tx.target}>
                            {a.target_type ? `${a.target_type} #${a.target_id}` : '—'}
                          </td>
                          <td data-label={tx.detail} className="op-detail">
                            {(changes(a.detail).length ? changes(a.detail) : [summary(a.detail)]).filter(Boolean).map((line) => (
                              <span key={line}>{line}</span>
                            ))}
                            {typeof a.detail.reason === 'string' && a.detail.reason ? (
                              <span className="muted">
                                {tx.reason}: {a.detail.reason}
                              </span>
                            ) : null}
                          </td>
                          <td className="nowrap" data-label={tx.ip}>
                            {a.ip || '—'}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <Pager locale={view.locale} total={result.total} page={q.page} limit={q.limit} href={href} />
            </section>
          </>
        );
      }}
    />
  );
}
