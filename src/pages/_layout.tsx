/** Root layout: global styles, the skip link and the collapse-after-navigation helper. */
import type { ReactNode } from 'react';
import '../styles/index.css';
import { ClientRuntime } from '~/islands/client-runtime';
import { CollapseOnNavigate } from '~/islands/collapse-on-navigate';
import { Notifications } from '~/islands/notifications';
import { TimeZoneSync } from '~/islands/time-zone-sync';
import { pageContext } from '~/components/page-context';

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { t } = await pageContext();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      {children}
      <CollapseOnNavigate />
      <ClientRuntime />
      <Notifications />
      <TimeZoneSync />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
