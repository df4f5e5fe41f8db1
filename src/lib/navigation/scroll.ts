/** Scrolling after a client navigation (spec §9): wait for paint, then the `#hash` target or the top. */

/** Longest wait for the new page's paint before scrolling anyway. */
export const PAINT_WAIT_MS = 100;

/** Resolves on the next paint, or after `max` ms if no frame comes (background tab). */
export function waitForPaint(max = PAINT_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, max);
    const raf = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : null;
    if (!raf) return;
    raf(() =>
      raf(() => {
        clearTimeout(t);
        resolve();
      }),
    );
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
