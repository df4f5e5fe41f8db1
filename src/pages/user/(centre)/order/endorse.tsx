/**
 * /user/order/endorse: the member's (team-visible) endorsements with filters and pages in the URL
 * (GET form, no JavaScript needed); Add (`order/endorse/add`) at `?new=1` chooses the policy and
 * date, then `?edit=<id>` builds the draft (add, remove, replace, correct, import, documents,
 * live premium) and submits it.
 */
import type { PageProps } from 'waku/router';
import { Auth } from '~/components/auth';
import { endorseText } from '~/components/endorse-text';
import { EndorseDraft, EndorseList, EndorseStart, parseEndorseQuery } from '~/components/endorse-views';
import { MemberPage } from '~/components/member-page';
import { Notice } from '~/components/notice';
import { baseEndorseContext, listEndorsements, runDueSandbox, siteToday } from '~/features/endorse';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { isDomainError } from '~/server/errors';

export default function OrderEndorsePage({ query }: PageProps<'/user/order/endorse'>) {
  const params = new URLSearchParams(query ?? '');
  return (
    <MemberPage
      page="user/order/endorse"
      actions={({ view }) => (
        <Auth action="add">
          <a href="/user/order/endorse?new=1" className="btn btn-primary" data-action="add">
            {endorseText(view.locale).add.action}
          </a>
        </Auth>
      )}
      render={async ({ view }) => {
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        const text = endorseText(view.locale);
        const today = await siteToday(db);
        await runDueSandbox(db, baseEndorseContext());
        const editId = Number(params.get('edit'));
        let top: React.ReactNode = null;
        if (params.get('new') === '1') {
          top = (
            <Auth action="add">
              <EndorseStart db={db} userId={session.userId} text={text} today={today} />
            </Auth>
          );
        } else if (Number.isSafeInteger(editId) && editId > 0) {
          try {
            top = (
              <Auth action="add">
                <EndorseDraft
                  db={db}
                  userId={session.userId}
                  id={editId}
                  text={text}
                  locale={view.locale}
                  search={params.get('search') ?? ''}
                  upload={view.site.upload}
                />
              </Auth>
            );
          } catch (err) {
            if (!isDomainError(err)) throw err;
          }
        }
        const { q, ok } = parseEndorseQuery(query ?? '');
        const result = await listEndorsements(db, session.userId, q, today);
        return (
          <>
            {top}
            {top === null && Number.isSafeInteger(editId) && editId > 0 ? (
              <Notice kind="warning" role="alert">
                <p>404</p>
              </Notice>
            ) : null}
            <EndorseList path="/user/order/endorse" detailPath="/user/order/endorseDetail" q={q} ok={ok} result={result} text={text} />
          </>
        );
      }}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
