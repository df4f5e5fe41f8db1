/**
 * /user/claim/detail?id=: one of the member's (team-visible) claims — summary, the checklist per
 * kind with the upload island, Resubmit and Withdraw (with a confirm) when allowed, the timeline.
 * A route rule (not in the menu) like order/groupDetail; opening it marks its notifications read.
 */
import './claims.css';
import { ClaimRecordFrame } from './frame';

export function ClaimDetailPage({ query }: { query?: string }) {
  return (
    <ClaimRecordFrame
      viewer="member"
      query={query}
      render={({ c, can, form }) => {
        const actions = (
          <>
            {can('resubmit') ? (
              <section className="card" aria-labelledby="cd-resubmit">
                <div className="card-head">
                  <h2 id="cd-resubmit">{c.detail.resubmit}</h2>
                </div>
                {form({
                  url: '/userapi/v1/claim/resubmit',
                  schema: 'resubmit',
                  fields: [{ name: 'note', label: c.detail.resubmitNote, kind: 'textarea' }],
                  submit: c.detail.resubmit,
                  confirm: c.detail.resubmitConfirm,
                })}
              </section>
            ) : null}
            {can('withdraw') ? (
              <section className="card" aria-labelledby="cd-withdraw">
                <details>
                  <summary id="cd-withdraw">{c.detail.withdraw}</summary>
                  {form({
                    url: '/userapi/v1/claim/withdraw',
                    schema: 'withdraw',
                    fields: [{ name: 'reason', label: c.detail.withdrawReason, kind: 'textarea' }],
                    submit: c.detail.withdraw,
                    confirm: c.detail.withdrawConfirm,
                    danger: true,
                  })}
                </details>
              </section>
            ) : null}
          </>
        );
        return { editable: can('document'), actions };
      }}
    />
  );
}
