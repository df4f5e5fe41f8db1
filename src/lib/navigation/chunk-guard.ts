/** This page's chunk-load recovery: the guard (chunk-reload.ts) wired to window and sessionStorage. */
import { currentNavigationTarget, documentLoad } from './bindings';
import { createChunkReloadGuard, isChunkLoadError } from './chunk-reload';

/** Waku's session marker for its own reload after a failed preload (waku/dist/lib/utils/ssr.js). */
export const WAKU_PRELOAD_MARKER = 'waku:preload-error-build-id';

/** The page's guard: reloads into the navigation in flight, or the current page. */
export const chunkGuard = createChunkReloadGuard({
  storage: () => (typeof sessionStorage === 'undefined' ? null : sessionStorage),
  now: () => Date.now(),
  reload: (target) => (target ? documentLoad.assign(target) : documentLoad.reload()),
});

/**
 * Listens for scripts that fail to load: a `<script type=module>` (its `error` event, caught in
 * the capture phase since it does not bubble), a dynamic import of a client component's chunk
 * (`vite:preloadError`, or the rejection). After a release the
 * old hashed files are gone; a reload brings the new document and its scripts, at most once in
 * 10 s. Returns the uninstall function.
 */
export function installChunkReload(target: Window = window, guard = chunkGuard): () => void {
  const reload = () => guard.tryReload(currentNavigationTarget() ?? undefined);
  const onRejection = (e: PromiseRejectionEvent) => {
    if (isChunkLoadError(e.reason) && reload()) e.preventDefault();
  };
  const onError = (e: Event) => {
    const el = e.target as Element | null;
    if (el && el !== (target as unknown) && el.localName === 'script' && (el as HTMLScriptElement).src) {
      reload();
      return;
    }
    if (e instanceof ErrorEvent && isChunkLoadError(e.error ?? e.message) && reload()) e.preventDefault();
  };
  // Vite's preload helper announces a chunk that failed to load. Until this runs, Waku's own inline
  // listener answers it (a reload of the current page, once per build id and session: it covers a
  // failed bootstrap). From here on the guard answers instead: into the navigation in flight, at
  // most once in 10 s. Waku's listener stands down when its session marker holds this build's id.
  const buildId = import.meta.env?.WAKU_BUILD_ID;
  if (buildId) {
    try {
      sessionStorage.setItem(WAKU_PRELOAD_MARKER, buildId);
    } catch {
      // No sessionStorage: Waku's listener cannot retry either.
    }
  }
  const onPreloadError = () => void reload();
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('error', onError, { capture: true });
  target.addEventListener('vite:preloadError', onPreloadError, { capture: true });
  return () => {
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('error', onError, { capture: true });
    target.removeEventListener('vite:preloadError', onPreloadError, { capture: true });
  };
}
