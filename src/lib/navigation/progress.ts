/**
 * The navigation progress bar, counted and shared by links and `navigate()`. Spec §9 settings:
 * starts at 0.08, moves in 200 ms steps, trickles up to 0.02 every 800 ms, no spinner; on done it
 * fills, then fades out over 200 ms and is removed. The markup is nprogress's
 * (`#nprogress > .bar > .peg`, styled in styles/base.css); the ~40 lines here replace the 1.7 kB
 * gzip library on every page (#15).
 */
const MINIMUM = 0.08;
const SPEED = 200;
const TRICKLE_MS = 800;
const TRICKLE_RATE = 0.02;
const MAXIMUM = 0.994;

let inFlight = 0;
let status = 0;
let root: HTMLElement | null = null;
let trickle: ReturnType<typeof setInterval> | undefined;
let fading: ReturnType<typeof setTimeout> | undefined;

function move(n: number): void {
  status = n;
  // Also when something took it out of the document (nprogress looked it up each time too).
  if (!root?.isConnected) {
    root = document.createElement('div');
    root.id = 'nprogress';
    root.innerHTML = '<div class="bar"><div class="peg"></div></div>';
    (root.firstChild as HTMLElement).style.transform = 'translate3d(-100%,0,0)';
    document.body.append(root);
    void root.offsetWidth; // lay out the start position so the first move is animated
  }
  root.style.transition = '';
  root.style.opacity = '1';
  const bar = root.firstChild as HTMLElement;
  bar.style.transition = `all ${SPEED}ms ease`;
  bar.style.transform = `translate3d(${(n - 1) * 100}%,0,0)`;
}

/** Shows the bar, or keeps it up for one more navigation. */
export function startProgress(): void {
  inFlight += 1;
  if (inFlight !== 1) return;
  clearTimeout(fading);
  move(Math.max(status, MINIMUM));
  trickle = setInterval(() => move(Math.min(status + Math.random() * TRICKLE_RATE, MAXIMUM)), TRICKLE_MS);
}

/** Ends one navigation; the bar completes when the last one is done. */
export function doneProgress(): void {
  if (inFlight === 0) return;
  inFlight -= 1;
  if (inFlight !== 0) return;
  clearInterval(trickle);
  move(1);
  status = 0;
  fading = setTimeout(() => {
    if (root) {
      root.style.transition = `all ${SPEED}ms linear`;
      root.style.opacity = '0';
    }
    fading = setTimeout(() => {
      root?.remove();
      root = null;
    }, SPEED);
  }, SPEED);
}

/** Drops every pending navigation and hides the bar at once (a page restored from the back-forward cache). */
export function resetProgress(): void {
  inFlight = 0;
  status = 0;
  clearInterval(trickle);
  clearTimeout(fading);
  root?.remove();
  root = null;
}
