/** /user/account/changePassword: old, new and confirmation; success ends every session (log in again). */
import { accountFormTexts } from '~/components/account-texts';
import { PageFrame } from '~/ui';
import { AccountPasswordForm } from '~/islands/account-password-form';
import '../../../../styles/account.css';

export default function AccountChangePasswordPage() {
  return (
    <PageFrame
      page="user/account/changePassword"
      render={({ view, t }) => (
        <section className="card" aria-label={t('title')}>
          <p className="account-hint">{t('summary')}</p>
          <AccountPasswordForm
            texts={accountFormTexts(view.locale)}
            text={{
              oldPassword: t('oldPassword'),
              newPassword: t('newPassword'),
              confirmPassword: t('confirmPassword'),
              rule: t('rule'),
              submit: t('submit'),
            }}
          />
        </section>
      )}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
