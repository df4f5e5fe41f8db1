/**
 * Member-centre sidebar: avatar block (nickname, integral, balance) and the member menus
 * (`centre.userMenus`), with a group headline only when `centre.showHeadline`. On narrow
 * screens the same aside is the drawer, and it also carries the head navigation.
 * Staff (members holding the operator console's section) see the console first, each queue with
 * its count of waiting work, and no points/balance card: those are a customer's.
 * It has no islands: it is a static region (rendered to HTML once, not hydrated), and its links
 * are `a[data-nav]` served by the one delegated navigation listener.
 */
import { Avatar } from '~/ui/avatar';
import { HeadNav } from './head-nav';
import { Icon, routeIcon } from '~/ui/icon';
import { MenuLink } from './menu-link';
import { NavAnchor } from '~/ui/nav-anchor';
import { StaticRegion } from '~/ui/static-region';
import { formatMoney } from '~/lib/format';
import type { Translator } from '~/lib/i18n';
import { consoleFirst, isConsoleSection } from '~/lib/member-centre';
import type { MenuItem } from '~/lib/types';
import type { PortalView } from '~/server/portal';
import { getDb } from '~/server/db/client';
import { queueOf, type WaitingWork, waitingWork } from '~/features/operator';
import { fill, operatorText } from '~/features/operator/texts';

function Item({ item, waiting, badge }: { item: MenuItem; waiting?: number; badge: string }) {
  return (
    <li>
      <MenuLink item={item} className="side-link">
        <Icon name={routeIcon(item.href)} />
        <span className="side-link-title">{item.title}</span>
        {waiting ? (
          <span className="side-count" data-queue={queueOf(item.href)}>
            <span aria-hidden="true">{waiting > 99 ? '99+' : waiting}</span>
            <span className="sr-only">{fill(badge, { n: waiting })}</span>
          </span>
        ) : null}
        {item.menuType === 'link' ? <Icon name="external" size={14} className="side-link-ext" /> : null}
      </MenuLink>
    </li>
  );
}

/** The counts of the queues among the console's entries (none for members without the console). */
async function consoleCounts(groups: MenuItem[], timeZone: string): Promise<WaitingWork> {
  const section = groups.find(isConsoleSection);
  if (!section) return {};
  const queues = section.children.map((c) => queueOf(c.href)).filter((q) => q !== undefined);
  return queues.length ? waitingWork(getDb(), timeZone, queues) : {};
}

export async function MemberSidebar({ t, view }: { t: Translator; view: PortalView }) {
  const user = view.user;
  const groups = consoleFirst(view.centre.userMenus);
  const staff = groups.some(isConsoleSection);
  const counts = staff ? await consoleCounts(groups, view.site.timezone) : {};
  const ot = operatorText(view.locale);
  const item = (c: MenuItem) => {
    const q = queueOf(c.href);
    return <Item key={c.id} item={c} waiting={q ? counts[q] : undefined} badge={ot.waiting.badge} />;
  };
  return (
    <StaticRegion
      id="member-aside"
      as="aside"
      className="member-aside"
      attrs={{ id: 'member-aside', 'data-testid': 'member-sidebar', 'aria-label': t('nav.memberNav') }}
    >
      {user ? (
        <div className="aside-card profile-card">
          <NavAnchor to="/user/account/profile" className="profile-avatar" match="none" aria-label={t(['route', '/user/account/profile'])}>
            <Avatar src={user.avatar} name={user.nickname || user.username} size={64} />
          </NavAnchor>
          <p className="profile-name" translate="no">
            {user.nickname || user.username}
          </p>
          <p className="profile-sub muted" translate="no">
            @{user.username}
          </p>
          {staff ? (
            <p className="profile-role">{ot.staff}</p>
          ) : (
            <div className="profile-stats">
              <NavAnchor to="/user/account/integral" className="stat" match="none">
                <span className="stat-label">{t('user.points')}</span>
                <strong className="stat-value">{user.score}</strong>
              </NavAnchor>
              <NavAnchor to="/user/account/balance" className="stat" match="none">
                <span className="stat-label">{t('user.balance')}</span>
                <strong className="stat-value">{formatMoney(user.money)}</strong>
              </NavAnchor>
            </div>
          )}
        </div>
      ) : null}
      <nav className="aside-card side-menu" aria-label={t('nav.memberNav')}>
        {groups.map((g) =>
          g.type === 'menu_dir' ? (
            <div className="side-group" key={g.id}>
              {view.centre.showHeadline ? <p className="side-headline">{g.title}</p> : null}
              <ul>{g.children.map(item)}</ul>
            </div>
          ) : (
            <ul key={g.id}>{item(g)}</ul>
          ),
        )}
      </nav>
      <div className="aside-card side-menu drawer-only">
        <HeadNav t={t} items={view.centre.headNav} className="side-headnav" />
      </div>
    </StaticRegion>
  );
}
