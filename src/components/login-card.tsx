/**
 * The login page's card: tabs for logging in, registering and resetting a password (`?tab=`,
 * plain links, so they work without JavaScript), each with its form island.
 */
import { CodeForm, type CodeFormText } from '~/islands/code-form';
import { LoginForm } from '~/islands/login-form';
import type { Translator } from '~/lib/i18n';
import type { Locale } from '~/lib/types';
import { captchaText } from './captcha-text';

export type LoginTab = 'login' | 'register' | 'retrieve';

export interface LoginCardProps {
  t: Translator;
  locale: Locale;
  siteName: string;
  tab: LoginTab;
  to: string;
  error: string;
  account: string;
  captcha: boolean;
  channels: ('email' | 'mobile')[];
}

const CODE_TEXT_KEYS = [
  'channel',
  'byEmail',
  'byMobile',
  'username',
  'password',
  'newPassword',
  'email',
  'mobile',
  'code',
  'submitting',
  'done',
] as const;
const VALIDATE_KEYS = ['required', 'invalid', 'account', 'password', 'email', 'mobile', 'code'];

export function LoginCard({ t, locale, siteName, tab, to, error, account, captcha, channels }: LoginCardProps) {
  const validate = Object.fromEntries(VALIDATE_KEYS.map((k) => [`validate.${k}`, t(['validate', k])]));
  const href = (next: LoginTab) => {
    const q = new URLSearchParams();
    if (next !== 'login') q.set('tab', next);
    if (to) q.set('to', to);
    const s = q.toString();
    return s ? `/user/login?${s}` : '/user/login';
  };
  const codeText = (mode: 'register' | 'retrieve'): CodeFormText => ({
    ...(Object.fromEntries(CODE_TEXT_KEYS.map((k) => [k, t(['codeForm', k])])) as Record<(typeof CODE_TEXT_KEYS)[number], string>),
    submit: t(mode === 'register' ? 'codeForm.submitRegister' : 'codeForm.submitRetrieve'),
    sendCode: { send: t('codeForm.send'), resend: t('codeForm.resend', { seconds: '{seconds}' }) },
    validate,
  });
  const heading = tab === 'register' ? t('registerHeading') : tab === 'retrieve' ? t('retrieveHeading') : t('heading', { siteName });
  const lead = tab === 'register' ? t('registerLead') : tab === 'retrieve' ? t('retrieveLead') : t('lead');
  const tabs: LoginTab[] = channels.length ? ['login', 'register'] : ['login'];
  return (
    <section className="login-card" aria-labelledby="login-heading">
      <nav className="login-tabs" aria-label={t('tabs.login')}>
        {tabs.map((k) => (
          <a
            key={k}
            href={href(k)}
            className={k === tab || (tab === 'retrieve' && k === 'login') ? 'login-tab active' : 'login-tab'}
            aria-current={k === tab ? 'page' : undefined}
          >
            {t(['tabs', k])}
          </a>
        ))}
      </nav>
      <h1 id="login-heading">{heading}</h1>
      <p className="muted login-lead">{lead}</p>
      {tab === 'login' ? (
        <>
          {captcha ? (
            <noscript>
              <p className="form-error">{t('needsScript')}</p>
            </noscript>
          ) : null}
          <LoginForm
            to={to}
            error={error}
            account={account}
            captcha={captcha ? captchaText(locale) : null}
            text={{
              account: t('account'),
              accountPlaceholder: t('accountPlaceholder'),
              password: t('password'),
              passwordPlaceholder: t('passwordPlaceholder'),
              keep: t('keep'),
              submit: t('submit'),
              submitting: t('submitting'),
              unknown: t('errors.unknown'),
              validate,
            }}
          />
          {channels.length ? (
            <p className="login-forgot">
              <a href={href('retrieve')}>{t('forgot')}</a>
            </p>
          ) : null}
        </>
      ) : channels.length ? (
        <CodeForm mode={tab} channels={channels} to={to} text={codeText(tab)} captcha={captchaText(locale)} />
      ) : (
        <p className="form-error">{t('noChannels')}</p>
      )}
    </section>
  );
}
