/**
 * One claim for its member or a reviewer: the summary, the document checklist per kind (missing /
 * uploaded / requested with the reviewer's note; the member uploads and removes while allowed) and
 * the timeline. The actions column is given by the page (member or operator).
 */
import type { ReactNode } from 'react';
import type { ClaimDetail } from '../queries';
import { ClaimDocumentUpload } from './document-upload';
import { ApiButton } from '~/ui/api-button';
import { formatDate, yuan } from '~/lib/format';
import type { Locale } from '~/lib/types';
import { fileSizeText } from '~/lib/upload-checks';
import type { UploadFieldProps } from '~/features/upload/ui';
import { ClaimStatusBadge } from './status';
import { ClaimSteps } from './steps';
import { Timeline, TimelineEntry } from '~/ui/timeline';
import { type claimText, claimMessage } from '../texts';

export interface ClaimDetailViewProps {
  detail: ClaimDetail;
  locale: Locale;
  c: ReturnType<typeof claimText>;
  timeZone: string;
  /** The member may add and remove documents now (upload islands shown). */
  editable: boolean;
  uploadRules?: UploadFieldProps['rules'];
  /** Extra rows of the summary (the operator sees the reporting member). */
  extra?: ReactNode;
  actions: ReactNode;
}

export function ClaimDetailView({ detail, locale, c, timeZone, editable, uploadRules, extra, actions }: ClaimDetailViewProps) {
  const { claim } = detail;
  const m = (k: string) => claimMessage(locale, k);
  const money = (s: string | null) => (s ? yuan(s) : '—');
  return (
    <div className="claims" data-claim={claim.claim_no} data-status={claim.status}>
      <ClaimSteps detail={detail} locale={locale} timeZone={timeZone} c={c} />
      <section className="card" aria-labelledby="cd-summary">
        <div className="card-head">
          <h2 id="cd-summary">
            {c.detail.summary} <span className="claim-no">{claim.claim_no}</span>
          </h2>
          <ClaimStatusBadge status={claim.status} locale={locale} />
        </div>
        <dl className="detail-list">
          {extra}
          <div>
            <dt>{c.detail.policy}</dt>
            <dd>
              {claim.policy_no} · {m(`claim.policyTypes.${claim.policy_type}`)}
            </dd>
          </div>
          <div>
            <dt>{c.detail.insured}</dt>
            <dd>
              <span translate="no">{claim.insured_name}</span> <span className="claim-sub">{claim.insured_id_no_masked}</span>
            </dd>
          </div>
          <div>
            <dt>{c.table.type}</dt>
            <dd>{m(`claim.types.${claim.type}`)}</dd>
          </div>
          <div>
            <dt>{c.table.accidentDate}</dt>
            <dd>{claim.accident_date}</dd>
          </div>
          <div>
            <dt>{c.detail.place}</dt>
            <dd translate="no">{claim.accident_place}</dd>
          </div>
          <div>
            <dt>{c.detail.description}</dt>
            <dd translate="no">{claim.description}</dd>
          </div>
          {claim.hospital ? (
            <div>
              <dt>{c.detail.hospital}</dt>
              <dd translate="no">{claim.hospital}</dd>
            </div>
          ) : null}
          <div>
            <dt>{c.detail.estimated}</dt>
            <dd>{money(claim.estimated_amount)}</dd>
          </div>
          {claim.approved_amount ? (
            <div>
              <dt>{c.detail.approved}</dt>
              <dd>
                <strong>{money(claim.approved_amount)}</strong>
              </dd>
            </div>
          ) : null}
          {claim.reason ? (
            <div>
              <dt>{c.detail.reason}</dt>
              <dd>{claim.reason}</dd>
            </div>
          ) : null}
          {claim.payment_ref ? (
            <div>
              <dt>{c.detail.payment}</dt>
              <dd>
                {claim.payment_ref} · {c.detail.paidAt} {claim.paid_at}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{c.detail.reportedAt}</dt>
            <dd>{formatDate(claim.created_at, 'YYYY-MM-DD HH:mm', timeZone)}</dd>
          </div>
        </dl>
      </section>
      <div className="claim-grid">
        <section className="card" aria-labelledby="cd-docs">
          <div className="card-head">
            <h2 id="cd-docs">{c.detail.checklist}</h2>
          </div>
          <p className="claim-sub">{c.detail.checklistHint}</p>
          {claim.request_note ? (
            <p className="claim-doc-note" role="note">
              <strong>{c.detail.requestNote}:</strong> <span translate="no">{claim.request_note}</span>
            </p>
          ) : null}
          <ul className="claim-checklist">
            {detail.documents.map((d) => {
              const state = d.requested ? 'requested' : d.files.length ? 'uploaded' : d.required ? 'missing' : 'optional';
              const badge =
                state === 'requested'
                  ? 'claim-status-need_documents'
                  : state === 'uploaded'
                    ? 'claim-status-approved'
                    : state === 'missing'
                      ? 'claim-status-rejected'
                      : '';
              return (
                <li key={d.kind} className="claim-doc" data-kind={d.kind} data-state={state}>
                  <div className="claim-doc-head">
                    <span className="claim-doc-name">
                      {d.label}
                      {d.required ? (
                        <span className="req" title={c.form.required}>
                          *
                        </span>
                      ) : null}
                    </span>
                    <span className={`badge ${badge}`}>{c.detail[state]}</span>
                  </div>
                  {d.files.length ? (
                    <ul className="claim-files">
                      {d.files.map((f) => (
                        <li key={f.id}>
                          <a href={f.url} target="_blank" rel="noopener">
                            {f.name}
                          </a>
                          <span className="claim-sub">{fileSizeText(f.size, locale)}</span>
                          {editable ? (
                            <ApiButton
                              url="/userapi/v1/claim/documentDelete"
                              method="POST"
                              data={{ id: claim.id, document_id: f.id }}
                              label={c.detail.remove}
                              ariaLabel={`${c.detail.remove} ${f.name}`}
                              className="btn btn-ghost btn-sm"
                              refresh
                            />
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {editable && uploadRules && d.files.length < 20 ? (
                    <ClaimDocumentUpload claimId={claim.id} kind={d.kind} rules={uploadRules} lang={locale} />
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
        <div className="claim-actions">
          {actions}
          <section className="card" aria-labelledby="cd-timeline">
            <div className="card-head">
              <h2 id="cd-timeline">{c.detail.timeline}</h2>
            </div>
            <Timeline className="claim-timeline" events={detail.timeline} eventKey={(e) => `${e.created_at}-${e.from}-${e.to}`}>
              {(e) => (
                <TimelineEntry
                  title={<ClaimStatusBadge status={e.to as ClaimDetail['claim']['status']} locale={locale} />}
                  who={
                    <>
                      <span translate="no">{e.actor}</span> · {e.role === 'operator' ? c.detail.operator : c.detail.member}
                    </>
                  }
                  when={formatDate(e.created_at, 'YYYY-MM-DD HH:mm', timeZone)}
                  note={e.note}
                />
              )}
            </Timeline>
          </section>
        </div>
      </div>
    </div>
  );
}
