/**
 * /user/claim/list: the member's (team-visible) claims with filters and pages in the URL (GET form,
 * no JavaScript needed), status badges, guarded Report and Export, an empty state, and the Report
 * wizard at `?new=1`.
 */
import './claims.css';
import { PageFrame } from '~/ui';
import { claimText } from '../texts';

import { Auth } from '~/ui/auth';
import { ClaimList, claimQueryString, parseClaimQuery } from './list-view';
import { ClaimReport } from './report-wizard';
import { countClaimStatuses, listClaims } from '../queries';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { visibleUserIds } from '~/server/members';
import { allowPageCache } from '~/server/page-cache';

export function ClaimListPage({ query }: { query?: string }) {
  const params = new URLSearchParams(query ?? '');
  if (params.get('new') !== '1') allowPageCache(); // the list: claims and config only, all versioned (decision 0009)
  return (
    <PageFrame
      page="user/claim/list"
      title={({ view }) => claimText(view.locale).titles.list}
      actions={({ view }) => {
        const c = claimText(view.locale);
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
      render={async ({ view }) => {
        const c = claimText(view.locale);
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        const timeZone = view.site.timezone;
        const wizard =
          params.get('new') === '1' ? (
            <ClaimReport db={db} userId={session.userId} params={params} locale={view.locale} c={c} timeZone={timeZone} />
          ) : null;
        return (
          <div className="claims">
            {wizard}
            <ClaimList
              list="member"
              query={query ?? ''}
              load={async (q) => {
                const scope = await visibleUserIds(db, session.userId);
                const [page, tabs] = await Promise.all([listClaims(db, scope, q, timeZone), countClaimStatuses(db, scope, q, timeZone)]);
                return { ...page, tabs };
              }}
              view={view}
              c={c}
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
