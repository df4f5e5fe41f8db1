'use client';
/**
 * "Send code": asks for the click captcha, posts to /ems/send or /sms/send, shows the server's
 * message and counts down 60 s before it can send again (reference §4.8).
 */
import { useEffect, useState } from 'react';
import { failureMessage, isCancel, request } from '~/lib/http';
import type { ClickCaptchaText } from './click-captcha';
import { useCaptcha } from './use-captcha';

export interface SendCodeText {
  send: string;
  /** `{seconds}` left. */
  resend: string;
}

export interface SendCodeButtonProps {
  channel: 'email' | 'mobile';
  /** The address to send to (read when clicked). */
  address: () => string;
  event: 'user_register' | 'user_retrieve_pwd';
  /** Checks the address first; returns an error text or '' (the form shows it by the field). */
  checkAddress: () => string;
  onResult: (message: string, ok: boolean) => void;
  text: SendCodeText;
  captcha: ClickCaptchaText;
}

const GAP = 60;

export function SendCodeButton({ channel, address, event, checkAddress, onResult, text, captcha }: SendCodeButtonProps) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  const [dialog, ask] = useCaptcha(captcha);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const onClick = async () => {
    if (busy || left > 0 || checkAddress()) return;
    const solved = await ask();
    if (!solved) return;
    setBusy(true);
    try {
      const body = channel === 'email' ? { email: address(), event, ...solved } : { mobile: address(), template_code: event, ...solved };
      const res = await request({
        url: channel === 'email' ? '/userapi/v1/ems/send' : '/userapi/v1/sms/send',
        method: 'POST',
        data: body,
        showErrorMessage: false,
        showCodeMessage: false,
      });
      onResult(res.message, true);
      setLeft(GAP);
    } catch (err) {
      if (!isCancel(err)) onResult(failureMessage(err), false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn btn-ghost send-code" disabled={busy || left > 0} onClick={onClick} aria-live="polite">
        {left > 0 ? text.resend.replace('{seconds}', String(left)) : text.send}
      </button>
      {dialog}
    </>
  );
}
