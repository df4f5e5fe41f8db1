/** /user/operator/audit: the audit log with its filters in the URL and a CSV export of the same filter. */
import './operator.css';
import * as v from 'valibot';
import { formatDate } from '~/lib/format';
import { getDb } from '~/server/db/client';
import { getSiteConfig } from '~/server/site-config';
import { listAuditLog } from '../audit-log';
import { auditQuerySchema } from '../schemas';
import { Field, SelectField } from '~/ui/field';
import { DateRangeFields } from '~/ui/filter-form';
import { ConsoleCard, ConsoleTable } from './card';
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

/** An entry's detail cell: its changes (else its other fields) and the reason given, one a line. */
function Detail({ detail, reason }: { detail: Record<string, unknown>; reason: string }) {
  const lines = changes(detail);
  return (
    <>
      {(lines.length ? lines : [summary(detail)]).filter(Boolean).map((line) => (
        <span key={line}>{line}</span>
      ))}
      {typeof detail.reason === 'string' && detail.reason ? (
        <span className="muted">
          {reason}: {detail.reason}
        </span>
      ) : null}
    </>
  );
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
              <Field id="oa-actor" label={tx.actor}>
                <input id="oa-actor" name="actor" defaultValue={q.actor} />
              </Field>
              <Field id="oa-action" label={tx.action}>
                <input id="oa-action" name="action" defaultValue={q.action} placeholder="operator.member.*" />
              </Field>
              <SelectField
                id="oa-type"
                name="target_type"
                label={tx.targetType}
                value={q.target_type}
                all="—"
                options={TARGETS.map((t) => [t, t] as const)}
              />
              <Field id="oa-id" label={tx.targetId}>
                <input id="oa-id" name="target_id" defaultValue={q.target_id} />
              </Field>
              <DateRangeFields id="oa" start={q.start} end={q.end} labels={tx} />
            </ConsoleFilters>
            <ConsoleCard
              id="oa-title"
              title={tx.titles.audit}
              actions={
                <>
                  <span className="muted op-count">{fill(tx.count, { n: result.total })}</span>
                  <a className="btn btn-ghost btn-sm" href={withQuery('/userapi/v1/operator/audit/export', filter)} download>
                    {tx.export}
                  </a>
                </>
              }
            >
              <ConsoleTable
                rows={result.list}
                empty={tx.empty}
                rowKey={(a) => a.id}
                columns={[
                  { head: tx.createdAt, cell: (a) => formatDate(a.created_at, 'YYYY-MM-DD HH:mm:ss', view.timeZone), cellClass: 'nowrap' },
                  { head: tx.actor, cell: (a) => a.actor?.username ?? '—' },
                  { head: tx.action, cell: (a) => <code>{a.action}</code> },
                  { head: tx.target, cell: (a) => (a.target_type ? `${a.target_type} #${a.target_id}` : '—'), cellClass: 'nowrap' },
                  { head: tx.detail, cell: (a) => <Detail detail={a.detail} reason={tx.reason} />, cellClass: 'op-detail' },
                  { head: tx.ip, cell: (a) => a.ip || '—', cellClass: 'nowrap' },
                ]}
              />
              <Pager locale={view.locale} total={result.total} page={q.page} limit={q.limit} href={href} />
            </ConsoleCard>
          </>
        );
      }}
    />
  );
}
