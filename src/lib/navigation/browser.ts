/**
 * The browser half of the navigation runtime (not isomorphic; import from client code only).
 * This is its entry: client code imports from here, the parts live beside it.
 *
 * - `navigate(to)`: the pre-navigation checks (pipeline.ts), then the next document with the
 *   progress bar; a same-page `#hash` scrolls smoothly (spec §9). client-navigate.ts, scroll.ts.
 * - `refreshPage()`: loads the page again after a write; toasts on screen go along (bindings.ts).
 * - progress bar: one bar, counted, shared by links and `navigate()`. progress.ts.
 * - in-app links are `<a data-nav>` rendered on the server (src/components/nav-anchor.tsx): one
 *   delegated listener. nav-anchors.ts.
 * - `installChunkReload()`: a script that fails to load reloads the page (chunk-guard.ts over
 *   chunk-reload.ts).
 * The page script (src/lib/page-script) installs all of it once per page.
 */
export { carryToasts, settleOnPageShow, currentNavigationTarget, documentLoad, refreshPage, restoreCarriedToasts } from './bindings';
export { chunkGuard, installChunkReload } from './chunk-guard';
export { decide, hardNavigate, navigate, perform, showNavigationError } from './client-navigate';
export { installNavAnchors } from './nav-anchors';
export { doneProgress, resetProgress, startProgress } from './progress';
export { scrollAfterNavigation } from './scroll';
