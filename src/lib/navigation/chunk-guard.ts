/** This page's chunk-load recovery: the guard (chunk-reload.ts) wired to window and sessionStorage. */
import { currentNavigationTarget } from './bindings';
import { createChunkReloadGuard, isChunkLoadError } from './chunk-reload';

/** The page's guard: reloads into the navigation in flight, or the current page. */
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
    if (guard.tryReload(currentNavigationTarget() ?? undefined)) e.preventDefault();
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    if (isChunkLoadError(e.reason) && guard.tryReload(currentNavigationTarget() ?? undefined)) e.preventDefault();
  };
  const onError = (e: ErrorEvent) => {
    if (isChunkLoadError(e.error ?? e.message) && guard.tryReload(currentNavigationTarget() ?? undefined)) e.preventDefault();
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
