/** Public layout (home): transparent header over the hero, then the footer. */
import type { ReactNode } from 'react';
import { SiteFooter, SiteHeader } from '~/features/shell/ui';
import { pageContext } from '~/ui/page-context';

export default async function PublicLayout({ children }: { children: ReactNode }) {
  const { view, t } = await pageContext();
  return (
    <div className="public-shell">
      <SiteHeader t={t} view={view} variant="hero" />
      <main id="main">{children}</main>
      <SiteFooter t={t} site={view.site} />
    </div>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
