/** Inputs of signing in and out (isomorphic: the login island checks the same schema). */
import * as v from 'valibot';
import { account, email, loginAccount, mobile, password } from '~/lib/fields';
import { flag } from '~/lib/schema';

/** POST /userapi/v1/user/login and the no-JS login form. */
export const loginSchema = v.object({
  account: loginAccount(),
  password: password(),
  keep: flag(),
});
export type LoginFields = v.InferOutput<typeof loginSchema>;

const optionalToken = v.optional(v.pipe(v.string('validate.invalid'), v.maxLength(200, 'validate.invalid')));

/** POST /userapi/v1/user/refreshToken: the body's token, else the refresh cookie. */
export const refreshSchema = v.object({ refresh_token: optionalToken });

/** POST /userapi/v1/index/logout: an optional refresh token to revoke too. */
export const logoutSchema = v.object({ refresh_token: optionalToken });

const code = () => v.pipe(v.string('validate.required'), v.trim(), v.nonEmpty('validate.required'), v.regex(/^\d{6}$/, 'validate.code'));

/** POST /userapi/v1/user/register: by e-mail or mobile, with the code sent there. */
export const registerSchema = v.variant(
  'registerType',
  [
    v.object({
      registerType: v.literal('email'),
      username: account(),
      password: password(),
      email: email(),
      captcha: code(),
      keep: flag(),
    }),
    v.object({
      registerType: v.literal('mobile'),
      username: account(),
      password: password(),
      mobile: mobile(),
      captcha: code(),
      keep: flag(),
    }),
  ],
  'validate.invalid',
);
export type RegisterFields = v.InferOutput<typeof registerSchema>;

/** POST /userapi/v1/user/retrievePassword: the account's e-mail or mobile, its code, a new password. */
export const retrievePasswordSchema = v.variant(
  'type',
  [
    v.object({ type: v.literal('email'), account: email(), captcha: code(), password: password() }),
    v.object({ type: v.literal('mobile'), account: mobile(), captcha: code(), password: password() }),
  ],
  'validate.invalid',
);
export type RetrievePasswordFields = v.InferOutput<typeof retrievePasswordSchema>;

/** POST /userapi/v1/account/sessions/revoke: one session by id, or every other one. */
export const revokeSessionSchema = v.union(
  [
    v.object({
      id: v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number))]), v.integer(), v.minValue(1)),
    }),
    v.object({
      all: v.pipe(
        v.union([v.literal(true), v.literal('1'), v.literal('true'), v.literal(1)]),
        v.transform(() => true as const),
      ),
    }),
  ],
  'validate.invalid',
);
