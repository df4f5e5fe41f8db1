/** Root layout: global styles, the skip link, the browser runtime and the toasts. */
import type { ReactNode } from 'react';
import '../styles/index.css';
import { pageContext } from '~/components/page-context';
import { ClientRuntime } from '~/islands/client-runtime';
import { Notifications } from '~/islands/notifications';

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { t } = await pageContext();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      {children}
      <ClientRuntime />
      <Notifications />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
