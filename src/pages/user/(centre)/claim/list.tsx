/**
 * /user/claim/list: the member's (team-visible) claims with filters and pages in the URL (GET form,
 * no JavaScript needed), status badges, guarded Report and Export, an empty state, and the Report
 * wizard at `?new=1`.
 */
import type { PageProps } from 'waku/router';
import { Auth } from '~/components/auth';
import { ClaimList, claimQueryString, parseClaimQuery } from '~/components/claim-list';
import { ClaimPage } from '~/components/claim-page';
import { ClaimReport } from '~/components/claim-report';
import { listClaims } from '~/features/claims';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { visibleUserIds } from '~/server/members';
import { allowPageCache } from '~/server/page-cache';

export default function ClaimListPage({ query }: PageProps<'/user/claim/list'>) {
  const params = new URLSearchParams(query ?? '');
  if (params.get('new') !== '1') allowPageCache(); // the list: claims and config only, all versioned (decision 0009)
  return (
    <ClaimPage
      page="user/claim/list"
      title={(c) => c.titles.list}
      actions={({ c }) => {
        const { q } = parseClaimQuery(query ?? '');
        const qs = claimQueryString(q);
        return (
          <>
            <Auth action="add">
              <a href="/user/claim/list?new=1" className="btn btn-primary" data-action="report">
                {c.report.action}
              </a>
            </Auth>
            <Auth action="export">
              <a href={`/userapi/v1/claim/export${qs ? `?${qs}` : ''}`} className="btn btn-ghost" download data-action="export">
                {c.filters.export}
              </a>
            </Auth>
          </>
        );
      }}
      render={async ({ view, c }) => {
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        const timeZone = view.site.timezone;
        const wizard =
          params.get('new') === '1' ? (
            <ClaimReport db={db} userId={session.userId} params={params} locale={view.locale} c={c} timeZone={timeZone} />
          ) : null;
        const { q, ok } = parseClaimQuery(query ?? '');
        const result = await listClaims(db, await visibleUserIds(db, session.userId), q, timeZone);
        return (
          <div className="claims">
            {wizard}
            <ClaimList
              path="/user/claim/list"
              detailPath="/user/claim/detail"
              q={q}
              ok={ok}
              result={result}
              locale={view.locale}
              c={c}
              timeZone={view.timeZone}
              empty={
                <Auth action="add">
                  <a href="/user/claim/list?new=1" className="btn btn-primary btn-sm">
                    {c.report.action}
                  </a>
                </Auth>
              }
            />
          </div>
        );
      }}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
