/**
 * The login page's card: tabs for logging in, registering and resetting a password (`?tab=`,
 * plain links, so they work without JavaScript), each with its form island.
 */
import { captchaText } from '~/features/captcha/texts';
import type { Translator } from '~/lib/i18n';
import { fill } from '~/lib/texts';
import type { Locale } from '~/lib/types';
import type { LoginText } from '../texts';
import { CodeForm, type CodeFormText } from './code-form';
import { LoginForm } from './login-form';

export type LoginTab = 'login' | 'register' | 'retrieve';

export interface LoginCardProps {
  /** The page's texts, and the common translator (validate.*). */
  tx: LoginText;
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

export function LoginCard({ tx, t, locale, siteName, tab, to, error, account, captcha, channels }: LoginCardProps) {
  const validate = Object.fromEntries(VALIDATE_KEYS.map((k) => [`validate.${k}`, t(['validate', k])]));
  const href = (next: LoginTab) => {
    const q = new URLSearchParams();
    if (next !== 'login') q.set('tab', next);
    if (to) q.set('to', to);
    const s = q.toString();
    return s ? `/user/login?${s}` : '/user/login';
  };
  const codeText = (mode: 'register' | 'retrieve'): CodeFormText => ({
    ...(Object.fromEntries(CODE_TEXT_KEYS.map((k) => [k, tx.codeForm[k]])) as Record<(typeof CODE_TEXT_KEYS)[number], string>),
    submit: mode === 'register' ? tx.codeForm.submitRegister : tx.codeForm.submitRetrieve,
    sendCode: { send: tx.codeForm.send, resend: tx.codeForm.resend },
    validate,
  });
  const heading = tab === 'register' ? tx.registerHeading : tab === 'retrieve' ? tx.retrieveHeading : fill(tx.heading, { siteName });
  const lead = tab === 'register' ? tx.registerLead : tab === 'retrieve' ? tx.retrieveLead : tx.lead;
  const tabs: LoginTab[] = channels.length ? ['login', 'register'] : ['login'];
  return (
    <section className="login-card" aria-labelledby="login-heading">
      <nav className="login-tabs" aria-label={tx.tabs.login}>
        {tabs.map((k) => (
          <a
            key={k}
            href={href(k)}
            className={k === tab || (tab === 'retrieve' && k === 'login') ? 'login-tab active' : 'login-tab'}
            aria-current={k === tab ? 'page' : undefined}
          >
            {tx.tabs[k]}
          </a>
        ))}
      </nav>
      <h1 id="login-heading">{heading}</h1>
      <p className="muted login-lead">{lead}</p>
      {tab === 'login' ? (
        <>
          {captcha ? (
            <noscript>
              <p className="form-error">{tx.needsScript}</p>
            </noscript>
          ) : null}
          <LoginForm
            to={to}
            error={error}
            account={account}
            captcha={captcha ? captchaText(locale) : null}
            text={{
              account: tx.account,
              accountPlaceholder: tx.accountPlaceholder,
              password: tx.password,
              passwordPlaceholder: tx.passwordPlaceholder,
              keep: tx.keep,
              submit: tx.submit,
              submitting: tx.submitting,
              unknown: tx.errors.unknown,
              validate,
            }}
          />
          {channels.length ? (
            <p className="login-forgot">
              <a href={href('retrieve')}>{tx.forgot}</a>
            </p>
          ) : null}
        </>
      ) : channels.length ? (
        <CodeForm mode={tab} channels={channels} to={to} text={codeText(tab)} captcha={captchaText(locale)} />
      ) : (
        <p className="form-error">{tx.noChannels}</p>
      )}
    </section>
  );
}
