/**
 * `/user` goes to the first route of the member's menu tree that is not a menu directory
 * (spec §2, searched depth-first); staff land in the operator console (its section comes first).
 */
import { unstable_redirect } from 'waku/router/server';
import { Notice } from '~/ui/notice';
import { PageTitle } from '~/ui/page-title';
import { pageContext } from '~/ui/page-context';
import { consoleFirst, firstRoute } from '~/lib/member-centre';

export default async function UserIndex() {
  const { view, t } = await pageContext();
  if (!view.user) throw unstable_redirect('/user/login?to=%2Fuser');
  const to = firstRoute(consoleFirst(view.centre.userMenus))?.href;
  if (to) throw unstable_redirect(`${to}` as `/user/${string}` as '/user/account/overview');
  return (
    <main id="main" className="error-main">
      <PageTitle page={t('nav.memberCenter')} siteName={view.site.siteName} />
      <div className="error-card">
        <Notice kind="warning" title={t('nav.memberCenter')} role="alert">
          <p>{t('notice.noRoute')}</p>
        </Notice>
        <p className="error-actions">
          <a href="/" className="btn btn-primary">
            {t('error.backHome')}
          </a>
        </p>
      </div>
    </main>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
