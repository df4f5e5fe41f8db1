/** Root layout: global styles, the skip link, the browser runtime and the toasts. */
import type { ReactNode } from 'react';
import '../styles/index.css';
import { pageContext } from '~/ui/page-context';
import { ClientRuntime } from '~/ui/client-runtime';
import { Notifications } from '~/ui/notifications';
import { requestMessages } from '~/lib/http/messages';

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { t, view } = await pageContext();
  const m = requestMessages(view.locale === 'en' ? 'en' : 'zh-cn');
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      {children}
      <ClientRuntime />
      <Notifications labels={{ close: m.close, loading: m.loading }} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
