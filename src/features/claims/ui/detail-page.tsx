/**
 * /user/claim/detail?id=: one of the member's (team-visible) claims — summary, the checklist per
 * kind with the upload island, Resubmit and Withdraw (with a confirm) when allowed, the timeline.
 * A route rule (not in the menu) like order/groupDetail; opening it marks its notifications read.
 */
import './claims.css';
import { findRecord, PageFrame, RecordMissing } from '~/ui';
import { claimText } from '../texts';

import { ClaimDetailView } from './detail-view';
import { claimFormMessages } from './report-wizard';
import { claimDetail } from '../queries';
import { markReadByLink } from '~/features/notifications';
import { ClaimForm } from './claim-form';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { visibleUserIds } from '~/server/members';

export function ClaimDetailPage({ query }: { query?: string }) {
  const id = Number(new URLSearchParams(query ?? '').get('id'));
  return (
    <PageFrame
      page="user/claim/detail"
      title={({ view }) => claimText(view.locale).titles.detail}
      actions={({ view }) => (
        <a href="/user/claim/list" className="btn btn-ghost">
          {claimText(view.locale).detail.back}
        </a>
      )}
      render={async ({ view }) => {
        const c = claimText(view.locale);
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        const owners = await visibleUserIds(db, session.userId);
        const detail = await findRecord(id, (claimId) => claimDetail(db, owners, claimId, view.locale, { role: 'member' }));
        if (!detail) return <RecordMissing message={c.detail.notFound} />;
        await markReadByLink(db, session.userId, `/user/claim/detail?id=${id}`);
        const can = (a: string) => detail.actions.includes(a);
        const messages = claimFormMessages(view.locale);
        const actions = (
          <>
            {can('resubmit') ? (
              <section className="card" aria-labelledby="cd-resubmit">
                <div className="card-head">
                  <h2 id="cd-resubmit">{c.detail.resubmit}</h2>
                </div>
                <ClaimForm
                  url="/userapi/v1/claim/resubmit"
                  schema="resubmit"
                  fixed={{ id }}
                  fields={[{ name: 'note', label: c.detail.resubmitNote, kind: 'textarea' }]}
                  submit={c.detail.resubmit}
                  saving={c.form.saving}
                  confirm={c.detail.resubmitConfirm}
                  messages={messages}
                />
              </section>
            ) : null}
            {can('withdraw') ? (
              <section className="card" aria-labelledby="cd-withdraw">
                <details>
                  <summary id="cd-withdraw">{c.detail.withdraw}</summary>
                  <ClaimForm
                    url="/userapi/v1/claim/withdraw"
                    schema="withdraw"
                    fixed={{ id }}
                    fields={[{ name: 'reason', label: c.detail.withdrawReason, kind: 'textarea' }]}
                    submit={c.detail.withdraw}
                    saving={c.form.saving}
                    confirm={c.detail.withdrawConfirm}
                    messages={messages}
                    danger
                  />
                </details>
              </section>
            ) : null}
          </>
        );
        return (
          <ClaimDetailView
            detail={detail}
            locale={view.locale}
            c={c}
            timeZone={view.timeZone}
            editable={can('document')}
            uploadRules={view.site.upload}
            actions={actions}
          />
        );
      }}
    />
  );
}
