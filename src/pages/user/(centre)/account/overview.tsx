/** Account overview: greeting, contact completeness, integral, balance, last login, join time. */
import { Avatar } from '~/components/avatar';
import { Icon, routeIcon } from '~/components/icon';
import { MemberPage } from '~/components/member-page';
import { Notice } from '~/components/notice';
import { NavLink } from '~/islands/nav-link';
import { formatDate, formatMoney, greeting, hourIn } from '~/lib/format';
import type { MenuItem } from '~/lib/types';

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => (i.type === 'menu_dir' ? flatten(i.children) : [i]));
}

export default function OverviewPage() {
  return (
    <MemberPage
      page="user/account/overview"
      actions={({ t }) => (
        <NavLink to="/user/account/profile" className="btn btn-ghost btn-sm" match="none">
          <Icon name="user" size={16} />
          {t('toProfile')}
        </NavLink>
      )}
      render={({ view, t }) => {
        const user = view.user!;
        const tz = view.timeZone;
        const none = t('None');
        const name = user.nickname || user.username;
        const sep = view.locale === 'zh-cn' ? '' : ' ';
        const hello = `${t(greeting(hourIn(Date.now(), tz)))}${sep}${t('greeting.welcomeBack')}`;
        const shortcuts = flatten(view.centre.userMenus)
          .filter((i) => !i.href.startsWith('/user/account/') && i.menuType === 'tab')
          .slice(0, 6);
        const contact = [
          { key: 'mobile', icon: 'phone' as const, value: user.mobile },
          { key: 'email', icon: 'mail' as const, value: user.email },
        ];
        return (
          <div className="overview">
            <section className="card overview-hello" aria-labelledby="ov-info">
              <h2 id="ov-info" className="card-title">
                {t('infoTitle')}
              </h2>
              <div className="hello-row">
                <Avatar src={user.avatar} name={name} size={60} />
                <div className="hello-text">
                  <p className="hello-line">
                    <strong>{name}</strong>
                    {view.locale === 'zh-cn' ? '，' : ', '}
                    {hello}
                  </p>
                  <ul className="contact-badges">
                    {contact.map((c) => (
                      <li key={c.key}>
                        <a
                          href="/user/account/profile"
                          className={c.value ? 'badge badge-ok' : 'badge'}
                          title={`${c.value ? t('filled') : t('notFilled')} ${t(['user', c.key])}`}
                        >
                          <Icon name={c.icon} size={14} />
                          <span>{t(['user', c.key])}</span>
                          <span className="sr-only">: {c.value ? t('filled') : t('notFilled')}</span>
                          {c.value ? <Icon name="check" size={12} /> : null}
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
              <dl className="kv-grid">
                <div className="kv kv-stat">
                  <dt>{t('user.points')}</dt>
                  <dd>
                    <NavLink to="/user/account/integral" match="none">
                      {user.score}
                    </NavLink>
                  </dd>
                </div>
                <div className="kv kv-stat">
                  <dt>{t('user.balance')}</dt>
                  <dd>
                    <NavLink to="/user/account/balance" match="none">
                      ¥{formatMoney(user.money)}
                    </NavLink>
                  </dd>
                </div>
                <div className="kv">
                  <dt>{t('user.lastLogin')}</dt>
                  <dd>{formatDate(user.last_login_time, undefined, tz, { none })}</dd>
                </div>
                <div className="kv">
                  <dt>{t('user.lastLoginIp')}</dt>
                  <dd>{user.last_login_ip || none}</dd>
                </div>
                <div className="kv">
                  <dt>{t('user.joinTime')}</dt>
                  <dd>{formatDate(user.join_time, 'YYYY-MM-DD', tz, { none })}</dd>
                </div>
                <div className="kv">
                  <dt>{t('user.username')}</dt>
                  <dd>{user.username}</dd>
                </div>
              </dl>
            </section>

            {shortcuts.length > 0 ? (
              <section className="card" aria-labelledby="ov-quick">
                <h2 id="ov-quick" className="card-title">
                  {t('quickTitle')}
                </h2>
                <ul className="shortcut-grid">
                  {shortcuts.map((s) => (
                    <li key={s.id}>
                      <NavLink to={s.href} className="shortcut" match="none">
                        <span className="shortcut-icon">
                          <Icon name={routeIcon(s.href)} size={20} />
                        </span>
                        <span>{s.title}</span>
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            <section className="card" aria-labelledby="ov-stats">
              <h2 id="ov-stats" className="card-title">
                {t('statsTitle')}
              </h2>
              <Notice kind="info" role="status">
                <p>{t('statsNotice')}</p>
              </Notice>
            </section>
          </div>
        );
      }}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
