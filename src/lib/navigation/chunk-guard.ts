/** This page's chunk-load recovery: the guard (chunk-reload.ts) wired to window and sessionStorage. */
import { currentNavigationTarget, documentLoad } from './bindings';
import { createChunkReloadGuard, isChunkLoadError } from './chunk-reload';

/** The page's guard: reloads into the navigation in flight, or the current page. */
export const chunkGuard = createChunkReloadGuard({
  storage: () => (typeof sessionStorage === 'undefined' ? null : sessionStorage),
  now: () => Date.now(),
  reload: (target) => (target ? documentLoad.assign(target) : documentLoad.reload()),
});

/**
 * Listens for scripts that fail to load: an island's `<script type=module>` (its `error` event,
 * caught in the capture phase since it does not bubble) or a dynamic import. After a release the
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
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('error', onError, { capture: true });
  return () => {
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('error', onError, { capture: true });
  };
}
