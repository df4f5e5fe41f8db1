/**
 * `/user/iframe/{encoded url}`: an external page inside the member centre. Waku hands the
 * segment over percent-encoded once, so it is decoded exactly once here.
 * TODO(lead/server): check the host against site config `iframeHosts` (allow-list) before
 * rendering; until then only http(s) URLs are embedded, in a sandbox.
 */
import type { PageProps } from 'waku/router';
import { Icon } from '~/components/icon';
import { MemberPage } from '~/components/member-page';
import { Notice } from '~/components/notice';

function decodeOnce(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function embeddable(value: string | null): URL | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u : null;
  } catch {
    return null;
  }
}

export default async function IframePage({ url }: PageProps<'/user/iframe/[url]'>) {
  const target = embeddable(decodeOnce(url));
  return (
    <MemberPage
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
            <p>{t('invalid')}</p>
          </Notice>
        )
      }
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
