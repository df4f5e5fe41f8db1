/**
 * /user/order/endorse: the member's (team-visible) endorsements with filters and pages in the URL
 * (GET form, no JavaScript needed); Add (`order/endorse/add`) at `?new=1` chooses the policy and
 * date, then `?edit=<id>` builds the draft (add, remove, replace, correct, import, documents,
 * live premium) and submits it.
 */
import './endorse.css';
import { Auth } from '~/ui/auth';
import { endorseText } from '../texts';
import { EndorseDraft } from './draft';
import { EndorseList, parseEndorseQuery } from './list-view';
import { EndorseStart } from './start';
import { EndorseFrame } from './frame';
import { Notice } from '~/ui/notice';
import { baseEndorseContext } from '../router';
import { findVisibleEndorsement, siteToday } from '../model';
import { listEndorsements } from '../queries';
import { runDueSandbox } from '../sandbox';
import { checkAuth } from '~/lib/member-centre';
import { RecordMissing } from '~/ui/record-missing';
import { isDomainError } from '~/server/errors';

/** A record the member may not see (404 DomainError) reads as none; anything else is a real error. */
function notFoundAsNull(err: unknown): null {
  if (isDomainError(err)) return null;
  throw err;
}

export function OrderEndorsePage({ query }: { query?: string }) {
  const params = new URLSearchParams(query ?? '');
  // Add and the draft are pages of their own: the list steps aside, the heading links back to it.
  const adding = params.get('new') === '1' || params.has('edit');
  return (
    <EndorseFrame
      page="user/order/endorse"
      title={(text) => text.titles.list}
      actions={({ view }) =>
        adding ? (
          <a href="/user/order/endorse" className="btn btn-ghost">
            {endorseText(view.locale).detail.back}
          </a>
        ) : (
          <Auth action="add">
            <a href="/user/order/endorse?new=1" className="btn btn-primary" data-action="add">
              {endorseText(view.locale).add.action}
            </a>
          </Auth>
        )
      }
      render={async ({ view, session, db, text, t }) => {
        const today = await siteToday(db);
        await runDueSandbox(db, baseEndorseContext());
        if (adding) {
          if (!checkAuth(view.centre.authNode, view.path, 'add')) {
            return (
              <Notice kind="warning" role="alert">
                <p>{t('notice.forbidden')}</p>
              </Notice>
            );
          }
          if (params.get('new') === '1')
            return (
              <EndorseStart
                db={db}
                userId={session.userId}
                text={text}
                today={today}
                orderId={Number(params.get('order_id')) || undefined}
              />
            );
          const editId = Number(params.get('edit'));
          const found =
            Number.isSafeInteger(editId) && editId > 0
              ? await findVisibleEndorsement(db, session.userId, editId, db).catch(notFoundAsNull)
              : null;
          if (!found) return <RecordMissing message={text.add.notFound} />;
          return (
            <EndorseDraft
              db={db}
              userId={session.userId}
              id={found.id}
              text={text}
              locale={view.locale}
              search={params.get('search') ?? ''}
              upload={view.site.upload}
              today={today}
            />
          );
        }
        const { q, ok } = parseEndorseQuery(query ?? '');
        const result = await listEndorsements(db, session.userId, q, today);
        return (
          <EndorseList
            path="/user/order/endorse"
            detailPath="/user/order/endorseDetail"
            withdraw
            q={q}
            ok={ok}
            result={result}
            text={text}
            locale={view.locale}
          />
        );
      }}
    />
  );
}
