/** Member-centre header: drawer button (narrow screens), brand, head nav, user dropdown, prefs. */
import { Brand } from './brand';
import { HeadNav } from './head-nav';
import { Icon } from './icon';
import { NotificationBell } from './notification-bell';
import { PrefsBar } from './prefs-bar';
import { UserMenu } from './user-menu';
import { pagePath } from './page-context';
import type { Translator } from '~/lib/i18n';
import type { PortalView } from '~/server/portal';

export function MemberHeader({ t, view }: { t: Translator; view: PortalView }) {
  const user = view.user;
  return (
    <header className="site-header site-header-solid member-header">
      <div className="site-header-inner">
        <label htmlFor="member-drawer" className="icon-btn drawer-btn" aria-hidden="true">
          <Icon name="menu" />
        </label>
        <Brand siteName={view.site.siteName} />
        <div className="site-nav-wrap member-nav-wrap">
          <HeadNav t={t} items={view.centre.headNav} />
        </div>
        <div className="header-actions">
          {user ? <NotificationBell locale={view.locale} timeZone={view.timeZone} /> : null}
          {user ? <UserMenu t={t} nickname={user.nickname || user.username} avatar={user.avatar} items={view.centre.navUserMenus} /> : null}
          <PrefsBar t={t} locale={view.locale} theme={view.theme} path={pagePath(view.path)} />
        </div>
      </div>
    </header>
  );
}
