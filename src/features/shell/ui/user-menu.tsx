/** The user dropdown in the header: avatar + nickname, member-centre link, nav_user_menu entries, logout. */
import { Avatar } from '~/ui/avatar';
import { Icon, routeIcon } from '~/ui/icon';
import { MenuLink } from './menu-link';
import { NavAnchor } from '~/ui/nav-anchor';
import { StaticRegion } from '~/ui/static-region';
import type { Translator } from '~/lib/i18n';
import type { MenuItem } from '~/lib/types';

export function UserMenu({ t, nickname, avatar, items }: { t: Translator; nickname: string; avatar: string; items: MenuItem[] }) {
  return (
    // A static region: no islands inside (links are a[data-nav], logout is a plain form post).
    <StaticRegion id="user-menu" as="details" className="dropdown user-menu" attrs={{ 'data-autoclose': '' }}>
      <summary className="dropdown-trigger">
        <Avatar src={avatar} name={nickname} size={28} />
        {/* The name comes from the visible text, prefixed for screen readers (label matches content). */}
        <span className="sr-only">{t('nav.userMenu')}: </span>
        <span className="user-menu-name" translate="no">
          {nickname}
        </span>
        <Icon name="chevronDown" size={16} className="dropdown-caret" />
      </summary>
      <div className="dropdown-panel">
        <NavAnchor to="/user" className="dropdown-item" match="none">
          <Icon name="grid" />
          <span>{t('nav.memberCenter')}</span>
        </NavAnchor>
        {items.map((item) => (
          <MenuLink key={item.id} item={item} className="dropdown-item">
            <Icon name={routeIcon(item.href)} />
            <span>{item.title}</span>
          </MenuLink>
        ))}
        <form method="post" action="/user/logout" className="dropdown-form">
          <button type="submit" className="dropdown-item danger">
            <Icon name="logout" />
            <span>{t('nav.logout')}</span>
          </button>
        </form>
      </div>
    </StaticRegion>
  );
}
