/** Profile: the member's details as stored (editing comes later; the page says so). */
import { Avatar } from '~/components/avatar';
import { MemberPage } from '~/components/member-page';
import { Notice } from '~/components/notice';
import { SessionList } from '~/components/session-list';
import { formatDate } from '~/lib/format';

export default function ProfilePage() {
  return (
    <MemberPage
      page="user/account/profile"
      render={({ view, t }) => {
        const user = view.user!;
        const tz = view.timeZone;
        const none = t('None');
        const empty = <span className="muted">{t('user.notFilled')}</span>;
        const rows: [string, React.ReactNode][] = [
          [t('user.username'), user.username],
          [t('user.nickname'), user.nickname || empty],
          [t('user.email'), user.email || empty],
          [t('user.mobile'), user.mobile || empty],
          [t('gender'), t(['genders', user.gender])],
          [
            t('birthday'),
            user.birthday
              ? /^\d{4}-\d{2}-\d{2}$/.test(user.birthday)
                ? user.birthday
                : formatDate(user.birthday, 'YYYY-MM-DD', tz, { none })
              : empty,
          ],
          [t('motto'), user.motto || empty],
          [t('user.joinTime'), formatDate(user.join_time, undefined, tz, { none })],
          [t('user.lastLogin'), formatDate(user.last_login_time, undefined, tz, { none })],
        ];
        return (
          <div className="profile">
            <section className="card profile-main">
              <div className="profile-head">
                <Avatar src={user.avatar} name={user.nickname || user.username} size={72} />
                <div>
                  <p className="profile-head-name">{user.nickname || user.username}</p>
                  <p className="muted">{t('lead')}</p>
                </div>
              </div>
              <dl className="detail-list">
                {rows.map(([k, v]) => (
                  <div key={k}>
                    <dt>{k}</dt>
                    <dd>{v}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <Notice kind="info" role="status">
              <p>{t('editNotice')}</p>
            </Notice>
            <SessionList t={t} timeZone={tz} />
          </div>
        );
      }}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
