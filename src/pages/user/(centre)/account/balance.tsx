/** /user/account/balance: the member's own money ledger, paginated, filters in the URL, CSV export, top-ups. */
import { Suspense } from 'react';
import type { PageProps } from 'waku/router';
import { AccountTopups } from '~/components/account-topups';
import { LedgerList, LedgerLoading } from '~/components/ledger-list';
import { PageFrame } from '~/ui';
import { allowPageCache } from '~/server/page-cache';

export default function AccountBalancePage({ query }: PageProps<'/user/account/balance'>) {
  allowPageCache(); // ledger, top-ups and config only: all versioned (decision 0009)
  return (
    <PageFrame
      page="user/account/balance"
      render={({ view, t }) => (
        <>
          <Suspense fallback={<LedgerLoading label={t('ledger.loading')} />}>
            <LedgerList
              ledger="money"
              path="/user/account/balance"
              query={query ?? ''}
              t={t}
              timeZone={view.timeZone}
              siteTimeZone={view.site.timezone}
            />
          </Suspense>
          {view.user ? (
            <AccountTopups userId={view.user.id} t={t} locale={view.locale} timeZone={view.timeZone} rules={view.site.upload} />
          ) : null}
        </>
      )}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
