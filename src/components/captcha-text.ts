/** The click captcha dialog's texts in the page language (islands get plain strings as props). */
import en from '../../i18n/en/captcha';
import zh from '../../i18n/zh-cn/captcha';
import type { ClickCaptchaText } from '~/islands/click-captcha';
import type { Locale } from '~/lib/types';

export const captchaText = (locale: Locale): ClickCaptchaText => (locale === 'en' ? en : zh);
