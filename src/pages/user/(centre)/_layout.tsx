/**
 * Member-centre shell: header (head nav, user dropdown, language, theme), the sidebar
 * (a drawer below 992 px, toggled by a checkbox so it works without JS), the main column
 * and the footer. The area under the 60 px header is 100vh - 60px and scrolls on its own.
 */
import type { ReactNode } from 'react';
import { MemberHeader, MemberSidebar, MenuToggle, SiteFooter } from '~/features/shell/ui';
import { pageContext } from '~/ui/page-context';
import { memberShellEtag } from '~/server/shell-etag';
import { waitingWorkTag } from '~/features/operator';
import { ViewAsBanner } from '~/features/operator/ui';

export default async function CentreLayout({ children }: { children: ReactNode }) {
  const { view, t } = await pageContext();
  return (
    <div className="member-shell">
      <MenuToggle id="member-drawer" className="drawer-toggle" controls="member-aside" label={t('nav.openMenu')} />
      <MemberHeader t={t} view={view} />
      <div className="member-body">
        <div className="member-columns">
          <MemberSidebar t={t} view={view} />
          {/* biome-ignore lint/a11y/noLabelWithoutControl: the scrim closes the drawer for pointer users; keyboard users have the menu button */}
          <label htmlFor="member-drawer" className="drawer-scrim" aria-hidden="true" />
          <main id="main" className="member-main">
            <ViewAsBanner view={view} />
            {children}
          </main>
        </div>
        <SiteFooter t={t} site={view.site} compact />
      </div>
    </div>
  );
}

/** The shell's tag, plus staff's waiting-work counts (their sidebar shows them). */
async function shellEtag(): Promise<string | undefined> {
  const tag = await memberShellEtag();
  return tag && tag + (await waitingWorkTag());
}

// Kept by Waku's client across in-app navigations while its tag stays (src/server/shell-etag.ts).
export const getConfig = async () => ({ render: 'dynamic', unstable_getEtag: shellEtag }) as const;
