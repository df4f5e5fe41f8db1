/** /user/account/changePassword: old, new and confirmation; success ends every session (log in again). */
import { PageFrame } from '~/ui';
import { accountText } from '../texts';
import { accountFormTexts } from '../texts';
import { AccountPasswordForm } from './password-form';
import './account.css';

export function AccountChangePasswordPage() {
  return (
    <PageFrame
      page="user/account/changePassword"
      title={({ view }) => accountText(view.locale).titles.password}
      render={({ view }) => {
        const a = accountText(view.locale);
        const { summary, ...text } = a.password;
        return (
          <section className="card" aria-label={a.titles.password}>
            <p className="account-hint">{summary}</p>
            <AccountPasswordForm texts={accountFormTexts(view.locale)} text={text} />
          </section>
        );
      }}
    />
  );
}
