/**
 * Account overview, the member's insurance desk (#29): a greeting with the contact markers, the
 * four counts a member looks for (cover in force and people covered, orders to pay, claims needing
 * documents, cover ending within 30 days), the tasks that wait on the member with the action beside
 * each, what the insurer or broker is handling, premium per month for the last year, balance and
 * points with their latest entries, the balance runway (#31), and shortcuts. The previous sign-in
 * moved to the profile's devices section. Static markup (a static region, links are a[data-nav]).
 */
import './account.css';
import { loadRunway } from '~/features/runway';
import { RunwayCard, RunwayStyles } from '~/features/runway/ui';
import { greeting, hourIn } from '~/lib/format';
import type { MenuItem } from '~/lib/types';
import { getDb } from '~/server/db/client';
import { allowPageCache } from '~/server/page-cache';
import { PageFrame } from '~/ui';
import { Avatar } from '~/ui/avatar';
import { CardSection } from '~/ui/card-section';
import { Icon, routeIcon } from '~/ui/icon';
import { NavAnchor } from '~/ui/nav-anchor';
import { StaticRegion } from '~/ui/static-region';
import { loadDesk } from '../desk';
import { loadOverview } from '../overview';
import { accountText } from '../texts';
import { DeskLedgers, DeskPremium, DeskTasks, DeskTiles, DeskWaiting } from './desk';

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => (i.type === 'menu_dir' ? flatten(i.children) : [i]));
}

export function OverviewPage() {
  allowPageCache(); // the member's (and team's) records, ledgers and config: all versioned; the hour is part of the key (decision 0009)
  return (
    <PageFrame
      page="user/account/overview"
      actions={({ view }) => (
        <NavAnchor to="/user/account/profile" className="btn btn-ghost btn-sm" match="none">
          <Icon name="user" size={16} />
          {accountText(view.locale).overview.toProfile}
          {/* Outside the static region below, so the page links the runway card's stylesheet. */}
          <RunwayStyles />
        </NavAnchor>
      )}
      render={async ({ view, t }) => {
        const user = view.user!;
        const o = accountText(view.locale).overview;
        const tz = view.timeZone;
        const name = user.nickname || user.username;
        const sep = view.locale === 'zh-cn' ? '' : ' ';
        const hello = `${t(greeting(hourIn(Date.now(), tz)))}${sep}${t('greeting.welcomeBack')}`;
        const db = getDb();
        const [facts, desk, runway] = await Promise.all([
          loadOverview(db, user.id, 7, tz),
          loadDesk(db, user.id, view.locale, tz),
          loadRunway(db, user.id),
        ]);
        const shortcuts = flatten(view.centre.userMenus)
          .filter((i) => !i.href.startsWith('/user/account/') && i.menuType === 'tab')
          .slice(0, 6);
        const contact = [
          { key: 'mobile', icon: 'phone' as const, filled: facts.mobileFilled },
          { key: 'email', icon: 'mail' as const, filled: facts.emailFilled },
        ];
        return (
          // No islands here: one static region (rendered once to HTML, not hydrated).
          <StaticRegion id="account-overview" className="overview">
            <div className="hello-row overview-hello">
              <NavAnchor to="/user/account/profile" match="none" title={o.toProfile}>
                <Avatar src={user.avatar} name={name} size={60} />
                <span className="sr-only">{o.toProfile}</span>
              </NavAnchor>
              <div className="hello-text">
                <p className="hello-line">
                  <strong translate="no">{name}</strong>
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

            <DeskTiles desk={desk} locale={view.locale} />
            <RunwayCard view={runway} locale={view.locale} />
            <div className="desk-columns">
              <DeskTasks desk={desk} locale={view.locale} />
              <DeskWaiting desk={desk} locale={view.locale} timeZone={tz} />
            </div>
            <DeskPremium desk={desk} locale={view.locale} />
            <DeskLedgers desk={desk} locale={view.locale} timeZone={tz} balance={facts.money_balance} points={facts.score_balance} />

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
          </StaticRegion>
        );
      }}
    />
  );
}
