'use client';
/**
 * Change (or first bind) the e-mail or mobile (reference §5.3). With one bound: a code to the
 * current address proves the account (`/account/verification` → token); then a code to the new
 * address binds it (`/account/changeBind`). With none bound the password proves the account.
 * Codes are sent behind the click captcha, as on the login page.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { changeBindSchema, verificationSchema } from '../schemas';
import { EMAIL_PATTERN, MOBILE_PATTERN } from '~/lib/fields';
import { Field, FormNotice, type MessageTexts, useApiForm } from './form-kit';
import { type ClickCaptchaText, SendCodeButton, type SendCodeText } from '~/features/captcha/ui';

export interface BindDialogText {
  open: string;
  title: string;
  stepVerify: string;
  stepBind: string;
  current: string;
  newAddress: string;
  code: string;
  password: string;
  next: string;
  save: string;
  cancel: string;
  sendCode: SendCodeText;
}

export interface AccountBindDialogProps {
  type: 'email' | 'mobile';
  /** The bound address, or '' when none. */
  current: string;
  text: BindDialogText;
  texts: MessageTexts;
  captcha: ClickCaptchaText;
}

/** The send-code button's events are typed for the login page; these two account events use the same endpoints. */
type SendEvent = 'user_register' | 'user_retrieve_pwd';

export function AccountBindDialog({ type, current, text, texts, captcha }: AccountBindDialogProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState('');
  const [sendNote, setSendNote] = useState<{ text: string; ok: boolean } | null>(null);
  const step: 'verify' | 'bind' = current && !token ? 'verify' : 'bind';
  const pattern = type === 'email' ? EMAIL_PATTERN : MOBILE_PATTERN;

  const verify = useApiForm(
    { captcha: '' },
    {
      schema: verificationSchema,
      url: '/userapi/v1/account/verification',
      texts,
      body: (v) => ({ type, captcha: v.captcha }),
      onDone: (_m, data) => {
        setToken((data as { accountVerificationToken: string }).accountVerificationToken);
        setSendNote(null);
      },
    },
  );
  const bind = useApiForm(
    { address: '', captcha: '', password: '' },
    {
      schema: changeBindSchema,
      url: '/userapi/v1/account/changeBind',
      texts,
      body: (v) => ({
        type,
        [type]: v.address,
        captcha: v.captcha,
        ...(token ? { accountVerificationToken: token } : { password: v.password }),
      }),
      onDone: () => setOpen(false),
      reload: true,
    },
  );
  // The schema names the address field after the type.
  const addressError = bind.error(type) || bind.error('address');

  const close = () => setOpen(false);
  /** Either step's buttons: go on (submit) or cancel (close). */
  const actions = (busy: boolean, submit: string) => (
    <div className="account-actions">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {submit}
      </button>
      <button type="button" className="btn btn-ghost" onClick={close}>
        {text.cancel}
      </button>
    </div>
  );
  /** The code field of either step: the input and the button that sends the code. */
  const codeField = (form: typeof verify, send: ReactNode) => (
    <Field id={id} name="captcha" label={text.code} error={form.error('captcha')}>
      <div className="account-bind-row">
        <input
          id={`${id}-captcha`}
          name="captcha"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={form.values.captcha}
          onChange={(e) => form.set('captcha', e.target.value)}
          onBlur={() => form.touch('captcha')}
        />
        {send}
      </div>
    </Field>
  );
  // The dialog sits inside the profile form in the React tree: its submits must not reach that form.
  const own = (e: FormEvent, submit: () => Promise<void>) => {
    e.preventDefault();
    e.stopPropagation();
    void submit();
  };
  // Escape closes it (the click captcha, drawn above it, handles its own Escape first).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('.captcha-image')) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {text.open}
      </button>
      {open && typeof document !== 'undefined'
        ? createPortal(
            <div className="account-overlay">
              {/* A plain overlay rather than <dialog>.showModal(): the click captcha (z-index 2500) must draw above it. */}
              <div role="dialog" aria-modal="true" className="account-dialog" aria-labelledby={`${id}-title`}>
                <h2 id={`${id}-title`}>{text.title}</h2>
                {current ? (
                  <ol className="account-steps">
                    <li className={step === 'verify' ? 'is-on' : undefined}>1. {text.stepVerify}</li>
                    <li className={step === 'bind' ? 'is-on' : undefined}>2. {text.stepBind}</li>
                  </ol>
                ) : null}
                {sendNote ? <FormNotice notice={sendNote} /> : null}
                {step === 'verify' ? (
                  <form className="form" noValidate onSubmit={(e) => own(e, verify.submit)}>
                    <FormNotice notice={verify.notice} />
                    <p className="account-hint">
                      {text.current}: <strong>{current}</strong>
                    </p>
                    {codeField(
                      verify,
                      <SendCodeButton
                        channel={type}
                        address={() => current}
                        event={(type === 'email' ? 'user_email_verify' : 'user_mobile_verify') as unknown as SendEvent}
                        checkAddress={() => ''}
                        onResult={(m, ok) => setSendNote({ text: m, ok })}
                        text={text.sendCode}
                        captcha={captcha}
                      />,
                    )}
                    {actions(verify.busy, text.next)}
                  </form>
                ) : (
                  <form className="form" noValidate onSubmit={(e) => own(e, bind.submit)}>
                    <FormNotice notice={bind.notice} />
                    <Field id={id} name="address" label={text.newAddress} error={addressError}>
                      <input
                        id={`${id}-address`}
                        name={type}
                        type={type === 'email' ? 'email' : 'tel'}
                        autoComplete={type === 'email' ? 'email' : 'tel'}
                        value={bind.values.address}
                        onChange={(e) => bind.set('address', e.target.value)}
                        onBlur={() => {
                          bind.touch('address');
                          bind.touch(type);
                        }}
                      />
                    </Field>
                    {codeField(
                      bind,
                      <SendCodeButton
                        channel={type}
                        address={() => bind.values.address.trim()}
                        event={(type === 'email' ? 'user_change_email' : 'user_change_mobile') as unknown as SendEvent}
                        checkAddress={() => {
                          bind.touch(type);
                          return pattern.test(bind.values.address.trim()) ? '' : (texts[`validate.${type}`] ?? 'invalid');
                        }}
                        onResult={(m, ok) => setSendNote({ text: m, ok })}
                        text={text.sendCode}
                        captcha={captcha}
                      />,
                    )}
                    {token ? null : (
                      <Field id={id} name="password" label={text.password} error={bind.error('password')}>
                        <input
                          id={`${id}-password`}
                          name="password"
                          type="password"
                          autoComplete="current-password"
                          value={bind.values.password}
                          onChange={(e) => bind.set('password', e.target.value)}
                        />
                      </Field>
                    )}
                    {actions(bind.busy, text.save)}
                  </form>
                )}
              </div>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
