'use client';
/**
 * Login form. Server-rendered as a plain POST form (works without JS: fields `account`,
 * `password`, `keep`, hidden `to`). With JS it validates as you type (after the first blur)
 * and posts JSON to /userapi/v1/user/login through the shared HTTP helper; on success it goes to `to` or `data.routePath`.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { failureMessage, isCancel, request } from '~/lib/http';
import { loginSchema } from '../schemas';
import { safeLocalPath } from '~/lib/safe-path';
import { fieldError as schemaFieldError } from '~/lib/schema';
import { ErrorField, errorAria } from '~/ui/error-field';
import { type ClickCaptchaText, useCaptcha } from '~/features/captcha/ui';

export interface LoginFormText {
  account: string;
  accountPlaceholder: string;
  password: string;
  passwordPlaceholder: string;
  keep: string;
  submit: string;
  submitting: string;
  unknown: string;
  /** Schema message key (`validate.required`, …) → text. */
  validate: Record<string, string>;
}

export interface LoginFormProps {
  /** Same-origin path to go to after login ('' = the server's routePath). */
  to: string;
  /** Error to show on first render (from `?error=`), already translated. */
  error: string;
  /** Account typed before a failed no-JS attempt, so the member does not retype it. */
  account?: string;
  text: LoginFormText;
  /** The click captcha's texts when login asks for it (site switch on), else null. */
  captcha?: ClickCaptchaText | null;
}

type Field = 'account' | 'password';

export function LoginForm({ to, error, account = '', text, captcha = null }: LoginFormProps) {
  const id = useId();
  const [values, setValues] = useState({ account, password: '' });
  const [touched, setTouched] = useState({ account: false, password: false });
  const [formError, setFormError] = useState(error);
  const [busy, setBusy] = useState(false);
  const accountRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [captchaDialog, askCaptcha] = useCaptcha(captcha);

  // The login schema the API enforces, checked field by field as the member types.
  const check = (f: Field, v: string) => schemaFieldError(loginSchema, { ...values, [f]: v }, f);
  const msg = (key: string | null) => (key ? (text.validate[key] ?? text.validate['validate.required'] ?? key) : '');
  const fieldError = (f: Field) => (touched[f] ? msg(check(f, values[f])) : '');

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setTouched({ account: true, password: true });
    const a = check('account', values.account);
    const p = check('password', values.password);
    if (a || p) {
      (a ? accountRef : passwordRef).current?.focus();
      return;
    }
    const keep = (e.currentTarget.elements.namedItem('keep') as HTMLInputElement | null)?.checked ?? false;
    const solved = captcha ? await askCaptcha() : null;
    if (captcha && !solved) return;
    setBusy(true);
    setFormError('');
    try {
      const res = await request<{ routePath?: string }>({
        url: '/userapi/v1/user/login',
        method: 'POST',
        data: { account: values.account.trim(), password: values.password, keep, ...solved },
        // Errors show inline next to the form, not as toasts.
        showErrorMessage: false,
        showCodeMessage: false,
      });
      location.assign(safeLocalPath(to) ?? safeLocalPath(res.data?.routePath) ?? '/user');
      return;
    } catch (err) {
      if (isCancel(err)) return;
      setFormError(failureMessage(err) || text.unknown);
    }
    setBusy(false);
  };

  const aErr = fieldError('account');
  const pErr = fieldError('password');
  return (
    <form method="post" action="/user/login" className="form login-form" noValidate onSubmit={onSubmit}>
      <div className="form-error" role="alert" aria-live="assertive">
        {formError ? <p>{formError}</p> : null}
      </div>
      <input type="hidden" name="to" value={to} />
      <ErrorField id={`${id}-account`} label={text.account} error={aErr}>
        <input
          ref={accountRef}
          id={`${id}-account`}
          name="account"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={100}
          placeholder={text.accountPlaceholder}
          value={values.account}
          {...errorAria(`${id}-account`, aErr)}
          onChange={(e) => setValues((v) => ({ ...v, account: e.target.value }))}
          onBlur={() => setTouched((t) => ({ ...t, account: true }))}
        />
      </ErrorField>
      <ErrorField id={`${id}-password`} label={text.password} error={pErr}>
        <input
          ref={passwordRef}
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={32}
          placeholder={text.passwordPlaceholder}
          value={values.password}
          {...errorAria(`${id}-password`, pErr)}
          onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          onBlur={() => setTouched((t) => ({ ...t, password: true }))}
        />
      </ErrorField>
      <label className="check">
        <input type="checkbox" name="keep" value="1" />
        <span>{text.keep}</span>
      </label>
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy} aria-busy={busy || undefined}>
        {busy ? text.submitting : text.submit}
      </button>
      {captchaDialog}
    </form>
  );
}
