/**
 * Client navigations: `navigate(to)`, also behind every `<a data-nav>` link (nav-anchors.ts), through
 * the pre-navigation checks (pipeline.ts), then a client navigation with the progress bar and the
 * scroll rules, or a full page load when the checks or a newer build ask for one.
 */
import { notify } from '~/lib/notify';
import { boundPush, boundUpdateChecker, manifestRules, setPendingTarget } from './bindings';
import { chunkGuard } from './chunk-guard';
import { isChunkLoadError } from './chunk-reload';
import { navMessage, type NavMessageKey } from './messages';
import { resolveNavigation, type NavigationDecision } from './pipeline';
import { doneProgress, startProgress } from './progress';
import { scrollAfterNavigation, waitForPaint } from './scroll';
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
    rules: manifestRules(),
  });
}

/** Full page load (external targets, a newer build, a middleware's request). */
export function hardNavigate(to: string): void {
  window.location.assign(to);
}

async function clientNavigate(to: string): Promise<void> {
  const push = boundPush();
  if (!push) return hardNavigate(to);
  const { hash } = parseTarget(to, window.location.origin);
  startProgress();
  setPendingTarget(to);
  try {
    // Waku scrolls instantly itself; with a hash we take over to scroll smoothly after paint.
    await push(to, hash ? { scroll: false } : undefined);
    await waitForPaint();
    scrollAfterNavigation(hash);
  } finally {
    setPendingTarget(null);
    doneProgress();
  }
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
      return boundUpdateChecker()?.isOutdated() ? hardNavigate(d.to) : clientNavigate(d.to);
    case 'proceed':
      return boundUpdateChecker()?.isOutdated() ? hardNavigate(d.to) : clientNavigate(d.to);
  }
}

function reportError(err: unknown): void {
  console.error(err);
  notify({ type: 'error', message: err instanceof Error ? err.message : String(err) });
}

/**
 * Programmatic navigation: `await navigate('/user/account/profile')`. Runs the checks, then a
 * client navigation (or a full page load when needed). Pass `{ external: true }` to allow an
 * http(s) URL on another origin. Never rejects for a refused navigation (the user sees why).
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
