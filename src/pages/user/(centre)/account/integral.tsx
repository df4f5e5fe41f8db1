/** /user/account/integral: the member's own score ledger, paginated, filters in the URL. */
import type { PageProps } from 'waku/router';
import { LedgerList } from '~/components/ledger-list';
import { MemberPage } from '~/components/member-page';

export default function AccountIntegralPage({ query }: PageProps<'/user/account/integral'>) {
  return (
    <MemberPage
      page="user/account/integral"
      render={({ view, t }) => (
        <LedgerList
          ledger="score"
          path="/user/account/integral"
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
