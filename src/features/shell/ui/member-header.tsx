/**
 * Member-centre header: drawer button (narrow screens), brand, head nav, bell, user dropdown, prefs.
 * Everything but the bell's button and the prefs is a static region (rendered once, not hydrated).
 */
import { Brand } from './brand';
import { HeadNav } from './head-nav';
import { Icon } from '~/ui/icon';
import { NotificationBell } from '~/features/notifications/ui';
import { PrefsBar } from './prefs-bar';
import { StaticRegion } from '~/ui/static-region';
import { UserMenu } from './user-menu';
import { pagePath } from '~/ui/page-context';
import type { Translator } from '~/lib/i18n';
import type { PortalView } from '~/server/portal';

export function MemberHeader({ t, view }: { t: Translator; view: PortalView }) {
  const user = view.user;
  return (
    <header className="site-header site-header-solid member-header">
      <div className="site-header-inner">
        {/* Static region without a box of its own (display: contents): the header's flex row is unchanged. */}
        <StaticRegion id="member-header-start" className="static-contents">
          <label htmlFor="member-drawer" className="icon-btn drawer-btn" aria-hidden="true">
            <Icon name="menu" />
          </label>
          <Brand siteName={view.site.siteName} />
          <div className="site-nav-wrap member-nav-wrap">
            <HeadNav t={t} items={view.centre.headNav} />
          </div>
        </StaticRegion>
        <div className="header-actions">
          {user ? <NotificationBell locale={view.locale} timeZone={view.timeZone} /> : null}
          {user ? <UserMenu t={t} nickname={user.nickname || user.username} avatar={user.avatar} items={view.centre.navUserMenus} /> : null}
          <PrefsBar t={t} locale={view.locale} theme={view.theme} path={pagePath(view.path)} />
        </div>
      </div>
    </header>
  );
}
