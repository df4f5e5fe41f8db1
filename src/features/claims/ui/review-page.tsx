/**
 * /user/operator/claimDetail?id=: one claim for a reviewer — the member's view plus who reported
 * it, and the decisions the reviewer's buttons allow in the claim's state: start review, ask for
 * documents, approve (≤ the plan's per-person limit), reject (`operator/claims/review`), record
 * the insurer's payment (`operator/claims/pay`).
 */
import './claims.css';
import { findRecord, PageFrame, RecordMissing } from '~/ui';

import { ClaimDetailView } from './detail-view';
import { claimFormMessages } from './report-wizard';
import { claimMessage, claimText } from '../texts';
import { siteToday } from '../model';
import { claimDetail } from '../queries';
import { markReadByLink } from '~/features/notifications';
import { ApiButton } from '~/ui/api-button';
import { ClaimForm } from './claim-form';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { findUserById } from '~/server/members';
import { hasExplicitRule } from '~/server/permissions';

export function OperatorClaimDetailPage({ query }: { query?: string }) {
  const id = Number(new URLSearchParams(query ?? '').get('id'));
  return (
    <PageFrame
      page="user/operator/claimDetail"
      title={({ view }) => claimText(view.locale).titles.review}
      actions={({ view }) => (
        <a href="/user/operator/claims" className="btn btn-ghost">
          {claimText(view.locale).operator.back}
        </a>
      )}
      render={async ({ view }) => {
        const c = claimText(view.locale);
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        const viewer = {
          role: 'operator' as const,
          canReview: await hasExplicitRule(db, session, 'operator/claims/review'),
          canPay: await hasExplicitRule(db, session, 'operator/claims/pay'),
        };
        const detail = await findRecord(id, (claimId) => claimDetail(db, null, claimId, view.locale, viewer));
        if (!detail) return <RecordMissing message={c.detail.notFound} />;
        await markReadByLink(db, session.userId, `/user/operator/claimDetail?id=${id}`);
        const [row] = await db.sql`SELECT user_id FROM claim WHERE id = ${id}`;
        const owner = row ? await findUserById(db, Number(row.user_id)) : null;
        const can = (a: string) => detail.actions.includes(a);
        const messages = claimFormMessages(view.locale);
        const kindOptions = detail.documents.map((d) => ({ value: d.kind, label: d.label }));
        const today = siteToday(view.site.timezone);
        const box = (key: string, title: string, body: React.ReactNode, open = false) => (
          <section className="card" key={key}>
            <details open={open} data-action={key}>
              <summary>{title}</summary>
              {body}
            </details>
          </section>
        );
        const actions = (
          <>
            {can('startReview') ? (
              <section className="card" data-action="startReview">
                <ApiButton
                  url="/userapi/v1/operator/claim/startReview"
                  method="POST"
                  data={{ id }}
                  label={c.operator.startReview}
                  className="btn btn-primary"
                  refresh
                />
              </section>
            ) : null}
            {can('approve')
              ? box(
                  'approve',
                  c.operator.approve,
                  <ClaimForm
                    url="/userapi/v1/operator/claim/approve"
                    schema="approve"
                    fixed={{ id }}
                    fields={[
                      { name: 'approved_amount', label: c.operator.approvedAmount, kind: 'amount', value: detail.claim.estimated_amount },
                      { name: 'note', label: c.operator.note, kind: 'textarea' },
                    ]}
                    submit={c.operator.approve}
                    saving={c.form.saving}
                    confirm={c.operator.approveConfirm}
                    messages={messages}
                  />,
                  true,
                )
              : null}
            {can('requestDocuments')
              ? box(
                  'requestDocuments',
                  c.operator.requestDocuments,
                  <ClaimForm
                    url="/userapi/v1/operator/claim/requestDocuments"
                    schema="requestDocuments"
                    fixed={{ id }}
                    fields={[
                      { name: 'kinds', label: c.operator.kinds, kind: 'kinds', options: kindOptions },
                      { name: 'note', label: c.operator.note, kind: 'textarea' },
                    ]}
                    submit={c.operator.requestDocuments}
                    saving={c.form.saving}
                    messages={messages}
                  />,
                )
              : null}
            {can('reject')
              ? box(
                  'reject',
                  c.operator.reject,
                  <ClaimForm
                    url="/userapi/v1/operator/claim/reject"
                    schema="reject"
                    fixed={{ id }}
                    fields={[{ name: 'reason', label: c.operator.rejectReason, kind: 'textarea' }]}
                    submit={c.operator.reject}
                    saving={c.form.saving}
                    confirm={c.operator.rejectConfirm}
                    messages={messages}
                    danger
                  />,
                )
              : null}
            {can('markPaid')
              ? box(
                  'markPaid',
                  c.operator.markPaid,
                  <ClaimForm
                    url="/userapi/v1/operator/claim/markPaid"
                    schema="markPaid"
                    fixed={{ id }}
                    fields={[
                      { name: 'payment_ref', label: c.operator.paymentRef, kind: 'text' },
                      { name: 'paid_at', label: c.operator.paidAt, kind: 'date', value: today, max: today },
                    ]}
                    submit={c.operator.markPaid}
                    saving={c.form.saving}
                    confirm={c.operator.payConfirm}
                    messages={messages}
                  />,
                  true,
                )
              : null}
            {detail.actions.length === 0 ? <p className="claim-sub">{c.operator.none}</p> : null}
          </>
        );
        return (
          <ClaimDetailView
            detail={detail}
            locale={view.locale}
            c={c}
            timeZone={view.timeZone}
            editable={false}
            extra={
              <div>
                <dt>{c.operator.member}</dt>
                <dd>
                  {owner ? `${owner.nickname || owner.username} (${owner.username})` : '—'} ·{' '}
                  {claimMessage(view.locale, `claim.statuses.${detail.claim.status}`)}
                </dd>
              </div>
            }
            actions={actions}
          />
        );
      }}
    />
  );
}
