/** Click captcha: the image and its check, and the guard other features put before an action. */
export { captchaRouter } from './router';
export { actionCaptchaSchema, formatCaptchaInfo, type ActionCaptchaFields } from './schemas';
export {
  CAPTCHA_TTL,
  captchaTestMode,
  checkCaptcha,
  ISSUE_LIMIT,
  issueCaptcha,
  MAX_WRONG_ANSWERS,
  verifyCaptchaForAction,
  type IssuedCaptcha,
} from './service';
