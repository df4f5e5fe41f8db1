/**
 * Client navigations: `navigate(to)`, also behind every `<a data-nav>` link (nav-anchors.ts), run
 * the pre-navigation checks (pipeline.ts) in the page, then an in-app navigation on Waku's router
 * (`router.push`: an RSC request, no document load) with the progress bar while it is pending and
 * the scroll rules of spec §9 (wait up to 100 ms for paint, then the top of the page or a smooth
 * scroll to the `#hash`). A full page load instead when the checks ask for one (external
 * redirects, `{document: true}`), when a newer build was reported (update-check.ts), or before
 * Waku's router is bound.
 */
import { notify } from '~/lib/notify';
import {
  boundPrefetch,
  boundPush,
  boundReload,
  boundUpdateChecker,
  currentNavigationTarget,
  documentLoad,
  manifestRules,
  setPendingTarget,
} from './bindings';
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

/** Full page load without the checks (external targets, a newer build, a middleware's request). */
export function hardNavigate(to: string): void {
  documentLoad.assign(to);
}

async function clientNavigate(to: string): Promise<void> {
  const push = boundPush();
  if (!push || boundUpdateChecker()?.isOutdated()) return hardNavigate(to);
  const target = parseTarget(to, window.location.origin);
  const here = window.location;
  if (target.hash && target.path === here.pathname && target.search === here.search) {
    // Same page, another anchor: no request, a smooth scroll (spec §9).
    window.history.pushState(window.history.state, '', target.hash);
    scrollAfterNavigation(target.hash);
    return;
  }
  startProgress();
  // Stays the navigation in flight until its page is on screen (navigationSettled): `push`
  // resolves before React renders, and a chunk that fails to load fails that render.
  setPendingTarget(target.fullPath);
  try {
    // Waku scrolls instantly itself; we scroll after paint (smoothly to a hash) instead.
    await push(target.fullPath, { scroll: false });
    await waitForPaint();
    scrollAfterNavigation(target.hash);
  } catch (err) {
    setPendingTarget(null);
    throw err;
  } finally {
    doneProgress();
  }
}

/** The page of `path` is on screen: the navigation to it is over. */
export function navigationSettled(path: string): void {
  const pending = currentNavigationTarget();
  if (pending && parseTarget(pending, window.location.origin).path === path) setPendingTarget(null);
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
      return clientNavigate(d.to);
    case 'proceed':
      return clientNavigate(d.to);
  }
}

function reportError(err: unknown): void {
  console.error(err);
  notify({ type: 'error', message: err instanceof Error ? err.message : String(err) });
}

/**
 * Programmatic navigation: `await navigate('/user/account/profile')`. Runs the checks, then an
 * in-app navigation (or a full page load when needed). Pass `{ external: true }` to allow an
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

/** How long a prefetched page may stand in for the real one (short: a write may follow the hover). */
export const PREFETCH_TTL_MS = 10_000;

/**
 * Fetches the RSC payload of an in-app link ahead (the pointer rests on it), through Waku's
 * router cache, when the checks would let the navigation proceed in the app.
 */
export async function prefetchNavigation(to: string): Promise<void> {
  const prefetch = boundPrefetch();
  if (!prefetch || boundUpdateChecker()?.isOutdated()) return;
  try {
    const d = await decide(to);
    const next = d.kind === 'proceed' ? d.to : d.kind === 'redirect' && !d.external ? d.to : null;
    if (!next) return;
    const target = parseTarget(next, window.location.origin);
    if (target.path === window.location.pathname && target.search === window.location.search) return;
    prefetch(target.fullPath, { ttl: PREFETCH_TTL_MS });
  } catch {
    // A prefetch is only a hint.
  }
}

/**
 * Renders the current page again from the server after data changed (Waku's `router.reload`: an
 * RSC request, client state and toasts stay), with the progress bar; a full reload before the
 * router is bound or once a newer build is known.
 */
export async function refreshPage(): Promise<void> {
  const reload = boundReload();
  if (!reload || boundUpdateChecker()?.isOutdated()) {
    documentLoad.reload();
    return;
  }
  startProgress();
  try {
    await reload();
  } finally {
    doneProgress();
  }
}
