/** Not found: HTTP 404 with `Page not found: {path}` and the title `Page Not Found - {siteName}` (页面不存在 in Chinese). */
import { PlainHeader, SiteFooter } from '~/features/shell/ui';
import { Icon } from '~/ui/icon';
import { PageTitle } from '~/ui/page-title';
import { pageContext, pagePath } from '~/ui/page-context';

export default async function NotFound() {
  const { view, t } = await pageContext();
  const path = pagePath(view.path);
  return (
    <div className="plain-shell">
      {/* The spec's default title (Page Not Found) in the page's language: 页面不存在 on a Chinese page (#29). */}
      <PageTitle page={t('error.pageNotFoundTitle')} siteName={view.site.siteName} />
      <PlainHeader t={t} view={view} path={path} />
      <main id="main" className="error-main">
        <div className="error-card">
          <p className="error-code" aria-hidden="true">
            404
          </p>
          <h1>{t('error.pageNotFoundTitle')}</h1>
          <p className="error-text">{t('error.pageNotFound', { path })}</p>
          <p className="error-actions">
            <a href="/" className="btn btn-primary">
              <Icon name="home" />
              {t('error.backHome')}
            </a>
            {view.user ? (
              <a href="/user" className="btn btn-ghost">
                {t('nav.memberCenter')}
              </a>
            ) : null}
          </p>
        </div>
      </main>
      <SiteFooter t={t} site={view.site} compact />
    </div>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
