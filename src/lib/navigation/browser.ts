/**
 * The browser half of the navigation runtime (not isomorphic; import from client code only).
 *
 * - `navigate(to)`: programmatic navigation with the same pre-navigation checks as a NavLink
 *   click (pipeline.ts), the progress bar, the full reload after a newer build was reported,
 *   and the scroll rules (spec §9: wait up to 100 ms for paint, then top of the page or a
 *   smooth scroll to the `#hash` target).
 * - `handleLinkClick(to, event)`: the same checks for NavLink; leaves plain in-app navigations
 *   to Waku's <Link> (its pending status drives the bar).
 * - progress bar: one nprogress instance, counted, shared by links and `navigate()`.
 * - `installChunkReload()`: chunk-load recovery (chunk-reload.ts).
 * ClientRuntime (src/islands/client-runtime.tsx) binds Waku's `router.push` and the update
 * checker here once per page.
 */
import NProgress from 'nprogress';
import { notify } from '~/lib/notify';
import { createChunkReloadGuard, isChunkLoadError } from './chunk-reload';
import { navMessage, type NavMessageKey } from './messages';
import { resolveNavigation, type NavigationDecision } from './pipeline';
import type { RouteRules } from './rules';
import { parseTarget } from './target';
import { createUpdateChecker, type UpdateChecker } from './update-check';

NProgress.configure({ minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false });
// nprogress 0.2 reads `trickleRate` (the typings only know the newer name).
(NProgress.settings as unknown as { trickleRate: number }).trickleRate = 0.02;

export const PAINT_WAIT_MS = 100;

/** The build this page runs: Waku defines `import.meta.env.WAKU_BUILD_ID` in every bundle ('dev' in dev). */
export function currentBuildId(): string {
  try {
    return import.meta.env?.WAKU_BUILD_ID ?? '';
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------- progress bar
let inFlight = 0;
export function startProgress(): void {
  inFlight += 1;
  if (inFlight === 1) NProgress.start();
}
export function doneProgress(): void {
  if (inFlight === 0) return;
  inFlight -= 1;
  if (inFlight === 0) NProgress.done();
}

// ---------------------------------------------------------------- bindings
type Push = (to: string, options?: { scroll?: boolean }) => Promise<void>;
let push: Push | null = null;
let checker: UpdateChecker | null = null;
let rules: RouteRules | undefined;
let pendingTarget: string | null = null;

/** ClientRuntime hands Waku's `router.push` over; returns the unbind function. */
export function bindRouter(fn: Push): () => void {
  push = fn;
  return () => {
    if (push === fn) push = null;
  };
}
let reload: (() => Promise<void> | void) | null = null;
/** ClientRuntime hands Waku's `router.reload` over (re-render the current route from the server). */
export function bindReload(fn: () => Promise<void> | void): () => void {
  reload = fn;
  return () => {
    if (reload === fn) reload = null;
  };
}
/** Re-render the current page from the server after data changed; a full reload without a router. */
export async function refreshPage(): Promise<void> {
  if (reload) await reload();
  else window.location.reload();
}
export function bindUpdateChecker(c: UpdateChecker | null): void {
  checker = c;
}
/** Route rules from the build manifest (`/builds/meta/{id}.json`); undefined = the bundled table. */
export function setManifestRules(r: RouteRules | undefined): void {
  rules = r;
}
/** The in-app navigation in flight, if any (a chunk failure reloads into it). */
export const currentNavigationTarget = () => pendingTarget;

// ---------------------------------------------------------------- messages
function locale(): string {
  return typeof document !== 'undefined' ? document.documentElement.lang : 'zh-cn';
}
export function showNavigationError(key: NavMessageKey, params?: Record<string, string>): string {
  const message = navMessage(locale(), key, params);
  notify({ type: 'error', message });
  return message;
}

// ---------------------------------------------------------------- the checks
export function decide(to: string, opts: { external?: boolean } = {}) {
  return resolveNavigation(to, {
    side: 'client',
    origin: window.location.origin,
    from: window.location.href,
    external: opts.external,
    rules,
  });
}

/** Full page load (external targets, a newer build, a middleware's request). */
export function hardNavigate(to: string): void {
  window.location.assign(to);
}

/** Resolves on the next paint, or after `max` ms if no frame comes (background tab). */
export function waitForPaint(max = PAINT_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, max);
    const raf = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : null;
    if (!raf) return;
    raf(() => raf(() => {
      clearTimeout(t);
      resolve();
    }));
  });
}

function hashElement(hash: string): Element | null {
  const raw = hash.slice(1);
  if (!raw) return null;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    /* keep raw */
  }
  return document.getElementById(decoded) ?? document.getElementById(raw) ?? document.querySelector(`a[name="${CSS.escape(decoded)}"]`);
}

