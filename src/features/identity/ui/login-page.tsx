/**
 * Login (no layout: its own header and footer). Works without JavaScript: a POST form to
 * /user/login with `account`, `password`, `keep` and the hidden `to` from `?to=`; the server
 * sends failures back as `?error=<key>`. With JavaScript the LoginForm island validates as you
 * type and logs in through POST /userapi/v1/user/login.
 */
import { apiMessage } from '~/features/_shared/messages';
import { safeLocalPath } from '~/lib/safe-path';
import { unstable_redirect } from 'waku/router/server';
import { PlainHeader, SiteFooter } from '~/features/shell/ui';
import { Icon } from '~/ui/icon';
import { PageTitle } from '~/ui/page-title';
import { pageContext } from '~/ui/page-context';
import { loginText } from '../texts';
import { loginCaptchaOn } from '../sign-in';
import { LoginCard, type LoginTab } from './login-card';
import { getDb } from '~/server/db/client';
import { availableChannels } from '~/server/delivery';

export async function LoginPage({ query }: { query?: string }) {
  const { view, t } = await pageContext('user/login');
  const tx = loginText(view.locale);
  const params = new URLSearchParams(query ?? '');
  const to = safeLocalPath(params.get('to')) ?? '';
  if (view.user) throw unstable_redirect((to || '/user') as '/user');

  const errorKey = params.get('error') ?? '';
  // Only known keys are shown, never text from the URL.
  const known = /^[\w.]+$/.test(errorKey) ? apiMessage(view.locale, errorKey) : errorKey;
  const error = !errorKey
    ? ''
    : known !== errorKey
      ? known
      : Object.hasOwn(tx.errors, errorKey)
        ? tx.errors[errorKey as keyof typeof tx.errors]
        : tx.errors.unknown;

  const tabParam = params.get('tab');
  const tab: LoginTab = tabParam === 'register' || tabParam === 'retrieve' ? tabParam : 'login';
  const asides = ['a', 'b', 'c'] as const;
  return (
    <div className="login-shell">
      <PageTitle page={tx.title} siteName={view.site.siteName} />
      <PlainHeader t={t} view={view} path={to ? `/user/login?to=${encodeURIComponent(to)}` : '/user/login'} className="login-header">
        <a href="/" className="btn btn-ghost btn-sm hide-xs">
          {t('nav.home')}
        </a>
      </PlainHeader>
      <main id="main" className="login-main">
        <div className="login-panel">
          <section className="login-aside" aria-hidden="true">
            <Icon name="shieldCheck" size={40} className="login-aside-icon" />
            <p className="login-aside-title">{tx.asideTitle}</p>
            <ul>
              {asides.map((k) => (
                <li key={k}>
                  <Icon name="check" size={18} />
                  {tx.aside[k]}
                </li>
              ))}
            </ul>
          </section>
          {/* A closed centre still lets operators sign in; members read that it is closed. */}
          <LoginCard
            tx={tx}
            t={t}
            locale={view.locale}
            siteName={view.site.siteName}
            tab={view.openMemberCenter ? tab : 'login'}
            to={to}
            error={view.openMemberCenter ? error : error || tx.errors.closed}
            account={(params.get('account') ?? '').slice(0, 64)}
            captcha={await loginCaptchaOn(getDb())}
            channels={view.openMemberCenter ? availableChannels() : []}
          />
        </div>
      </main>
      <SiteFooter t={t} site={view.site} compact />
    </div>
  );
}
