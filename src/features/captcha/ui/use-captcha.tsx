'use client';
/**
 * Ask for the click captcha from any form: `const [dialog, ask] = useCaptcha(text)`; render
 * `{dialog}` and `await ask()` before the protected request. Resolves with `{captchaId,
 * captchaInfo}`, or null when the member closed the dialog.
 */
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { ClickCaptcha, type ClickCaptchaResult, type ClickCaptchaText } from './click-captcha';

export function useCaptcha(text: ClickCaptchaText | null): [ReactNode, () => Promise<ClickCaptchaResult | null>] {
  const [open, setOpen] = useState(false);
  const settle = useRef<((r: ClickCaptchaResult | null) => void) | null>(null);
  const finish = (result: ClickCaptchaResult | null) => {
    setOpen(false);
    settle.current?.(result);
    settle.current = null;
  };
  const ask = useCallback(
    () =>
      new Promise<ClickCaptchaResult | null>((resolve) => {
        settle.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const dialog = open && text ? <ClickCaptcha text={text} onSuccess={(r) => finish(r)} onClose={() => finish(null)} /> : null;
  return [dialog, ask];
}
