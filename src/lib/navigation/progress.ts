/** The navigation progress bar: one nprogress instance, counted, shared by links and `navigate()`. */
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
