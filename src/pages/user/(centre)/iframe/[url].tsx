/**
 * `/user/iframe/{encoded url}`: an external page inside the member centre. Waku hands the
 * segment over percent-encoded once, so it is decoded exactly once here.
 * Only http(s) pages whose host is on the site's `iframeHosts` allow-list are embedded
 * (the page CSP's frame-src lists the same hosts); anything else gets a clear refusal.
 */
import type { PageProps } from 'waku/router';
import { Icon } from '~/ui/icon';
import { PageFrame } from '~/ui';
import { Notice } from '~/ui/notice';
import { checkIframeUrl } from '~/lib/iframe-url';
import { getDb } from '~/server/db/client';
import { getSiteConfig } from '~/server/site-config';

function decodeOnce(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

export default async function IframePage({ url }: PageProps<'/user/iframe/[url]'>) {
  const { iframeHosts } = await getSiteConfig(getDb());
  const check = checkIframeUrl(decodeOnce(url), iframeHosts);
  const target = check.ok ? check.url : null;
  return (
    <PageFrame
      page="user/iframe"
      bare
      render={({ t }) =>
        target ? (
          <div className="iframe-wrap">
            <p className="iframe-bar">
              <span className="iframe-host">{target.host}</span>
              <a href={target.href} target="_blank" rel="noopener noreferrer" className="link-arrow">
                {t('openNew')}
                <Icon name="external" size={14} />
              </a>
            </p>
            <iframe
              className="iframe-frame"
              src={target.href}
              title={t('frameTitle')}
              sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
              referrerPolicy="no-referrer"
              loading="lazy"
            />
          </div>
        ) : (
          <Notice kind="danger" title={t('title')} role="alert">
            <p>
              {t(check.ok ? 'invalid' : check.reason === 'host' ? 'notAllowed' : check.reason === 'protocol' ? 'badProtocol' : 'invalid')}
            </p>
          </Notice>
        )
      }
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
