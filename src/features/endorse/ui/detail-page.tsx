import { EndorseDetailView } from './detail-view';
import './endorse.css';
import { RosterView } from './roster';
import { EndorseFrame } from './frame';
import { WithdrawAction } from './withdraw';
import { baseEndorseContext } from '../router';
import { endorsementDetail } from '../queries';
import { findVisibleEndorsement, siteToday } from '../model';
import { ordersPort } from '../roster';
import { runDueSandbox } from '../sandbox';
import { ApiButton } from '~/ui/api-button';
import { DateField } from '~/ui/date-field';
import { RecordMissing } from '~/ui/record-missing';
import { isDomainError } from '~/server/errors';

export function OrderEndorseDetailPage({ query }: { query?: string }) {
  const params = new URLSearchParams(query ?? '');
  const id = Number(params.get('id'));
  return (
    <EndorseFrame
      page="user/order/endorseDetail"
      title={(text) => text.titles.detail}
      back="/user/order/endorse"
      render={async ({ view, session, db, text }) => {
        await runDueSandbox(db, baseEndorseContext());
        let e: Awaited<ReturnType<typeof findVisibleEndorsement>> | null = null;
        if (Number.isSafeInteger(id) && id > 0) {
          try {
            e = await findVisibleEndorsement(db, session.userId, id, db);
          } catch (err) {
            if (!isDomainError(err)) throw err;
          }
        }
        if (!e) return <RecordMissing message={text.detail.missing} />;
        const today = await siteToday(db);
        const detail = await endorsementDetail(db, e, await ordersPort.loadPolicy(db.sql, e.orderId), today);
        const asOfRaw = params.get('as_of') ?? '';
        const asOf = /^\d{4}-\d{2}-\d{2}$/.test(asOfRaw) ? asOfRaw : e.effectiveDate;
        const actions = (
          <>
            {e.status === 'draft' ? (
              <a className="btn btn-ghost" href={`/user/order/endorse?edit=${e.id}`}>
                {text.detail.edit}
              </a>
            ) : null}
            {detail.withdraw ? (
              <WithdrawAction
                id={e.id}
                applyNo={e.applyNo}
                refund={detail.withdraw.refund}
                secondsLeft={detail.withdraw.seconds_left}
                words={text.withdraw}
                ask={params.get('ask') === 'withdraw'}
              />
            ) : null}
            {detail.actions.includes('cancel') ? (
              <ApiButton
                url="/userapi/v1/endorse/cancel"
                method="POST"
                data={{ id: e.id }}
                label={text.add.cancel}
                className="btn btn-ghost"
                refresh
              />
            ) : null}
          </>
        );
        return (
          <div className="endorse-page">
            <EndorseDetailView
              detail={detail}
              text={text}
              timeZone={view.timeZone}
              actions={actions}
              policyHref={`/user/order/groupDetail?id=${e.orderId}&as_of=${asOf}`}
            />
            <RosterView db={db} userId={session.userId} orderId={e.orderId} asOf={asOf} text={text}>
              <form method="get" action="/user/order/endorseDetail" className="endorse-asof" aria-label={text.roster.asOf}>
                <input type="hidden" name="id" value={e.id} />
                <label htmlFor="ed-asof">{text.roster.asOf}</label>
                <DateField id="ed-asof" name="as_of" locale={view.locale} defaultValue={asOf} />
                <button type="submit" className="btn btn-ghost btn-sm">
                  {text.roster.go}
                </button>
              </form>
            </RosterView>
          </div>
        );
      }}
    />
  );
}
