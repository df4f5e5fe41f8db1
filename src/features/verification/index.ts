/** One-time codes by e-mail and SMS: sending (rate-limited, behind the click captcha) and using them. */
export { verificationRouter } from './router';
export { EMAIL_EVENTS, SMS_EVENTS, type CodeEvent } from './schemas';
export { CODE_TTL, consumeCode, invalidCode, MAX_CODE_ATTEMPTS, RESEND_GAP, sendCode, type CodeChannel } from './service';
