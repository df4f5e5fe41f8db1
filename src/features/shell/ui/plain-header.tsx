/**
 * The header of the pages outside both shells (login, not found): the brand, then the page's own
 * actions and the language and theme switches, on the solid background.
 */
import type { ReactNode } from 'react';
import type { Translator } from '~/lib/i18n';
import type { PortalView } from '~/server/portal';
import { Brand } from './brand';
import { PrefsBar } from './prefs-bar';

export function PlainHeader({
  t,
  view,
  path,
  className,
  children,
}: {
  t: Translator;
  view: PortalView;
  /** The page's path, where the language and theme switches come back to. */
  path: string;
  /** A class of the page's own beside `site-header site-header-solid`. */
  className?: string;
  /** Actions before the switches. */
  children?: ReactNode;
}) {
  return (
    <header className={className ? `site-header site-header-solid ${className}` : 'site-header site-header-solid'}>
      <div className="site-header-inner">
        <Brand siteName={view.site.siteName} />
        <div className="header-actions">
          {children}
          <PrefsBar t={t} locale={view.locale} theme={view.theme} path={path} />
        </div>
      </div>
    </header>
  );
}
