/** Identity: signing in and out, token refresh, signed links, the member's devices. */
export { identityRouter } from './router';
export { loginSchema, type LoginFields } from './schemas';
export { LOCK_WINDOW, login, MAX_LOGIN_FAILURES, refreshToken, signLink, verifySignature, type LoginResult } from './service';
export { loginCaptchaOn, signIn } from './sign-in';
