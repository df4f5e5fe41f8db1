/**
 * /user/operator/claimDetail?id=: one claim for a reviewer — the member's view plus who reported
 * it, and the decisions the reviewer's buttons allow in the claim's state: start review, ask for
 * documents, approve (≤ the plan's per-person limit), reject (`operator/claims/review`), record
 * the insurer's payment (`operator/claims/pay`).
 */
import './claims.css';
import { claimMessage } from '../texts';
import { siteToday } from '../model';
import { ApiButton } from '~/ui/api-button';
import type { ClaimFormField, ClaimFormSchema } from './claim-form';
import { ClaimRecordFrame } from './frame';
import { findUserById } from '~/server/members';

/** One of the reviewer's decisions: a folded card holding its form (`open`: unfolded at first). */
interface Decision {
  action: Extract<ClaimFormSchema, 'approve' | 'requestDocuments' | 'reject' | 'markPaid'>;
  fields: ClaimFormField[];
  confirm?: string;
  open?: boolean;
  danger?: boolean;
}

export function OperatorClaimDetailPage({ query }: { query?: string }) {
  return (
    <ClaimRecordFrame
      viewer="operator"
      query={query}
      render={async ({ view, db, c, id, detail, can, form }) => {
        const [row] = await db.sql`SELECT user_id FROM claim WHERE id = ${id}`;
        const owner = row ? await findUserById(db, Number(row.user_id)) : null;
        const kindOptions = detail.documents.map((d) => ({ value: d.kind, label: d.label }));
        const today = siteToday(view.site.timezone);
        // In the order the cards show.
        const decisions: Decision[] = [
          {
            action: 'approve',
            fields: [
              { name: 'approved_amount', label: c.operator.approvedAmount, kind: 'amount', value: detail.claim.estimated_amount },
              { name: 'note', label: c.operator.note, kind: 'textarea' },
            ],
            confirm: c.operator.approveConfirm,
            open: true,
          },
          {
            action: 'requestDocuments',
            fields: [
              { name: 'kinds', label: c.operator.kinds, kind: 'kinds', options: kindOptions },
              { name: 'note', label: c.operator.note, kind: 'textarea' },
            ],
          },
          {
            action: 'reject',
            fields: [{ name: 'reason', label: c.operator.rejectReason, kind: 'textarea' }],
            confirm: c.operator.rejectConfirm,
            danger: true,
          },
          {
            action: 'markPaid',
            fields: [
              { name: 'payment_ref', label: c.operator.paymentRef, kind: 'text' },
              { name: 'paid_at', label: c.operator.paidAt, kind: 'date', value: today, max: today },
            ],
            confirm: c.operator.payConfirm,
            open: true,
          },
        ];
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
            {decisions
              .filter((d) => can(d.action))
              .map(({ action, fields, confirm, open = false, danger }) => (
                <section className="card" key={action}>
                  <details open={open} data-action={action}>
                    <summary>{c.operator[action]}</summary>
                    {form({
                      url: `/userapi/v1/operator/claim/${action}`,
                      schema: action,
                      fields,
                      submit: c.operator[action],
                      confirm,
                      danger,
                    })}
                  </details>
                </section>
              ))}
            {detail.actions.length === 0 ? <p className="claim-sub">{c.operator.none}</p> : null}
          </>
        );
        const extra = (
          <div>
            <dt>{c.operator.member}</dt>
            <dd>
              {owner ? `${owner.nickname || owner.username} (${owner.username})` : '—'} ·{' '}
              {claimMessage(view.locale, `claim.statuses.${detail.claim.status}`)}
            </dd>
          </div>
        );
        return { extra, actions };
      }}
    />
  );
}
