/** /user/account/balance: the member's own money ledger, paginated, filters in the URL. */
import type { PageProps } from 'waku/router';
import { LedgerList } from '~/components/ledger-list';
import { MemberPage } from '~/components/member-page';

export default function AccountBalancePage({ query }: PageProps<'/user/account/balance'>) {
  return (
    <MemberPage
      page="user/account/balance"
      render={({ view, t }) => (
        <LedgerList
          ledger="money"
          path="/user/account/balance"
          query={query ?? ''}
          t={t}
          timeZone={view.timeZone}
          siteTimeZone={view.site.timezone}
        />
      )}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
