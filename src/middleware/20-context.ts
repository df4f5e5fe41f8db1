import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { requestStore, type RequestContext } from '~/server/context';
import type { Locale } from '~/lib/types';

// TEMPORARY: replaced by the real session/locale resolution when the domain layer lands.
export default function contextMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    const lang = getCookie(c, 'ba-lang');
    const ctx: RequestContext = {
      requestId: crypto.randomUUID(),
      nonce: crypto.randomUUID().replace(/-/g, ''),
      locale: (lang === 'en' ? 'en' : 'zh-cn') as Locale,
      theme: getCookie(c, 'ba-theme') === 'dark' ? 'dark' : 'light',
      url: new URL(c.req.url),
      session: getCookie(c, 'ba-user-token') ? { userId: 1, tokenId: 1, via: 'token' } : null,
      sessionProblem: 'none',
    };
    await requestStore.run(ctx, next);
  };
}
