/** /user/account/balance: the member's own money ledger, paginated, filters in the URL, CSV export, top-ups. */
import { Suspense } from 'react';
import { LedgerList, LedgerLoading } from '~/features/ledger/ui';
import { ledgerText } from '~/features/ledger/texts';
import { allowPageCache } from '~/server/page-cache';
import { PageFrame } from '~/ui';
import type { PageContext } from '~/ui/page-context';
import { accountText } from '../texts';
import { AccountTopups } from './topups';

/** A ledger page's body: the list (streamed in, with its placeholder) and what follows it. */
export function ledgerBody(ledger: 'money' | 'score', path: string, query: string | undefined, { view, t }: PageContext) {
  return (
    <Suspense fallback={<LedgerLoading label={ledgerText(view.locale)[ledger].loading} />}>
      <LedgerList
        ledger={ledger}
        path={path}
        query={query ?? ''}
        none={t('None')}
        timeZone={view.timeZone}
        siteTimeZone={view.site.timezone}
      />
    </Suspense>
  );
}

export function AccountBalancePage({ query }: { query?: string }) {
  allowPageCache(); // ledger, top-ups and config only: all versioned (decision 0009)
  return (
    <PageFrame
      page="user/account/balance"
      title={({ view }) => accountText(view.locale).titles.balance}
      render={(ctx) => (
        <>
          {ledgerBody('money', '/user/account/balance', query, ctx)}
          {ctx.view.user ? (
            <AccountTopups userId={ctx.view.user.id} locale={ctx.view.locale} timeZone={ctx.view.timeZone} rules={ctx.view.site.upload} />
          ) : null}
        </>
      )}
    />
  );
}
