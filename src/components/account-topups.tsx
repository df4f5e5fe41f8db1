/**
 * The balance page's top-up card: the request form (not for team sub-accounts, whose money comes
 * from the main account) and the member's own requests with their status.
 */
import { listOwnTopups } from '~/features/account';
import { AccountTopupForm } from '~/islands/account-topup-form';
import { formatDate, formatMoney } from '~/lib/format';
import type { Translator } from '~/lib/i18n';
import { fenToYuan } from '~/lib/money';
import type { Locale } from '~/lib/types';
import type { UploadRules } from '~/lib/upload-checks';
import { getDb } from '~/server/db/client';
import { findUserById } from '~/server/members';
import { accountFormTexts } from './account-texts';
import '../styles/account.css';

export async function AccountTopups({
  userId,
  t,
  locale,
  timeZone,
  rules,
}: {
  userId: number;
  t: Translator;
  locale: Locale;
  timeZone: string;
  rules: UploadRules;
}) {
  const db = getDb();
  const [member, list] = await Promise.all([findUserById(db, userId), listOwnTopups(db, userId, 10)]);
  const sub = member?.parent_id != null;
  return (
    <section className="card account-topups" aria-labelledby="tp-title">
      <div className="card-head">
        <h2 id="tp-title">{t('topup.title')}</h2>
      </div>
      {sub ? (
        <p className="account-hint">{t('topup.subAccount')}</p>
      ) : (
        <>
          <p className="account-hint">{t('topup.lead')}</p>
          <AccountTopupForm
            lang={locale}
            rules={rules}
            texts={accountFormTexts(locale)}
            text={{
              amount: t('topup.amount'),
              amountHint: t('topup.amountHint'),
              paymentRef: t('topup.paymentRef'),
              slip: t('topup.slip'),
              submit: t('topup.submit'),
            }}
          />
        </>
      )}
      {list.length ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="sr-only">{t('topup.mine')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('topup.time')}</th>
                <th scope="col" className="num">
                  {t('topup.amount')}
                </th>
                <th scope="col">{t('topup.paymentRef')}</th>
                <th scope="col">{t('topup.status')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((x) => (
                <tr key={x.id}>
                  <td className="nowrap">{formatDate(x.createdAt, 'YYYY-MM-DD HH:mm', timeZone)}</td>
                  <td className="num nowrap">{formatMoney(fenToYuan(x.amount))}</td>
                  <td>{x.paymentRef}</td>
                  <td>
                    <span className={`account-status account-status-${x.status}`}>{t(`topup.statuses.${x.status}`)}</span>
                    {x.reason ? <span className="ledger-ref">{x.reason}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="account-hint">{t('topup.none')}</p>
      )}
    </section>
  );
}
