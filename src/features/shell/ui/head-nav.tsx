/** Head navigation: Home plus the server's `nav` rules (nested entries become a small dropdown). */
import { Icon } from '~/ui/icon';
import { MenuLink } from './menu-link';
import { NavAnchor } from '~/ui/nav-anchor';
import type { Translator } from '~/lib/i18n';
import type { MenuItem } from '~/lib/types';

function Entry({ item }: { item: MenuItem }) {
  if (item.children.length === 0) return <MenuLink item={item} className="nav-item" />;
  return (
    <details className="dropdown nav-dropdown" data-autoclose>
      <summary className="nav-item">
        {item.title}
        <Icon name="chevronDown" size={14} className="dropdown-caret" />
      </summary>
      <div className="dropdown-panel">
        {item.type !== 'menu_dir' && item.href && item.href !== '/' ? <MenuLink item={item} className="dropdown-item" /> : null}
        {item.children.map((c) => (
          <Entry key={c.id} item={c} />
        ))}
      </div>
    </details>
  );
}

export function HeadNav({ t, items, className = 'site-nav' }: { t: Translator; items: MenuItem[]; className?: string }) {
  return (
    <nav className={className} aria-label={t('nav.mainNav')}>
      <NavAnchor to="/" className="nav-item">
        {t('nav.home')}
      </NavAnchor>
      {items
        .filter((item) => item.href !== '/') // Home is always first; skip a server entry for it
        .map((item) => (
          <Entry key={item.id} item={item} />
        ))}
    </nav>
  );
}
