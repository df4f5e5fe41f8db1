/**
 * `<html data-nav-ready="true">` once the page works: the page script ran, every top-level island
 * boundary is hydrated and every behaviour element enhanced. End-to-end tests wait for it before
 * they click; a page whose script failed to load never gets it.
 */
import { ISLAND_TAG } from './tag';

/** Sets the ready mark when nothing in `doc` waits for its script any more; returns whether it did. */
export function pageSettled(doc: Document): boolean {
  if (!doc.documentElement.dataset.pageRuntime) return false;
  if (doc.querySelector('[data-behaviour]:not([data-enhanced])')) return false;
  for (const el of doc.querySelectorAll<HTMLElement>(`${ISLAND_TAG}:not([data-hydrated])`)) {
    if (!el.parentElement?.closest(ISLAND_TAG)) return false;
  }
  doc.documentElement.dataset.navReady = 'true';
  return true;
}
