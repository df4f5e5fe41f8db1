/** An endorsement's detail (member and operator): summary, items, timeline, documents, notice; the viewer's actions. */
import { getRequestContext } from '~/server/context';
import { formatDate } from '~/lib/format';
import { Timeline, TimelineEntry } from '~/ui/timeline';
import { type EndorseDetail, ItemsTable } from './items';
import { yuan } from '~/lib/format';
import { StatusBadge } from './status';
import { EndorseSteps } from './steps';
import type { EndorseText } from '../texts';
import './endorse.css';

/**
 * Who moved an endorsement: the insurer decides without an actor (the sandbox, or a real
 * insurer's callback), an operator decides with one; every other step is the member's.
 */
function actorOf(x: { to: string; actor_id: number | null }): 'member' | 'insurer' | 'operator' {
  if (x.to === 'approved' || x.to === 'rejected') return x.actor_id === null ? 'insurer' : 'operator';
  return 'member';
}

/** The detail: summary, items with days and premium, timeline, documents, notice; the viewer's actions. */
export function EndorseDetailView({
  detail,
  text,
  timeZone,
  actions,
  policyHref,
}: {
  detail: EndorseDetail;
  text: EndorseText;
  timeZone: string;
  actions?: React.ReactNode;
  /** Where the policy number links (the member's policy page). */
  policyHref?: string;
}) {
  const t = text.detail;
  const e = detail.endorsement;
  // Cancelled after it was submitted: the member withdrew it.
  const withdrawn = e.status === 'cancelled' && e.submitted_at !== null;
  return (
    <div className="endorse-detail" data-status={e.status} data-withdrawn={withdrawn || undefined}>
      <EndorseSteps detail={detail} text={text} timeZone={timeZone} />
      <section className="card" aria-labelledby="ed-summary">
        <div className="card-head">
          <h2 id="ed-summary">
            {e.apply_no} <StatusBadge status={e.status} text={text} label={withdrawn ? text.withdraw.badge : undefined} />
          </h2>
        </div>
        <dl className="endorse-facts">
          {e.endorse_no ? (
            <>
              <dt>{text.table.endorseNo}</dt>
              <dd data-endorse-no>{e.endorse_no}</dd>
            </>
          ) : null}
          <dt>{t.policy}</dt>
          <dd>
            {policyHref ? <a href={policyHref}>{e.policy_no}</a> : e.policy_no}
            {e.policy
              ? ` · ${getRequestContext().locale === 'en' ? e.policy.plan_name_en : e.policy.plan_name} · ${e.policy.start_date} – ${e.policy.end_date}`
              : ''}
          </dd>
          <dt>{t.effective}</dt>
          <dd>{e.effective_date}</dd>
          <dt>{t.days}</dt>
          <dd>
            {detail.totals.days} / {detail.totals.period_days}
          </dd>
          <dt>{t.delta}</dt>
          <dd className="nowrap">{yuan(detail.totals.premium_delta)}</dd>
          <dt>{t.charged}</dt>
          <dd>{yuan(e.charged)}</dd>
          <dt>{t.refunded}</dt>
          <dd>{yuan(e.refunded)}</dd>
          {e.remark ? (
            <>
              <dt>{t.remark}</dt>
              <dd>{e.remark}</dd>
            </>
          ) : null}
          {e.reason ? (
            <>
              <dt>{t.reason}</dt>
              <dd>{e.reason}</dd>
            </>
          ) : null}
        </dl>
        <div className="endorse-form-actions">
          {detail.notice_url ? (
            <a className="btn btn-primary" href={detail.notice_url} download data-action="notice">
              {t.notice}
            </a>
          ) : null}
          {actions}
        </div>
      </section>
      <section className="card" aria-labelledby="ed-items">
        <h2 id="ed-items">{text.add.items}</h2>
        <ItemsTable detail={detail} text={text} editable={false} />
      </section>
      <section className="card" aria-labelledby="ed-time">
        <h2 id="ed-time">{t.timeline}</h2>
        <Timeline className="endorse-timeline" events={detail.timeline} eventKey={(x) => `${x.to}-${x.created_at}`}>
          {(x) => (
            <TimelineEntry
              title={
                <StatusBadge
                  status={x.to}
                  text={text}
                  label={x.from === 'submitted' && x.to === 'cancelled' ? text.withdraw.badge : undefined}
                />
              }
              who={t.actor[actorOf(x)]}
              when={formatDate(x.created_at, 'YYYY-MM-DD HH:mm', timeZone)}
              note={x.note && x.note !== 'sandbox' ? x.note : null}
            />
          )}
        </Timeline>
      </section>
      <section className="card" aria-labelledby="ed-docs">
        <h2 id="ed-docs">{text.add.documents}</h2>
        {detail.documents.length ? (
          <ul>
            {detail.documents.map((d) => (
              <li key={d.id}>
                {text.add.docKinds[d.kind as keyof typeof text.add.docKinds] ?? d.kind}: {d.name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t.noDocuments}</p>
        )}
      </section>
    </div>
  );
}
