import { EndorseDetailView } from './detail-view';
import './endorse.css';
import { RosterView } from './roster';
import { EndorseFrame } from './frame';
import { endorsementDetail } from '../queries';
import { findVisibleEndorsement, siteToday } from '../model';
import { ordersPort } from '../roster';
import { DecisionForms } from './note-form';
import { RecordMissing } from '~/ui/record-missing';
import { hasExplicitRule } from '~/server/permissions';

export function OperatorEndorseDetailPage({ query }: { query?: string }) {
  const id = Number(new URLSearchParams(query ?? '').get('id'));
  return (
    <EndorseFrame
      page="user/operator/endorseDetail"
      back="/user/operator/endorsements"
      render={async ({ view, session, db, text }) => {
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
          <DecisionForms
            approve="/userapi/v1/operator/endorse/approve"
            reject="/userapi/v1/operator/endorse/reject"
            id={e.id}
            text={text.operator}
          />
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
