/**
 * The navigation progress bar (spec §9): one nprogress instance, counted, shared by links,
 * `navigate()` and `refreshPage()`: it runs while an in-app navigation's RSC request is pending.
 * Settings: minimum 0.08, 200 ms steps, trickles 0.02 every 800 ms, no spinner. The markup is
 * nprogress's own (`#nprogress > .bar > .peg`, styled in styles/base.css).
 */
import NProgress from 'nprogress';

NProgress.configure({ minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false });
// nprogress 0.2 reads `trickleRate` (the typings only know the newer name).
(NProgress.settings as unknown as { trickleRate: number }).trickleRate = 0.02;

let inFlight = 0;

/** Shows the bar, or keeps it up for one more navigation. */
export function startProgress(): void {
  inFlight += 1;
  if (inFlight === 1) NProgress.start();
}

/** Ends one navigation; the bar completes when the last one is done. */
export function doneProgress(): void {
  if (inFlight === 0) return;
  inFlight -= 1;
  if (inFlight === 0) NProgress.done();
}

/** Drops every pending navigation and hides the bar at once (tests, a page restored from the back-forward cache). */
export function resetProgress(): void {
  inFlight = 0;
  NProgress.remove();
  NProgress.status = null;
}
