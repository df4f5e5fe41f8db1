/** Inputs of signing in and out (isomorphic: the login island checks the same schema). */
import * as v from 'valibot';
import { loginAccount, password } from '~/lib/fields';
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
