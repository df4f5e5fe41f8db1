import type { Locale } from '~/lib/types';

const TEXT = {
  'zh-cn': {
    500: ['服务器内部错误', '服务器开小差了，请稍后再试。如果问题持续，请联系网站管理员。'],
    401: ['链接无效', '这个登录链接无效或已过期，请向发送方重新获取，或直接登录。'],
    403: ['会员中心已关闭', '会员中心暂时关闭，请稍后再来。'],
    404: ['页面不存在', '找不到这个地址对应的页面，请检查地址是否正确。'],
    home: '返回首页',
    login: '去登录',
  },
  en: {
    500: [
      'Internal Server Error',
      'Something went wrong on our side. Please try again later; if it persists, contact the site administrator.',
    ],
    401: ['Invalid link', 'This sign-in link is invalid or has expired. Ask the sender for a new one, or log in directly.'],
    403: ['Member centre closed', 'The member centre is closed for now. Please come back later.'],
    404: ['Page Not Found', 'There is no page at this address. Please check that it is spelled correctly.'],
    home: 'Back to home',
    login: 'Log in',
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * A self-contained HTML page for answers that cannot go through React (a crash,
 * a bad sign-in link, a closed member centre, a path refused before any lookup).
 * Never includes error details (nor the refused path).
 */
export function renderErrorPage(opts: { status: 500 | 401 | 403 | 404; locale: Locale; siteName?: string; theme?: string }): Response {
  const t = TEXT[opts.locale] ?? TEXT['zh-cn'];
  const [title, body] = t[opts.status];
  // The 500 and 404 pages keep the titles the spec names (in every language); others add the site name.
  const fullTitle =
    opts.status === 500
      ? 'Internal Server Error'
      : opts.status === 404
        ? `Page Not Found${opts.siteName ? ` - ${opts.siteName}` : ''}`
        : `${title} - ${opts.siteName ?? ''}`;
  const action = opts.status === 401 ? `<a class="btn" href="/user/login">${t.login}</a>` : `<a class="btn" href="/">${t.home}</a>`;
  const html = `<!DOCTYPE html><html lang="${opts.locale}" data-theme="${opts.theme === 'dark' ? 'dark' : 'light'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(fullTitle)}</title><link rel="stylesheet" href="/error-page.css"></head><body><main class="error"><p class="code">${opts.status}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>${action}</main></body></html>`;
  return new Response(html, {
    status: opts.status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'",
    },
  });
}
