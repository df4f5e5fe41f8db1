/** Scrolling for an in-page navigation (spec §9): the `#hash` target smoothly, or the top. */

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
