/**
 * Profile: edit avatar, username, nickname, gender, birthday and motto (island, checked with the
 * API's schema); change or bind the e-mail and mobile with codes (dialog island); the member's
 * signed-in devices.
 */
import { GenderIcon } from '~/islands/gender-icon';
import { accountFormTexts } from '~/components/account-texts';
import { Avatar } from '~/ui/avatar';
import { captchaText } from '~/features/captcha/texts';
import { PageFrame } from '~/ui';
import { SessionList } from '~/components/session-list';
import type { ContactRow } from '~/islands/account-profile-form';
import { AccountProfileForm } from '~/islands/account-profile-form';
import { availableChannels } from '~/server/delivery';
import '../../../../styles/account.css';

export default function ProfilePage() {
  return (
    <PageFrame
      page="user/account/profile"
      render={({ view, t }) => {
        const user = view.user!;
        const name = user.nickname || user.username;
        const texts = accountFormTexts(view.locale);
        const channels = availableChannels();
        const genders: [string, string, string] = [t('genders.0'), t('genders.1'), t('genders.2')];
        const contacts: ContactRow[] = (['email', 'mobile'] as const)
          .filter((type) => channels.includes(type))
          .map((type) => {
            const value = type === 'email' ? user.email : user.mobile;
            return {
              type,
              value: value || '',
              label: t(['user', type]),
              placeholder: t('user.notFilled'),
              bind: {
                type,
                current: value || '',
                texts,
                captcha: captchaText(view.locale),
                text: {
                  open: value ? t('modify') : t('bind'),
                  title: t(['bindTitle', type]),
                  stepVerify: t('stepVerify'),
                  stepBind: t('stepBind'),
                  current: t('current'),
                  newAddress: t(['newAddress', type]),
                  code: t('code'),
                  password: t('password'),
                  next: t('next'),
                  save: t('save'),
                  cancel: t('cancel'),
                  sendCode: { send: t('sendCode'), resend: t('resend', { seconds: '{seconds}' }) },
                },
              },
            };
          });
        return (
          <div className="profile">
            <section className="card profile-main" aria-labelledby="pf-edit">
              <div className="profile-head">
                <Avatar src={user.avatar} name={name} size={72} />
                <div>
                  <p className="profile-head-name">
                    {name} <GenderIcon gender={user.gender} label={genders[user.gender] ?? genders[0]} />
                  </p>
                  <p className="muted">{t('lead')}</p>
                </div>
              </div>
              <h2 id="pf-edit" className="sr-only">
                {t('editTitle')}
              </h2>
              <AccountProfileForm
                lang={view.locale}
                rules={view.site.upload}
                texts={texts}
                initial={{
                  avatar: user.avatar,
                  username: user.username,
                  nickname: user.nickname,
                  gender: String(user.gender),
                  birthday: user.birthday && /^\d{4}-\d{2}-\d{2}/.test(user.birthday) ? user.birthday.slice(0, 10) : '',
                  motto: user.motto,
                }}
                contacts={contacts}
                text={{
                  avatar: t('avatar'),
                  avatarHint: t('avatarHint'),
                  username: t('user.username'),
                  nickname: t('user.nickname'),
                  gender: t('gender'),
                  genders,
                  birthday: t('birthday'),
                  motto: t('motto'),
                  save: t('save'),
                  reset: t('reset'),
                }}
              />
            </section>
            <SessionList t={t} timeZone={view.timeZone} />
          </div>
        );
      }}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
