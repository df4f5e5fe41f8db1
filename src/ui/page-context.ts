/** Server helpers shared by pages and layouts: the portal view plus the page's translator. */
import { getPortalView, type PortalView } from '~/server/portal';
import { loadT, type Translator } from '~/lib/i18n';

export interface PageContext {
  view: PortalView;
  t: Translator;
}

/** The request's portal view and a translator over common + the page's bundle. */
export async function pageContext(page?: string): Promise<PageContext> {
  const view = await getPortalView();
  const t = await loadT(view.locale, page);
  return { view, t };
}

/**
 * The page path of the request. On client navigation Waku fetches `/RSC/R/<path>.txt`;
 * map that back to the page path so "return to" links stay right.
 */
export function pagePath(path: string): string {
  const m = /^\/RSC\/R(\/.*)?\.txt$/.exec(path);
  if (!m) return path || '/';
  const p = m[1] ?? '/';
  return p === '/_root' || p === '/index' ? '/' : p;
}

/** `Page title - Site name` as one string (Waku needs a single text child in <title>). */
export function titleText(page: string, siteName: string): string {
  return page ? `${page} - ${siteName}` : siteName;
}
