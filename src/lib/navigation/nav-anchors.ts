/**
 * Server-rendered links that navigate in the app: `<a data-nav="" | "prefix" | "none" href>`
 * (src/ui/nav-anchor.tsx), every in-app link of the portal (no island per link, also inside
 * static regions). One delegated listener gives them the pre-navigation checks, progress bar and
 * scroll rules of `navigate()`, a prefetch through Waku's router when the pointer rests on them,
 * and `aria-current` kept right after client navigations. `data-menu-type="unknown"` entries show spec §2's message and go nowhere.
 */
import { navigate, prefetchNavigation, showNavigationError } from './client-navigate';
import { isCurrentLink, type LinkMatch } from './current';

/** Installs the click listener on `doc`; returns the function that removes it. */
export function installNavAnchors(doc: Document): () => void {
  // A mouse pointer resting on a link for a moment fetches its page ahead (Waku's router cache).
  let hover: { a: Element; timer: ReturnType<typeof setTimeout> } | null = null;
  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-nav]');
    if (!a) return;
    if (a.dataset.menuType === 'unknown') {
      e.preventDefault();
      showNavigationError('menuTypeUnrecognized');
      return;
    }
    const href = a.getAttribute('href');
    if (!href || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
    e.preventDefault();
    if (hover) clearTimeout(hover.timer);
    void navigate(href);
  };
  const onOver = (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    const a = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-nav]');
    if (!a || a === hover?.a) return;
    if (hover) clearTimeout(hover.timer);
    hover = null;
    const href = a.getAttribute('href');
    if (!href || a.dataset.menuType === 'unknown' || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
    hover = { a, timer: setTimeout(() => void prefetchNavigation(href), HOVER_PREFETCH_MS) };
  };
  const onOut = (e: PointerEvent) => {
    if (!hover || (e.relatedTarget instanceof Node && hover.a.contains(e.relatedTarget))) return;
    clearTimeout(hover.timer);
    hover = null;
  };
  doc.addEventListener('click', onClick);
  doc.addEventListener('pointerover', onOver);
  doc.addEventListener('pointerout', onOut);
  return () => {
    doc.removeEventListener('click', onClick);
    doc.removeEventListener('pointerover', onOver);
    doc.removeEventListener('pointerout', onOut);
    if (hover) clearTimeout(hover.timer);
  };
}

/** How long the pointer rests on a link before its page is fetched ahead. */
export const HOVER_PREFETCH_MS = 80;

/** Sets `aria-current="page"` on the `a[data-nav]` links of `path` and removes it from the others. */
export function markCurrentAnchors(doc: Document, path: string): void {
  for (const a of doc.querySelectorAll<HTMLAnchorElement>('a[data-nav]')) {
    const current = isCurrentLink(path, a.getAttribute('href') ?? '', (a.dataset.nav || 'exact') as LinkMatch);
    if (current) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}
