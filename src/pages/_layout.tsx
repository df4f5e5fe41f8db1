/** Root layout: global styles and the skip link. What runs in the browser on every page is the page script (src/lib/page-script). */
import type { ReactNode } from 'react';
import '../styles/index.css';
import { pageContext } from '~/components/page-context';

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { t } = await pageContext();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      {children}
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
