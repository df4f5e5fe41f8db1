/**
 * /user/operator/audit: the audit log with its filters in the URL and a CSV export of the same filter;
 * each entry reads as a sentence with a before/after table (./audit-entry.tsx).
 */
import './operator.css';
import * as v from 'valibot';
import { formatDate } from '~/lib/format';
import { getDb } from '~/server/db/client';
import { getSiteConfig } from '~/server/site-config';
import { auditNames, listAuditLog } from '../audit-log';
import { AuditEntry, eventOptions } from './audit-entry';
import { auditQuerySchema } from '../schemas';
import { Field, SelectField } from '~/ui/field';
import { DateRangeFields } from '~/ui/filter-form';
import { ConsoleCard, ConsoleTable } from './card';
import { ConsoleFilters } from './filters';
import { Pager } from '~/ui/pager';
import { ConsoleShell, withQuery } from './shell';
import { countText } from '~/lib/texts';

const DEFAULTS = v.parse(auditQuerySchema, {});
const TARGETS = ['member', 'group', 'rule', 'settings', 'product'];

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
        const names = await auditNames(db, result.list);
        const path = '/user/operator/audit';
        const events = eventOptions(tx);
        const known = !q.action || events.some((g) => g.options.some(([value]) => value === q.action));
        const filter = { actor: q.actor, action: q.action, target_type: q.target_type, target_id: q.target_id, start: q.start, end: q.end };
        const href = (page: number) => withQuery(path, { ...filter, limit: q.limit === 20 ? '' : q.limit, page: page > 1 ? page : '' });
        return (
          <>
            <ConsoleFilters tx={tx} path={path} idPrefix="oa" limit={q.limit} ok={parsed.success}>
              <Field id="oa-actor" label={tx.actor}>
                <input id="oa-actor" name="actor" defaultValue={q.actor} />
              </Field>
              <Field id="oa-action" label={tx.action}>
                <select id="oa-action" name="action" defaultValue={q.action}>
                  <option value="">{tx.log.allEvents}</option>
                  {known ? null : (
                    <option value={q.action} translate="no">
                      {q.action}
                    </option>
                  )}
                  {events.map((g) => (
                    <optgroup key={g.group} label={g.label}>
                      {g.options.map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              </Field>
              <SelectField
                id="oa-type"
                name="target_type"
                label={tx.targetType}
                value={q.target_type}
                all="—"
                options={TARGETS.map((t) => [t, tx.log.targets[t] ?? t] as const)}
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
                  <span className="muted op-count">{countText(tx, result.total)}</span>
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
                  {
                    head: tx.log.entry,
                    cell: (a) => <AuditEntry a={a} names={names} tx={tx} locale={view.locale} timeZone={view.timeZone} />,
                    cellClass: 'op-detail',
                  },
                  { head: tx.ip, cell: (a) => <span translate="no">{a.ip || '—'}</span>, cellClass: 'nowrap' },
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
