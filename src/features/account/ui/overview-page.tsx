/**
 * Account overview: greeting for the member's local time, contact markers, points and balance
 * (links to their ledgers), the previous login (not this session's), shortcuts, and a server-rendered
 * chart of daily balance and points changes for 7 or 30 days (`?days=30`, in the URL). Static
 * markup (a static region, links are a[data-nav]).
 */
import './account.css';
import { AccountChart } from './chart';
import { Avatar } from '~/ui/avatar';
import { CardSection } from '~/ui/card-section';
import { Icon, routeIcon } from '~/ui/icon';
import { PageFrame } from '~/ui';
import { accountText } from '../texts';
import { NavAnchor } from '~/ui/nav-anchor';
import { StaticRegion } from '~/ui/static-region';
import { loadOverview } from '../overview';
import { fen, formatDate, formatMoney, greeting, hourIn } from '~/lib/format';
import { fenToYuan } from '~/lib/money';
import type { MenuItem } from '~/lib/types';
import { getDb } from '~/server/db/client';
import { allowPageCache } from '~/server/page-cache';

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => (i.type === 'menu_dir' ? flatten(i.children) : [i]));
}

const signed = (s: string) => (s.startsWith('-') ? s : `+${s}`);

export function OverviewPage({ query }: { query?: string }) {
  allowPageCache(); // member, ledgers and config; the greeting's hour is part of the key (decision 0009)
  const days = new URLSearchParams(query ?? '').get('days') === '30' ? 30 : 7;
  return (
    <PageFrame
      page="user/account/overview"
      actions={({ view }) => (
        <NavAnchor to="/user/account/profile" className="btn btn-ghost btn-sm" match="none">
          <Icon name="user" size={16} />
          {accountText(view.locale).overview.toProfile}
        </NavAnchor>
      )}
      render={async ({ view, t }) => {
        const user = view.user!;
        const o = accountText(view.locale).overview;
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
        const common = { days: facts.days, totalLabel: o.net, dayLabel: o.day, valueLabel: o.change };
        return (
          // No islands here: one static region (rendered once to HTML, not hydrated).
          <StaticRegion id="account-overview" className="overview">
            <CardSection id="ov-info" title={o.infoTitle} className="overview-hello">
              <div className="hello-row">
                <NavAnchor to="/user/account/profile" match="none" title={o.toProfile}>
                  <Avatar src={user.avatar} name={name} size={60} />
                  <span className="sr-only">{o.toProfile}</span>
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
                          title={`${c.filled ? o.filled : o.notFilled} ${t(['user', c.key])}`}
                        >
                          <Icon name={c.icon} size={14} />
                          <span>{t(['user', c.key])}</span>
                          <span className="sr-only">: {c.filled ? o.filled : o.notFilled}</span>
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
                      {fen(facts.money_balance)}
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
            </CardSection>

            {shortcuts.length > 0 ? (
              <CardSection id="ov-quick" title={o.quickTitle}>
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
              </CardSection>
            ) : null}

            <section className="card" aria-labelledby="ov-stats">
              <div className="card-head">
                <h2 id="ov-stats" className="card-title">
                  {o.statsTitle}
                </h2>
                <nav className="account-range" aria-label={o.range}>
                  {([7, 30] as const).map((n) => (
                    <NavAnchor
                      key={n}
                      to={n === 7 ? '/user/account/overview' : '/user/account/overview?days=30'}
                      match="none"
                      className={n === days ? 'is-on' : undefined}
                    >
                      {n === 7 ? o.range7 : o.range30}
                    </NavAnchor>
                  ))}
                </nav>
              </div>
              <p className="account-hint">{o.statsLead}</p>
              <div className="account-charts">
                <AccountChart
                  id="ov-money"
                  series="money"
                  title={o.moneySeries}
                  values={facts.money}
                  format={(n) => signed(formatMoney(fenToYuan(n)))}
                  {...common}
                />
                <AccountChart
                  id="ov-score"
                  series="score"
                  title={o.scoreSeries}
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
