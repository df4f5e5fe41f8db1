/**
 * In-app navigations: `navigate(to)`, also behind every `<a data-nav>` link (nav-anchors.ts), run
 * the pre-navigation checks (pipeline.ts) in the page, then load the next document with the
 * progress bar running until it shows. A jump to a `#hash` of the same page scrolls there
 * smoothly instead (spec §9).
 */
import { notify } from '~/lib/notify';
import { carryToasts, documentLoad, setPendingTarget } from './bindings';
import { chunkGuard } from './chunk-guard';
import { isChunkLoadError } from './chunk-reload';
import { navMessage, type NavMessageKey } from './messages';
import { resolveNavigation, type NavigationDecision } from './pipeline';
import { startProgress } from './progress';
import { scrollAfterNavigation } from './scroll';
import { parseTarget } from './target';

function locale(): string {
  return typeof document !== 'undefined' ? document.documentElement.lang : 'zh-cn';
}
/** Shows a navigation error toast in the page's language; returns its text. */
export function showNavigationError(key: NavMessageKey, params?: Record<string, string>): string {
  const message = navMessage(locale(), key, params);
  notify({ type: 'error', message });
  return message;
}

/** Runs the pre-navigation checks from the current location (sync unless a middleware is async). */
export function decide(to: string, opts: { external?: boolean } = {}) {
  return resolveNavigation(to, {
    side: 'client',
    origin: window.location.origin,
    from: window.location.href,
    external: opts.external,
  });
}

/** Full page load without the checks (external targets, a middleware's request). */
export function hardNavigate(to: string): void {
  documentLoad.assign(to);
}

/** Loads `to` as the next document, with the progress bar; a same-page `#hash` scrolls instead. */
function documentNavigate(to: string): void {
  const target = parseTarget(to, window.location.origin);
  const here = window.location;
  if (target.hash && target.path === here.pathname && target.search === here.search) {
    window.history.pushState(null, '', target.hash);
    scrollAfterNavigation(target.hash);
    return;
  }
  carryToasts();
  startProgress();
  setPendingTarget(to);
  documentLoad.assign(to);
}

/** Carries out a decision of the pre-navigation checks. */
export async function perform(d: NavigationDecision): Promise<void> {
  switch (d.kind) {
    case 'not-found':
      showNavigationError('pageNotFound', { fullPath: d.fullPath });
      return;
    case 'abort':
      if (d.reason === 'middleware' && d.message) notify({ type: 'error', message: d.message });
      else showNavigationError(d.reason === 'unsafe-protocol' ? 'unsafeProtocol' : 'externalNotAllowed');
      return;
    case 'document':
      return hardNavigate(d.to);
    case 'redirect':
      if (d.external) return hardNavigate(d.to);
      return documentNavigate(d.to);
    case 'proceed':
      return documentNavigate(d.to);
  }
}

function reportError(err: unknown): void {
  console.error(err);
  notify({ type: 'error', message: err instanceof Error ? err.message : String(err) });
}

/**
 * Programmatic navigation: `await navigate('/user/account/profile')`. Runs the checks, then loads
 * the page. Pass `{ external: true }` to allow an http(s) URL on another origin. Never rejects for
 * a refused navigation (the user sees why).
 */
export async function navigate(to: string, opts: { external?: boolean } = {}): Promise<void> {
  let d: NavigationDecision;
  try {
    d = await decide(to, opts);
  } catch (err) {
    reportError(err);
    return;
  }
  try {
    await perform(d);
  } catch (err) {
    if (isChunkLoadError(err) && chunkGuard.tryReload(to)) return;
    throw err;
  }
}
