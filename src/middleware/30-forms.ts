import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { LOCALES, type Locale } from '~/lib/types';
import { safeLocalPath } from '~/server/page-guard';
import { isSameOrigin } from '~/server/http/same-origin';
import { isHttps } from '~/server/http/security-headers';
import { getDb } from '~/server/db/client';
import { login, logout } from '~/server/domain/auth';
import { isDomainError } from '~/server/domain/errors';
import { API_BASE, REFRESH_COOKIE, clearSessionCookies, readCredentials, setTokenCookie } from '~/server/api';

const YEAR = 365 * 24 * 3600;

/** Where to go after a form post: the posted `to`, else the Referer's path, else `fallback`. */
function backTo(c: Context, form: FormData, fallback: string): string {
  const posted = safeLocalPath(String(form.get('to') ?? ''));
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

/**
 * Plain HTML form endpoints, so language, theme, login and logout work without
 * JavaScript: POST /lang, /theme, /user/login, /user/logout → 303 back.
 */
export default function formsMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const path = c.req.path;
    if (path !== '/lang' && path !== '/theme' && path !== '/user/login' && path !== '/user/logout') return next();
    if (!isSameOrigin(c.req.raw)) {
      c.res = c.text('Forbidden: cross-origin form post', 403);
      return;
    }
    const form = await c.req.formData().catch(() => new FormData());
    const secure = isHttps(c.req.raw);

    if (path === '/lang') {
      const lang = String(form.get('lang') ?? '');
      if ((LOCALES as readonly string[]).includes(lang)) {
        setCookie(c, 'ba-lang', lang as Locale, { path: '/', maxAge: YEAR, sameSite: 'Lax', secure });
      }
      c.res = c.redirect(backTo(c, form, '/'), 303);
      return;
    }
    if (path === '/theme') {
      const theme = String(form.get('theme') ?? '') === 'dark' ? 'dark' : 'light';
      setCookie(c, 'ba-theme', theme, { path: '/', maxAge: YEAR, sameSite: 'Lax', secure });
      c.res = c.redirect(backTo(c, form, '/'), 303);
      return;
    }
    const db = getDb();
    if (path === '/user/logout') {
      const creds = readCredentials(c);
      await logout(db, { token: creds.token, signature: creds.signature, refreshToken: getCookie(c, REFRESH_COOKIE) });
      clearSessionCookies(c);
      c.res = c.redirect('/user/login', 303);
      return;
    }
    // POST /user/login
    const to = safeLocalPath(String(form.get('to') ?? '')) ?? '/user';
    const account = String(form.get('account') ?? '').trim();
    try {
      const result = await login(db, {
        account,
        password: String(form.get('password') ?? ''),
        keep: form.get('keep') != null && form.get('keep') !== '0',
        ip: c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? '',
        userAgent: c.req.header('user-agent') ?? '',
      });
      setTokenCookie(c, result.token, result.tokenExpiresAt);
      if (result.refreshToken) {
        setCookie(c, REFRESH_COOKIE, result.refreshToken, {
          path: API_BASE, httpOnly: true, sameSite: 'Lax', secure, maxAge: Math.max(0, (result.refreshExpiresAt ?? 0) - Math.floor(Date.now() / 1000)),
        });
      }
      c.res = c.redirect(to, 303);
    } catch (err) {
      if (!isDomainError(err)) throw err;
      const q = new URLSearchParams({ error: err.key, account, to });
      c.res = c.redirect(`/user/login?${q}`, 303);
    }
  };
}
