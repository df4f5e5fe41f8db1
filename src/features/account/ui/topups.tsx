/**
 * The balance page's top-up card: the request form (not for team sub-accounts, whose money comes
 * from the main account) and the member's own requests with their status.
 */
import { listOwnTopups } from '../topup';
import { AccountTopupForm } from './topup-form';
import { TopupStatus } from './topup-status';
import { DataTable } from '~/ui/data-table';
import { formatDate, formatMoney } from '~/lib/format';
import { accountText } from '../texts';
import { fenToYuan } from '~/lib/money';
import type { Locale } from '~/lib/types';
import type { UploadRules } from '~/lib/upload-checks';
import { getDb } from '~/server/db/client';
import { findUserById } from '~/server/members';
import { accountFormTexts } from '../texts';
import './account.css';

export async function AccountTopups({
  userId,
  locale,
  timeZone,
  rules,
}: {
  userId: number;
  locale: Locale;
  timeZone: string;
  rules: UploadRules;
}) {
  const db = getDb();
  const [member, list] = await Promise.all([findUserById(db, userId), listOwnTopups(db, userId, 10)]);
  const sub = member?.parent_id != null;
  const tx = accountText(locale).topup;
  return (
    <section className="card account-topups" aria-labelledby="tp-title">
      <div className="card-head">
        <h2 id="tp-title">{tx.title}</h2>
      </div>
      {sub ? (
        <p className="account-hint">{tx.subAccount}</p>
      ) : (
        <>
          <p className="account-hint">{tx.lead}</p>
          <AccountTopupForm
            lang={locale}
            rules={rules}
            texts={accountFormTexts(locale)}
            text={{
              amount: tx.amount,
              amountHint: tx.amountHint,
              paymentRef: tx.paymentRef,
              slip: tx.slip,
              submit: tx.submit,
            }}
          />
        </>
      )}
      {list.length ? (
        <DataTable
          caption={tx.mine}
          rows={list}
          rowKey={(x) => x.id}
          columns={[
            { head: tx.time, cellClass: 'nowrap', cell: (x) => formatDate(x.createdAt, 'YYYY-MM-DD HH:mm', timeZone) },
            { head: tx.amount, headClass: 'num', cellClass: 'num nowrap', cell: (x) => formatMoney(fenToYuan(x.amount)) },
            { head: tx.paymentRef, cell: (x) => x.paymentRef },
            { head: tx.status, cell: (x) => <TopupStatus status={x.status} reason={x.reason} text={tx.statuses} /> },
          ]}
        />
      ) : (
        <p className="account-hint">{tx.none}</p>
      )}
    </section>
  );
}
