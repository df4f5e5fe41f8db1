/**
 * /user/operator/endorseDetail?id=: one endorsement for review — the member's view, the roster on
 * its effective date, and Approve (with a note) / Reject (with a reason) while it is submitted,
 * for operators holding `operator/endorsements/decide`.
 */
import { endorseText } from '../texts';
import { EndorseDetailView } from './detail-view';
import { RosterView } from './roster';
import { PageFrame } from '~/ui';
import { endorsementDetail } from '../queries';
import { findVisibleEndorsement, siteToday } from '../model';
import { ordersPort } from '../roster';
import { ApiForm } from '~/ui/api-form';
import { getRequestContext } from '~/server/context';
import { RecordMissing } from './missing';
import { getDb } from '~/server/db/client';
import { hasExplicitRule } from '~/server/permissions';

export function OperatorEndorseDetailPage({ query }: { query?: string }) {
  const id = Number(new URLSearchParams(query ?? '').get('id'));
  return (
    <PageFrame
      page="user/operator/endorseDetail"
      actions={({ view }) => (
        <a href="/user/operator/endorsements" className="btn btn-ghost">
          {endorseText(view.locale).detail.back}
        </a>
      )}
      render={async ({ view }) => {
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        const text = endorseText(view.locale);
        const [row] = Number.isSafeInteger(id) && id > 0 ? await db.sql`SELECT user_id FROM endorsement WHERE id = ${id}` : [];
        if (!row) return <RecordMissing message={text.detail.missing} />;
        const owner = Number(row.user_id);
        const [member] = await db.sql`SELECT username, nickname FROM "user" WHERE id = ${owner}`;
        const e = await findVisibleEndorsement(db, owner, id, db);
        const canDecide = e.status === 'submitted' && (await hasExplicitRule(db, session, 'operator/endorsements/decide'));
        // Whole ID numbers here: an operator checks an ID fix against the documents.
        const detail = await endorsementDetail(db, e, await ordersPort.loadPolicy(db.sql, e.orderId), await siteToday(db), [], {
          fullIds: true,
        });
        const actions = canDecide ? (
          <div className="endorse-decide">
            <ApiForm
              url="/userapi/v1/operator/endorse/approve"
              extra={{ id: e.id }}
              submitLabel={text.operator.approve}
              className="endorse-inline"
            >
              <input name="note" maxLength={200} placeholder={text.operator.note} aria-label={text.operator.note} />
            </ApiForm>
            <ApiForm
              url="/userapi/v1/operator/endorse/reject"
              extra={{ id: e.id }}
              submitLabel={text.operator.reject}
              submitClass="btn btn-danger"
              className="endorse-inline"
            >
              <input name="reason" maxLength={200} placeholder={text.operator.reason} aria-label={text.operator.reason} required />
            </ApiForm>
          </div>
        ) : null;
        return (
          <div className="endorse-page">
            <p className="endorse-member">
              {text.operator.member}:{' '}
              <a href={`/user/operator/memberDetail?id=${owner}`}>
                {member ? `${String(member.nickname || member.username)} (@${String(member.username)})` : `#${owner}`}
              </a>
              {e.hasIdFix ? <span className="badge">{text.operator.idFix}</span> : null}
            </p>
            <EndorseDetailView detail={detail} text={text} timeZone={view.timeZone} actions={actions} />
            <RosterView db={db} userId={owner} orderId={e.orderId} asOf={e.effectiveDate} text={text} />
          </div>
        );
      }}
    />
  );
}
