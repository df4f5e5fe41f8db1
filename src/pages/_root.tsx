/**
 * The HTML document. Language and theme are chosen on the server (cookies `ba-lang`,
 * `ba-theme`), so `<html lang>` is right and the dark theme never flashes light first.
 */
import type { ReactNode } from 'react';
import { formatDate } from '~/lib/format';
import { getPortalView } from '~/server/portal';

export default async function Root({ children }: { children: ReactNode }) {
  const view = await getPortalView();
  return (
    // data-site-today: the portal's day in the site's time zone, the date picker's "today" (issue #29).
    <html
      lang={view.locale}
      data-theme={view.theme}
      data-site-today={formatDate(Date.now(), 'YYYY-MM-DD', view.site.timezone || 'Asia/Shanghai')}
    >
      <head>
        {/* Waku adds the charset and viewport meta tags itself. */}
        <meta name="theme-color" content={view.theme === 'dark' ? '#0f1620' : '#ffffff'} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body>{children}</body>
    </html>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
