/**
 * The captcha area's screen surface: the click captcha dialog, the hook that asks for it before a
 * protected request, and the "send code" button behind it — client components that other areas'
 * forms use (server and client components import them from here). Only client code and types.
 */
export { ClickCaptcha, type ClickCaptchaProps, type ClickCaptchaResult, type ClickCaptchaText } from './click-captcha';
export { SendCodeButton, type SendCodeButtonProps, type SendCodeText } from './send-code-button';
export { useCaptcha } from './use-captcha';
