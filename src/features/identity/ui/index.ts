/**
 * The identity area's screens, for the route files: the login page (log in, register, reset a
 * password). Server code only; its client components (`login-form.tsx`, `code-form.tsx`) are
 * reached through it.
 */
export { LoginPage } from './login-page';
