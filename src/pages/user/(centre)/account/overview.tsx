/**
 * Account overview: greeting for the member's local time, contact markers, points and balance
 * (links to their ledgers), the previous login (not this session's), shortcuts, and a server-rendered
 * chart of daily balance and points changes for 7 or 30 days (`?days=30`, in the URL). Static
 * markup (a static region, links are a[data-nav]).
 */
import type { PageProps } from 'waku/router';
import { AccountChart } from '~/components/account-chart';
import { Avatar } from '~/ui/avatar';
import { Icon, routeIcon } from '~/ui/icon';
import { PageFrame } from '~/ui';
import { NavAnchor } from '~/ui/nav-anchor';
import { StaticRegion } from '~/ui/static-region';
import { loadOverview } from '~/features/account';
import { formatDate, formatMoney, greeting, hourIn } from '~/lib/format';
import { fenToYuan } from '~/lib/money';
import type { MenuItem } from '~/lib/types';
import { getDb } from '~/server/db/client';
import { allowPageCache } from '~/server/page-cache';

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => (i.type === 'menu_dir' ? flatten(i.children) : [i]));
}

const signed = (s: string) => (s.startsWith('-') ? s : `+${s}`);

export default function OverviewPage({ query }: PageProps<'/user/account/overview'>) {
  allowPageCache(); // member, ledgers and config; the greeting's hour is part of the key (decision 0009)
  const days = new URLSearchParams(query ?? '').get('days') === '30' ? 30 : 7;
  return (
    <PageFrame
      page="user/account/overview"
      actions={({ t }) => (
        <NavAnchor to="/user/account/profile" className="btn btn-ghost btn-sm" match="none">
          <Icon name="user" size={16} />
          {t('toProfile')}
        </NavAnchor>
      )}
      render={async ({ view, t }) => {
        const user = view.user!;
        const tz = view.timeZone;
        const none = t('None');
        const name = user.nickname || user.username;
        const sep = view.locale === 'zh-cn' ? '' : ' ';
        const hello = `${t(greeting(hourIn(Date.now(), tz)))}${sep}${t('greeting.welcomeBack')}`;
        const facts = await loadOverview(getDb(), user.id, days, tz);
        const shortcuts = flatten(view.centre.userMenus)
          .filter((i) => !i.href.startsWith('/user/account/') && i.menuType === 'tab')
          .slice(0, 6);
        const contact = [
          { key: 'mobile', icon: 'phone' as const, filled: facts.mobileFilled },
          { key: 'email', icon: 'mail' as const, filled: facts.emailFilled },
        ];
        const common = { days: facts.days, totalLabel: t('net'), dayLabel: t('day'), valueLabel: t('change') };
        return (
          // No islands here: one static region (rendered once to HTML, not hydrated).
          <StaticRegion id="account-overview" className="overview">
            <section className="card overview-hello" aria-labelledby="ov-info">
              <h2 id="ov-info" className="card-title">
                {t('infoTitle')}
              </h2>
              <div className="hello-row">
                <NavAnchor to="/user/account/profile" match="none" title={t('toProfile')}>
                  <Avatar src={user.avatar} name={name} size={60} />
                  <span className="sr-only">{t('toProfile')}</span>
                </NavAnchor>
                <div className="hello-text">
                  <p className="hello-line">
                    <strong>{name}</strong>
                    {view.locale === 'zh-cn' ? '，' : ', '}
                    {hello}
                  </p>
                  <ul className="contact-badges">
                    {contact.map((c) => (
                      <li key={c.key}>
                        <NavAnchor
                          to="/user/account/profile"
                          match="none"
                          className={c.filled ? 'badge badge-ok' : 'badge'}
                          title={`${c.filled ? t('filled') : t('notFilled')} ${t(['user', c.key])}`}
                        >
                          <Icon name={c.icon} size={14} />
                          <span>{t(['user', c.key])}</span>
                          <span className="sr-only">: {c.filled ? t('filled') : t('notFilled')}</span>
                          {c.filled ? <Icon name="check" size={12} /> : null}
                        </NavAnchor>
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
              <dl className="kv-grid">
                <div className="kv kv-stat">
                  <dt>{t('user.points')}</dt>
                  <dd>
                    <NavAnchor to="/user/account/integral" match="none">
                      {facts.score_balance}
                    </NavAnchor>
                  </dd>
                </div>
                <div className="kv kv-stat">
                  <dt>{t('user.balance')}</dt>
                  <dd>
                    <NavAnchor to="/user/account/balance" match="none">
                      ¥{formatMoney(fenToYuan(facts.money_balance))}
                    </NavAnchor>
                  </dd>
                </div>
                <div className="kv">
                  <dt>{t('user.lastLogin')}</dt>
                  <dd>{formatDate(facts.prevLoginTime, undefined, tz, { none })}</dd>
                </div>
                <div className="kv">
                  <dt>{t('user.lastLoginIp')}</dt>
                  <dd>{facts.prevLoginIp || none}</dd>
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
                      <NavAnchor to={s.href} className="shortcut" match="none">
                        <span className="shortcut-icon">
                          <Icon name={routeIcon(s.href)} size={20} />
                        </span>
                        <span>{s.title}</span>
                      </NavAnchor>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            <section className="card" aria-labelledby="ov-stats">
              <div className="card-head">
                <h2 id="ov-stats" className="card-title">
                  {t('statsTitle')}
                </h2>
                <nav className="account-range" aria-label={t('range')}>
                  {([7, 30] as const).map((n) => (
                    <NavAnchor
                      key={n}
                      to={n === 7 ? '/user/account/overview' : '/user/account/overview?days=30'}
                      match="none"
                      className={n === days ? 'is-on' : undefined}
                    >
                      {t(n === 7 ? 'range7' : 'range30')}
                    </NavAnchor>
                  ))}
                </nav>
              </div>
              <p className="account-hint">{t('statsLead')}</p>
              <div className="account-charts">
                <AccountChart
                  id="ov-money"
                  series="money"
                  title={t('moneySeries')}
                  values={facts.money}
                  format={(n) => signed(formatMoney(fenToYuan(n)))}
                  {...common}
                />
                <AccountChart
                  id="ov-score"
                  series="score"
                  title={t('scoreSeries')}
                  values={facts.score}
                  format={(n) => (n > 0 ? `+${n}` : String(n))}
                  {...common}
                />
              </div>
            </section>
          </StaticRegion>
        );
      }}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
