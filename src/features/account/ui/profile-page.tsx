/**
 * Profile: edit avatar, username, nickname, gender, birthday and motto (island, checked with the
 * API's schema); change or bind the e-mail and mobile with codes (dialog island); the member's
 * signed-in devices.
 */
import { GenderIcon } from './gender-icon';
import { accountFormTexts } from '../texts';
import { Avatar } from '~/ui/avatar';
import { captchaText } from '~/features/captcha/texts';
import { PageFrame } from '~/ui';
import { fill } from '~/lib/texts';
import { accountText } from '../texts';
import { SessionList } from './session-list';
import type { ContactRow } from './profile-form';
import { AccountProfileForm } from './profile-form';
import { availableChannels } from '~/server/delivery';
import { NoticeSettings } from '~/features/notifications/ui';
import './account.css';

export function ProfilePage() {
  return (
    <PageFrame
      page="user/account/profile"
      title={({ view }) => accountText(view.locale).titles.profile}
      render={({ view, t }) => {
        const user = view.user!;
        const name = user.nickname || user.username;
        const p = accountText(view.locale).profile;
        const texts = accountFormTexts(view.locale);
        const channels = availableChannels();
        const genders: [string, string, string] = [p.genders[0], p.genders[1], p.genders[2]];
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
                  open: value ? p.modify : p.bind,
                  title: p.bindTitle[type],
                  stepVerify: p.stepVerify,
                  stepBind: p.stepBind,
                  current: p.current,
                  newAddress: p.newAddress[type],
                  code: p.code,
                  password: p.password,
                  next: p.next,
                  save: p.save,
                  cancel: p.cancel,
                  sendCode: { send: p.sendCode, resend: fill(p.resend, { seconds: '{seconds}' }) },
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
                    <span translate="no">{name}</span> <GenderIcon gender={user.gender} label={genders[user.gender] ?? genders[0]} />
                  </p>
                  <p className="muted">{p.lead}</p>
                </div>
              </div>
              <h2 id="pf-edit" className="sr-only">
                {p.editTitle}
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
                  avatar: p.avatar,
                  avatarHint: p.avatarHint,
                  username: t('user.username'),
                  nickname: t('user.nickname'),
                  gender: p.gender,
                  genders,
                  birthday: p.birthday,
                  motto: p.motto,
                  save: p.save,
                  reset: p.reset,
                }}
              />
            </section>
            <NoticeSettings locale={view.locale} />
            <SessionList locale={view.locale} timeZone={view.timeZone} />
          </div>
        );
      }}
    />
  );
}
