/**
 * Public header (home, offer, product): brand, head nav, member entry, language and theme.
 * Below 768 px the nav folds behind a menu button (a checkbox toggle, so it works without JS).
 */
import { Brand } from './brand';
import { HeadNav } from './head-nav';
import { MenuToggle } from './menu-toggle';
import { Icon } from '~/ui/icon';
import { PrefsBar } from './prefs-bar';
import { UserMenu } from './user-menu';
import { pagePath } from '~/ui/page-context';
import type { Translator } from '~/lib/i18n';
import type { PortalView } from '~/server/portal';

export function SiteHeader({ t, view, variant = 'solid' }: { t: Translator; view: PortalView; variant?: 'solid' | 'hero' }) {
  const path = pagePath(view.path);
  return (
    <header className={`site-header site-header-${variant}`}>
      <div className="site-header-inner">
        <Brand siteName={view.site.siteName} />
        <MenuToggle id="site-nav-toggle" className="nav-toggle" controls="site-nav" label={t('nav.openMenu')} />
        <label htmlFor="site-nav-toggle" className="icon-btn nav-toggle-btn" aria-hidden="true">
          <Icon name="menu" className="when-closed" />
          <Icon name="close" className="when-open" />
        </label>
        <div className="site-nav-wrap" id="site-nav">
          <HeadNav t={t} items={view.centre.headNav} />
          {view.openMemberCenter && !view.user ? (
            <p className="nav-mobile-only">
              <a href="/user" className="btn btn-primary">
                {t('nav.memberCenter')}
              </a>
            </p>
          ) : null}
        </div>
        <div className="header-actions">
          {view.openMemberCenter ? (
            view.user ? (
              <UserMenu
                t={t}
                nickname={view.user.nickname || view.user.username}
                avatar={view.user.avatar}
                items={view.centre.navUserMenus}
              />
            ) : (
              <a href="/user" className="btn btn-primary btn-sm header-member-btn">
                {t('nav.memberCenter')}
              </a>
            )
          ) : null}
          <PrefsBar t={t} locale={view.locale} theme={view.theme} path={path} />
        </div>
      </div>
    </header>
  );
}
