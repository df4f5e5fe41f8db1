/** /user/account/integral: the member's own score ledger, paginated, filters in the URL, CSV export. */
import { Suspense } from 'react';
import type { PageProps } from 'waku/router';

import { LedgerList, LedgerLoading } from '~/components/ledger-list';
import { PageFrame } from '~/ui';
import { allowPageCache } from '~/server/page-cache';

export default function AccountIntegralPage({ query }: PageProps<'/user/account/integral'>) {
  allowPageCache(); // the points ledger and config only: all versioned (decision 0009)
  return (
    <PageFrame
      page="user/account/integral"
      render={({ view, t }) => (
        <>
          <Suspense fallback={<LedgerLoading label={t('ledger.loading')} />}>
            <LedgerList
              ledger="score"
              path="/user/account/integral"
              query={query ?? ''}
              t={t}
              timeZone={view.timeZone}
              siteTimeZone={view.site.timezone}
            />
          </Suspense>
        </>
      )}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
