/** /user/account/integral: the member's own score ledger, paginated, filters in the URL, CSV export. */
import { allowPageCache } from '~/server/page-cache';
import { PageFrame } from '~/ui';
import { accountText } from '../texts';
import { ledgerBody } from './balance-page';

export function AccountIntegralPage({ query }: { query?: string }) {
  allowPageCache(); // the points ledger and config only: all versioned (decision 0009)
  return (
    <PageFrame
      page="user/account/integral"
      title={({ view }) => accountText(view.locale).titles.integral}
      render={(ctx) => ledgerBody('score', '/user/account/integral', query, ctx)}
    />
  );
}
