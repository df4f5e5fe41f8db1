/**
 * `<html data-nav-ready="true">` once the page works: the page runtime ran and every top-level
 * island boundary is hydrated. End-to-end tests wait for it before they click; a page whose
 * island script failed never gets it.
 */
import { ISLAND_TAG } from './tag';

/** Sets the ready mark when no top-level boundary in `doc` waits for its script any more. */
export function islandSettled(doc: Document): boolean {
  for (const el of doc.querySelectorAll<HTMLElement>(`${ISLAND_TAG}:not([data-hydrated])`)) {
    if (!el.parentElement?.closest(ISLAND_TAG)) return false;
  }
  if (!doc.documentElement.dataset.pageRuntime) return false;
  doc.documentElement.dataset.navReady = 'true';
  return true;
}