/** After a navigation: smooth scroll to the hash target if there is one, else the top of the page. */
export function scrollAfterNavigation(hash: string): void {
  const el = hash ? hashElement(hash) : null;
  if (el) el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  else window.scrollTo({ top: 0, left: 0 });
}

async function clientNavigate(to: string): Promise<void> {
  if (!push) return hardNavigate(to);
  const { hash } = parseTarget(to, window.location.origin);
  startProgress();
  pendingTarget = to;
  try {
    // Waku scrolls instantly itself; with a hash we take over to scroll smoothly after paint.
    await push(to, hash ? { scroll: false } : undefined);
    await waitForPaint();
    scrollAfterNavigation(hash);
  } finally {
    pendingTarget = null;
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
      return checker?.isOutdated() ? hardNavigate(d.to) : clientNavigate(d.to);
    case 'proceed':
      return checker?.isOutdated() ? hardNavigate(d.to) : clientNavigate(d.to);
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

type ClickLike = Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented' | 'preventDefault'>;
const isModifiedClick = (e: ClickLike) => e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey;

/**
 * NavLink's click handler, run before Waku's <Link> handles the click. Returns true when the
 * link may go ahead on its own (a plain in-app navigation: Link's pending status drives the
 * bar and Waku scrolls to the top); otherwise it prevents the default and acts itself.
 * Modified clicks (new tab/window) are left to the browser: that load passes the server checks.
 */
export function handleLinkClick(to: string, e: ClickLike): boolean {
  if (e.defaultPrevented || isModifiedClick(e)) return true;
  let d: ReturnType<typeof decide>;
  try {
    d = decide(to);
  } catch (err) {
    e.preventDefault();
    reportError(err);
    return false;
  }
  if (d instanceof Promise) {
    e.preventDefault();
    d.then(perform).catch(reportError);
    return false;
  }
  const plain = d.kind === 'proceed' && !d.redirected && !checker?.isOutdated() && !parseTarget(to, window.location.origin).hash;
  if (plain) return true;
  e.preventDefault();
  perform(d).catch(reportError);
  return false;
}

// ---------------------------------------------------------------- chunk-load recovery
export const chunkGuard = createChunkReloadGuard({
  storage: () => (typeof sessionStorage === 'undefined' ? null : sessionStorage),
  now: () => Date.now(),
  reload: (target) => (target ? window.location.assign(target) : window.location.reload()),
});

/**
 * Listens for failed chunk loads. Our `vite:preloadError` listener is a capture listener on
 * window, so it runs before Waku's inline one (registered without capture) and stops it: the
 * 10 s guard decides. Only the very first bootstrap import, before this code exists, is left to
 * Waku's own handler (one reload per build id). Returns the uninstall function.
 */
export function installChunkReload(target: Window = window, guard = chunkGuard): () => void {
  const onPreload = (e: Event) => {
    e.stopImmediatePropagation();
    if (guard.tryReload(pendingTarget ?? undefined)) e.preventDefault();
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    if (isChunkLoadError(e.reason) && guard.tryReload(pendingTarget ?? undefined)) e.preventDefault();
  };
  const onError = (e: ErrorEvent) => {
    if (isChunkLoadError(e.error ?? e.message) && guard.tryReload(pendingTarget ?? undefined)) e.preventDefault();
  };
  target.addEventListener('vite:preloadError', onPreload, { capture: true });
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('error', onError);
  return () => {
    target.removeEventListener('vite:preloadError', onPreload, { capture: true });
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('error', onError);
  };
}

// ---------------------------------------------------------------- page-lifetime runtime
let started = false;

/**
 * Starts the update checks and chunk-load recovery once per page (idempotent: the root layout
 * may remount on navigation, and restarting would reset the hourly poll). Also publishes the
 * e2e hooks `html[data-nav-ready]` and `window.__portalNav`.
 */
export function startClientRuntime(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  installChunkReload(window);
  const c = createUpdateChecker({
    currentId: currentBuildId(),
    fetch: (url, init) => window.fetch(url, init),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearTimeout: (h) => window.clearTimeout(h as number),
    clearInterval: (h) => window.clearInterval(h as number),
    now: () => Date.now(),
    onManifest: (m) => setManifestRules(m.matcher.rules),
    onOutdated: () => {
      document.documentElement.dataset.buildStatus = 'outdated';
    },
  });
  bindUpdateChecker(c);
  c.start();
  document.documentElement.dataset.navReady = 'true';
  (window as unknown as { __portalNav?: unknown }).__portalNav = {
    navigate,
    buildId: c.currentId,
    latestId: () => c.latestId(),
    checkForUpdate: () => c.checkNow(),
  };
}
