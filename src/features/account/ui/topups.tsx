/**
 * The balance page's top-up card: the request form (not for team sub-accounts, whose money comes
 * from the main account) and the member's own requests with their status.
 */
import { listOwnTopups } from '../topup';
import { AccountTopupForm } from './topup-form';
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
        <div className="table-scroll">
          <table className="data-table">
            <caption className="sr-only">{tx.mine}</caption>
            <thead>
              <tr>
                <th scope="col">{tx.time}</th>
                <th scope="col" className="num">
                  {tx.amount}
                </th>
                <th scope="col">{tx.paymentRef}</th>
                <th scope="col">{tx.status}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((x) => (
                <tr key={x.id}>
                  <td className="nowrap">{formatDate(x.createdAt, 'YYYY-MM-DD HH:mm', timeZone)}</td>
                  <td className="num nowrap">{formatMoney(fenToYuan(x.amount))}</td>
                  <td>{x.paymentRef}</td>
                  <td>
                    <span className={`account-status account-status-${x.status}`}>{tx.statuses[x.status]}</span>
                    {x.reason ? <span className="ledger-ref">{x.reason}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="account-hint">{tx.none}</p>
      )}
    </section>
  );
}
