/**
 * The console's "Scheduled jobs" card (on the settings page): every job's row in `job_lease` —
 * when it last ran and on which instance, when it runs next, and its last error.
 */
import { formatDate } from '~/lib/format';
import type { Db } from '~/server/db/client';
import { type JobLease, listJobLeases } from '~/server/jobs';
import { fill, type OperatorText } from '../texts';
import { ConsoleCard, ConsoleTable } from './card';

export async function JobsCard({ db, tx, timeZone }: { db: Db; tx: OperatorText; timeZone: string }) {
  const jobs = await listJobLeases(db);
  const j = tx.jobs;
  const at = (s: number | null) => (s ? formatDate(s, 'YYYY-MM-DD HH:mm:ss', timeZone) : j.never);
  const every = (n: number) =>
    n % 3600 === 0 ? fill(j.everyHours, { n: n / 3600 }) : n % 60 === 0 ? fill(j.everyMinutes, { n: n / 60 }) : fill(j.everySeconds, { n });
  const title = (name: string) => (j.names as Record<string, string>)[name] ?? name;
  return (
    <ConsoleCard id="op-jobs" title={j.title} className="card op-jobs">
      <p className="muted">{j.lead}</p>
      <ConsoleTable<JobLease>
        rows={jobs}
        empty={j.empty}
        rowKey={(r) => r.name}
        rowAttrs={(r) => ({ 'data-job': r.name })}
        columns={[
          {
            head: j.name,
            cell: (r) => (
              <>
                <strong>{title(r.name)}</strong>
                <br />
                <code translate="no">{r.name}</code>
              </>
            ),
          },
          { head: j.every, cell: (r) => every(r.everySeconds), cellClass: 'nowrap' },
          { head: j.lastRun, cell: (r) => at(r.lastFinishedAt ?? r.lastStartedAt), cellClass: 'nowrap' },
          { head: j.nextRun, cell: (r) => (r.holder ? j.running : at(r.nextRunAt)), cellClass: 'nowrap' },
          {
            head: j.holder,
            cell: (r) => (
              <code translate="no" className="op-job-holder">
                {r.holder ?? r.lastHolder ?? '—'}
              </code>
            ),
          },
          {
            head: j.result,
            cell: (r) => (
              <>
                <span className={r.lastError ? 'op-job-error' : undefined} data-job-result>
                  {r.lastError ? fill(j.failed, { error: r.lastError }) : r.runs > 0 ? j.ok : j.never}
                </span>
                <br />
                <span className="muted">{fill(j.runs, { n: r.runs, f: r.failures })}</span>
              </>
            ),
          },
        ]}
      />
    </ConsoleCard>
  );
}
