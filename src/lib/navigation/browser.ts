/**
 * The browser half of the navigation runtime (not isomorphic; import from client code only).
 * This is its entry: client code imports from here, the parts live beside it.
 *
 * - `navigate(to)`: the pre-navigation checks (pipeline.ts), then an in-app navigation on Waku's
 *   router with the progress bar, or a full page load after a newer build was reported; scroll
 *   rules of spec §9. client-navigate.ts, scroll.ts.
 * - `refreshPage()`: the current page again from the server after a write (`router.reload`).
 * - progress bar: nprogress, counted, shared by links and `navigate()`. progress.ts.
 * - in-app links are `<a data-nav>` rendered on the server (src/ui/nav-anchor.tsx): one
 *   delegated listener and `aria-current`. nav-anchors.ts.
 * - `installChunkReload()`: chunk-load recovery (chunk-guard.ts over chunk-reload.ts).
 * - the hourly build check (update-check.ts).
 * ClientRuntime (src/ui/client-runtime.tsx) binds Waku's router and starts all of it once
 * per page (bindings.ts, page-runtime.ts).
 */
export {
  bindPrefetch,
  bindReload,
  bindRouter,
  bindUpdateChecker,
  currentNavigationTarget,
  documentLoad,
  setManifestRules,
} from './bindings';
export { chunkGuard, installChunkReload } from './chunk-guard';
export {
  decide,
  hardNavigate,
  navigate,
  navigationSettled,
  perform,
  prefetchNavigation,
  refreshPage,
  showNavigationError,
} from './client-navigate';
export { installNavAnchors, markCurrentAnchors } from './nav-anchors';
export { currentBuildId, startClientRuntime } from './page-runtime';
export { doneProgress, resetProgress, startProgress } from './progress';
export { PAINT_WAIT_MS, scrollAfterNavigation, waitForPaint } from './scroll';
