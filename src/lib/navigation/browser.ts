/**
 * The browser half of the navigation runtime (not isomorphic; import from client code only).
 * This is its entry: client code imports from here, the parts live beside it.
 *
 * - `navigate(to)`: client navigation after the pre-navigation checks (pipeline.ts), with the
 *   progress bar, the full reload after a newer build was reported, and the scroll rules (spec §9: wait up to 100 ms for paint, then top of the page or a
 *   smooth scroll to the `#hash` target). client-navigate.ts, scroll.ts.
 * - progress bar: one bar, counted, shared by links and `navigate()`. progress.ts.
 * - in-app links are `<a data-nav>` rendered on the server (src/components/nav-anchor.tsx): one
 *   delegated listener and `aria-current`. nav-anchors.ts. (Waku's <Link> is not used: without it
 *   the entry chunk is 0.8 kB gzip smaller.)
 * - `installChunkReload()`: chunk-load recovery (chunk-guard.ts over chunk-reload.ts).
 * ClientRuntime (src/islands/client-runtime.tsx) binds Waku's `router.push` and the update
 * checker here once per page (bindings.ts, page-runtime.ts).
 */
export {
  bindReload,
  bindRouter,
  bindUpdateChecker,
  currentNavigationTarget,
  refreshPage,
  setManifestRules,
} from './bindings';
export { chunkGuard, installChunkReload } from './chunk-guard';
export { decide, hardNavigate, navigate, perform, showNavigationError } from './client-navigate';
export { installNavAnchors, markCurrentAnchors } from './nav-anchors';
export { currentBuildId, startClientRuntime } from './page-runtime';
export { doneProgress, startProgress } from './progress';
export { PAINT_WAIT_MS, scrollAfterNavigation, waitForPaint } from './scroll';
