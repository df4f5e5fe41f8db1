'use client';
/**
 * Register, or set a new password, with a code sent by e-mail or SMS. Fields are checked as the
 * member types with the same schemas the API enforces (registerSchema, retrievePasswordSchema);
 * the code button asks for the click captcha first.
 */
import { type FormEvent, useId, useState } from 'react';
import { registerSchema, retrievePasswordSchema } from '../schemas';
import { failureMessage, isApiError, isCancel, request } from '~/lib/http';
import { safeLocalPath } from '~/lib/safe-path';
import { checkInput } from '~/lib/schema';
import { ErrorField, errorAria } from '~/ui/error-field';
import { type ClickCaptchaText, SendCodeButton, type SendCodeText } from '~/features/captcha/ui';

export interface CodeFormText {
  /** Legend of the e-mail / mobile switch. */
  channel: string;
  byEmail: string;
  byMobile: string;
  username: string;
  password: string;
  newPassword: string;
  email: string;
  mobile: string;
  code: string;
  submit: string;
  submitting: string;
  done: string;
  sendCode: SendCodeText;
  /** Schema message key → text. */
  validate: Record<string, string>;
}

export interface CodeFormProps {
  mode: 'register' | 'retrieve';
  /** Channels the site can deliver to (`accountVerificationType`). */
  channels: ('email' | 'mobile')[];
  to?: string;
  text: CodeFormText;
  captcha: ClickCaptchaText;
}

type Values = Record<'username' | 'password' | 'address' | 'captcha', string>;

export function CodeForm({ mode, channels, to = '', text, captcha }: CodeFormProps) {
  const id = useId();
  const [channel, setChannel] = useState<'email' | 'mobile'>(channels[0] ?? 'email');
  const [values, setValues] = useState<Values>({ username: '', password: '', address: '', captcha: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const body = () =>
    mode === 'register'
      ? { registerType: channel, username: values.username, password: values.password, [channel]: values.address, captcha: values.captcha }
      : { type: channel, account: values.address, captcha: values.captcha, password: values.password };
  const schemaField = (f: keyof Values) => (f === 'address' ? (mode === 'register' ? channel : 'account') : f);
  const errors = (() => {
    const r = mode === 'register' ? checkInput(registerSchema, body()) : checkInput(retrievePasswordSchema, body());
    return r.ok ? {} : r.errors;
  })();
  const message = (f: keyof Values) => {
    const key = errors[schemaField(f)];
    const local = touched[f] && key ? (text.validate[key] ?? key) : '';
    return local || serverErrors[schemaField(f)] || '';
  };
  const set = (f: keyof Values, v: string) => {
    setValues((old) => ({ ...old, [f]: v }));
    setServerErrors((old) => ({ ...old, [schemaField(f)]: '' }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setTouched({ username: true, password: true, address: true, captcha: true });
    if (Object.keys(errors).length) return;
    setBusy(true);
    setNotice(null);
    try {
      const res = await request<{ routePath?: string }>({
        url: mode === 'register' ? '/userapi/v1/user/register' : '/userapi/v1/user/retrievePassword',
        method: 'POST',
        data: body(),
        showErrorMessage: false,
        showCodeMessage: false,
      });
      if (mode === 'register') {
        location.assign(safeLocalPath(to) ?? safeLocalPath(res.data?.routePath) ?? '/user');
        return;
      }
      setNotice({ text: res.message || text.done, ok: true });
    } catch (err) {
      if (isCancel(err)) return;
      const data = isApiError(err) ? (err.data as { errors?: Record<string, string>; field?: string } | null) : null;
      if (data?.errors) setServerErrors(data.errors);
      else if (data?.field) setServerErrors({ [data.field]: failureMessage(err) });
      setNotice({ text: failureMessage(err), ok: false });
    }
    setBusy(false);
  };

  const field = (f: keyof Values, label: string, type: string, autoComplete: string) => {
    const err = message(f);
    return (
      <ErrorField id={`${id}-${f}`} label={label} error={err}>
        <input
          id={`${id}-${f}`}
          name={f}
          type={type}
          autoComplete={autoComplete}
          value={values[f]}
          {...errorAria(`${id}-${f}`, err)}
          onChange={(e) => set(f, e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, [f]: true }))}
        />
      </ErrorField>
    );
  };

  return (
    <form className="form code-form" noValidate onSubmit={onSubmit}>
      <div className={notice?.ok ? 'form-notice' : 'form-error'} role={notice?.ok ? 'status' : 'alert'}>
        {notice ? <p>{notice.text}</p> : null}
      </div>
      {channels.length > 1 ? (
        <fieldset className="segmented">
          <legend className="sr-only">{text.channel}</legend>
          {channels.map((c) => (
            <label key={c} className={c === channel ? 'segmented-item active' : 'segmented-item'}>
              <input type="radio" name="channel" value={c} checked={c === channel} onChange={() => setChannel(c)} />
              {c === 'email' ? text.byEmail : text.byMobile}
            </label>
          ))}
        </fieldset>
      ) : null}
      {mode === 'register' ? field('username', text.username, 'text', 'username') : null}
      {field(
        'address',
        channel === 'email' ? text.email : text.mobile,
        channel === 'email' ? 'email' : 'tel',
        channel === 'email' ? 'email' : 'tel',
      )}
      <div className="code-row">
        {field('captcha', text.code, 'text', 'one-time-code')}
        <SendCodeButton
          channel={channel}
          address={() => values.address.trim()}
          event={mode === 'register' ? 'user_register' : 'user_retrieve_pwd'}
          checkAddress={() => {
            setTouched((t) => ({ ...t, address: true }));
            return errors[schemaField('address')] ?? '';
          }}
          onResult={(msg, ok) => setNotice({ text: msg, ok })}
          text={text.sendCode}
          captcha={captcha}
        />
      </div>
      {field('password', mode === 'register' ? text.password : text.newPassword, 'password', 'new-password')}
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy} aria-busy={busy || undefined}>
        {busy ? text.submitting : text.submit}
      </button>
    </form>
  );
}
