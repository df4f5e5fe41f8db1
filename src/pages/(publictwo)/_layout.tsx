/** The second public layout (offer, product): solid header, content column, footer. */
import type { ReactNode } from 'react';
import { SiteFooter, SiteHeader } from '~/features/shell/ui';
import { pageContext } from '~/ui/page-context';

export default async function PublicTwoLayout({ children }: { children: ReactNode }) {
  const { view, t } = await pageContext();
  return (
    <div className="public-shell publictwo-shell">
      <SiteHeader t={t} view={view} variant="solid" />
      <main id="main" className="publictwo-main">
        {children}
      </main>
      <SiteFooter t={t} site={view.site} />
    </div>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
