import type { Context, MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { signIn } from '~/features/identity';
import { langFormSchema, themeFormSchema } from '~/features/preferences/schemas';
import { safeLocalPath } from '~/lib/safe-path';
import { checkInput } from '~/lib/schema';
import { getDb } from '~/server/db/client';
import { isDomainError } from '~/server/errors';
import { readBody } from '~/server/http/body';
import { isFormRoute } from '~/server/http/form-routes';
import { isSameOrigin } from '~/server/http/same-origin';
import { isHttps, signOut } from '~/server/session';

const YEAR = 365 * 24 * 3600;

/** Where to go after a form post: the posted `to`, else the Referer's path, else `fallback`. */
function backTo(c: Context, form: Record<string, unknown>, fallback: string): string {
  const posted = safeLocalPath(form.to);
  if (posted) return posted;
  const ref = c.req.header('referer');
  if (ref) {
    try {
      const u = new URL(ref);
      if (u.origin === new URL(c.req.url).origin) return u.pathname + u.search;
    } catch {
      /* fall through */
    }
  }
  return fallback;
}

const loginPageWith = (error: string, account: string, to: string) =>
  `/user/login?${new URLSearchParams({ error, account: account.slice(0, 100), to })}`;

/**
 * Plain HTML form endpoints (FORM_ROUTES), so language, theme, login and logout work without
 * JavaScript: POST /lang, /theme, /user/login, /user/logout → 303 back. Bodies go through the
 * shared reader and schemas; login and logout through the same session code as the API.
 */
export default function formsMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'POST' || !isFormRoute(c.req.path)) return next();
    const path = c.req.path;
    if (!isSameOrigin(c.req.raw)) {
      c.res = c.text('Forbidden: cross-origin form post', 403);
      return;
    }
    let form: Record<string, unknown>;
    try {
      form = await readBody(c.req.raw, { accept: ['urlencoded', 'multipart'] });
    } catch (err) {
      if (!isDomainError(err)) throw err;
      // The form again with the message (only the login form has a place to show one).
      c.res = c.redirect(path === '/user/login' ? loginPageWith(err.key, '', '') : backTo(c, {}, '/'), 303);
      return;
    }
    const cookie = { path: '/', maxAge: YEAR, sameSite: 'Lax' as const, secure: isHttps(c) };

    if (path === '/lang') {
      const lang = checkInput(langFormSchema, form);
      if (lang.ok) setCookie(c, 'ba-lang', lang.value.lang, cookie);
      c.res = c.redirect(backTo(c, form, '/'), 303);
      return;
    }
    if (path === '/theme') {
      const theme = checkInput(themeFormSchema, form);
      setCookie(c, 'ba-theme', theme.ok ? theme.value.theme : 'light', cookie);
      c.res = c.redirect(backTo(c, form, '/'), 303);
      return;
    }
    const db = getDb();
    if (path === '/user/logout') {
      await signOut(c, db);
      c.res = c.redirect('/user/login', 303);
      return;
    }
    // POST /user/login: a checkbox posts keep=on/1; absent means no.
    const to = safeLocalPath(form.to) ?? '/user';
    try {
      await signIn(c, db, form);
      c.res = c.redirect(to, 303);
    } catch (err) {
      if (!isDomainError(err)) throw err;
      c.res = c.redirect(loginPageWith(err.key, typeof form.account === 'string' ? form.account.trim() : '', to), 303);
    }
  };
}
